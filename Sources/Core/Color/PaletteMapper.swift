/// Maps RGBA pixels to a palette's indices: each to its nearest colour (squared RGB distance),
/// with Floyd–Steinberg error diffusion when dithering, and pixels under the alpha cutoff to the
/// transparent index. Nearest colours are remembered per 18-bit colour cell, so a picture costs a
/// palette search only for the cells it uses.
public struct PaletteMapper: Sendable {
    /// The palette, 3 bytes a colour.
    public let palette: [UInt8]
    private var cache: [Int16]

    /// Creates a mapper for `palette` (3 bytes a colour, at most 256 colours).
    public init(palette: [UInt8]) {
        self.palette = palette
        cache = [Int16](repeating: -1, count: 1 << 18)
    }

    /// The index nearest `(r, g, b)`, by the centre of its 6-bit-a-channel cell.
    @inline(__always)
    private mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        let known = cache[key]
        if known >= 0 { return Int(known) }
        let cr = (r & ~3) | 2
        let cg = (g & ~3) | 2
        let cb = (b & ~3) | 2
        var best = 0
        var distance = Int.max
        var index = 0
        var i = 0
        while i + 2 < palette.count {
            let dr = Int(palette[i]) - cr
            let dg = Int(palette[i + 1]) - cg
            let db = Int(palette[i + 2]) - cb
            let d = dr * dr + dg * dg + db * db
            if d < distance {
                distance = d
                best = index
            }
            index += 1
            i += 3
        }
        cache[key] = Int16(best)
        return best
    }

    /// The indices of a `width`×`height` 8-bit RGBA picture. Pixels with alpha under
    /// `alphaCutoff` get `transparentIndex` (when there is one; else their colour's index).
    public mutating func indices(
        of rgba: [UInt8], width: Int, height: Int, dithers: Bool, alphaCutoff: Int, transparentIndex: Int?
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        // Error carried to this row and the next, per channel, in 1/16 units; a column spare on each side.
        var current = [Int32](repeating: 0, count: (width + 2) * 3)
        var next = [Int32](repeating: 0, count: (width + 2) * 3)
        let cutoff = UInt8(clamping: alphaCutoff)
        let transparent = transparentIndex.map { UInt8($0) }
        let palette = self.palette
        rgba.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                palette.withUnsafeBufferPointer { palette in
                    for y in 0..<height {
                        current.withUnsafeMutableBufferPointer { current in
                            next.withUnsafeMutableBufferPointer { next in
                                for x in 0..<width {
                                    let at = (y * width + x) * 4
                                    if pixels[at + 3] < cutoff, let transparent {
                                        out[y * width + x] = transparent
                                        continue
                                    }
                                    var r = Int32(pixels[at])
                                    var g = Int32(pixels[at + 1])
                                    var b = Int32(pixels[at + 2])
                                    let e = (x + 1) * 3
                                    if dithers {
                                        r = Swift.max(0, Swift.min(255, r + (current[e] + 8) >> 4))
                                        g = Swift.max(0, Swift.min(255, g + (current[e + 1] + 8) >> 4))
                                        b = Swift.max(0, Swift.min(255, b + (current[e + 2] + 8) >> 4))
                                    }
                                    let index = nearest(Int(r), Int(g), Int(b))
                                    out[y * width + x] = UInt8(index)
                                    guard dithers else { continue }
                                    let er = r - Int32(palette[index * 3])
                                    let eg = g - Int32(palette[index * 3 + 1])
                                    let eb = b - Int32(palette[index * 3 + 2])
                                    current[e + 3] += er * 7
                                    current[e + 4] += eg * 7
                                    current[e + 5] += eb * 7
                                    next[e - 3] += er * 3
                                    next[e - 2] += eg * 3
                                    next[e - 1] += eb * 3
                                    next[e] += er * 5
                                    next[e + 1] += eg * 5
                                    next[e + 2] += eb * 5
                                    next[e + 3] += er
                                    next[e + 4] += eg
                                    next[e + 5] += eb
                                }
                            }
                        }
                        swap(&current, &next)
                        next.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                    }
                }
            }
        }
        return out
    }
}
