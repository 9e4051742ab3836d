/// Writes one image row in the file layout a ``PNGEncodingPlan`` chose (unfiltered bytes).
///
/// `image` may be a band of a larger image: `firstRow` is the whole-image index of its first row,
/// and rows are named by their whole-image index.
struct PNGRowPacker: Sendable {
    let image: Image
    let plan: PNGEncodingPlan
    var firstRow = 0

    func pack(row wholeImageRow: Int, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        let y = wholeImageRow - firstRow
        precondition(y >= 0 && y < image.height, "row outside the packed band")
        let channels = image.layout.channelCount
        let width = image.width
        let map = plan.channelMap
        switch image.storage {
        case .eight(let samples):
            samples.withUnsafeBufferPointer { s in
                let row = s.baseAddress! + y * width * channels
                if let table = plan.table {
                    packIndices(count: count, out: out) { x in
                        let p = row + x * channels
                        let r = UInt32(p[0])
                        let g = image.layout.isColor ? UInt32(p[1]) : r
                        let b = image.layout.isColor ? UInt32(p[2]) : r
                        let a = image.layout.hasAlpha ? UInt32(p[channels - 1]) : 255
                        return table.index(of: r << 24 | g << 16 | b << 8 | a)
                    }
                } else if plan.bitDepth < 8 {
                    let divisor = UInt8(255 / ((1 << plan.bitDepth) - 1))
                    packIndices(count: count, out: out) { x in row[x * channels] / divisor }
                } else if map.count == channels {
                    out.update(from: row, count: width * channels)
                } else {
                    var o = out
                    for x in 0..<width {
                        let p = row + x * channels
                        for c in map {
                            o.pointee = p[c]
                            o += 1
                        }
                    }
                }
            }
        case .sixteen(let samples):
            samples.withUnsafeBufferPointer { s in
                let row = s.baseAddress! + y * width * channels
                var o = out
                for x in 0..<width {
                    let p = row + x * channels
                    for c in map {
                        let value = p[c]
                        if plan.reducesTo8 {
                            o.pointee = UInt8(value >> 8)
                            o += 1
                        } else {
                            o[0] = UInt8(value >> 8)
                            o[1] = UInt8(value & 0xFF)
                            o += 2
                        }
                    }
                }
            }
        }
    }

    /// Packs per-pixel values of `plan.bitDepth` bits, most significant first.
    private func packIndices(count: Int, out: UnsafeMutablePointer<UInt8>, value: (Int) -> UInt8) {
        let depth = plan.bitDepth
        if depth == 8 {
            for x in 0..<image.width { out[x] = value(x) }
            return
        }
        out.update(repeating: 0, count: count)
        for x in 0..<image.width {
            let bit = x * depth
            out[bit >> 3] |= value(x) << UInt8(8 - depth - (bit & 7))
        }
    }
}
