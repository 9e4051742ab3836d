/// Adaptive filter choice for encoding: each row is filtered with all five filters
/// and the one with the smallest sum of absolute (signed) bytes wins, the
/// heuristic the PNG specification recommends.
struct PNGRowFilter {
    private var candidates: [UInt8]
    private let rowBytes: Int
    private let bpp: Int

    init(rowBytes: Int, bpp: Int) {
        self.rowBytes = rowBytes
        self.bpp = bpp
        candidates = [UInt8](repeating: 0, count: 5 * (rowBytes + 1))
    }

    /// Filters `row` against `previous` and hands the chosen filtered row (type byte first) to `body`.
    mutating func filter(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, adaptive: Bool,
        body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        let n = rowBytes
        let bpp = self.bpp
        try candidates.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            guard adaptive else {
                base[0] = 0
                (base + 1).update(from: row, count: n)
                try body(UnsafeBufferPointer(start: base, count: n + 1))
                return
            }
            var best = 0
            var bestScore = Int.max
            for type in 0..<5 {
                let out = base + type * (n + 1)
                out[0] = UInt8(type)
                let o = out + 1
                var score = 0
                switch type {
                case 0:
                    for i in 0..<n { o[i] = row[i] }
                case 1:
                    for i in 0..<min(bpp, n) { o[i] = row[i] }
                    var i = bpp
                    while i < n {
                        o[i] = row[i] &- row[i - bpp]
                        i += 1
                    }
                case 2:
                    for i in 0..<n { o[i] = row[i] &- previous[i] }
                case 3:
                    for i in 0..<min(bpp, n) { o[i] = row[i] &- (previous[i] >> 1) }
                    var i = bpp
                    while i < n {
                        o[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i - bpp]) + UInt16(previous[i])) >> 1)
                        i += 1
                    }
                default:
                    for i in 0..<min(bpp, n) { o[i] = row[i] &- previous[i] }
                    var i = bpp
                    while i < n {
                        o[i] = row[i] &- PNGFilter.paethPredictor(row[i - bpp], previous[i], previous[i - bpp])
                        i += 1
                    }
                }
                for i in 0..<n { score &+= Int(Int8(bitPattern: o[i]).magnitude) }
                if score < bestScore {
                    bestScore = score
                    best = type
                }
            }
            try body(UnsafeBufferPointer(start: base + best * (n + 1), count: n + 1))
        }
    }
}
