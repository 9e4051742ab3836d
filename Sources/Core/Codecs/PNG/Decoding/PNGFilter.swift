/// PNG filter type 0–4 and the unfiltering arithmetic (a small audited hot loop).
enum PNGFilter: UInt8, CaseIterable {
    case none = 0
    case sub, up, average, paeth

    /// Reverses this filter in place on `row` (`count` bytes), given the previous
    /// unfiltered row `previous` (all zeros for the first row of a pass) and the
    /// filter stride `bpp` (bytes per complete pixel, at least 1).
    @inline(__always)
    func unfilter(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bpp: Int) {
        switch self {
        case .none:
            return
        case .sub:
            var i = bpp
            while i < count {
                row[i] &+= row[i - bpp]
                i += 1
            }
        case .up:
            for i in 0..<count { row[i] &+= previous[i] }
        case .average:
            for i in 0..<min(bpp, count) { row[i] &+= previous[i] >> 1 }
            var i = bpp
            while i < count {
                row[i] &+= UInt8(truncatingIfNeeded: (UInt16(row[i - bpp]) + UInt16(previous[i])) >> 1)
                i += 1
            }
        case .paeth:
            for i in 0..<min(bpp, count) { row[i] &+= previous[i] }
            var i = bpp
            while i < count {
                row[i] &+= Self.paethPredictor(row[i - bpp], previous[i], previous[i - bpp])
                i += 1
            }
        }
    }

    /// The Paeth predictor of the specification, branch-light.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int16(a)
        let ib = Int16(b)
        let ic = Int16(c)
        let pa = abs(ib - ic)
        let pb = abs(ia - ic)
        let pc = abs(ia + ib - 2 * ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
