/// The smallest lossless PNG layout for an image's content, found by one scan.
struct PNGEncodingPlan {
    var colorType: PNGHeader.ColorType
    var bitDepth: Int
    /// Source channel indices written per pixel (for non-palette types).
    var channelMap: [Int]
    /// For 16-bit sources written at 8 bits: every sample is v × 257, so the high byte is exact.
    var reducesTo8: Bool
    var table: PNGColorTable?

    /// Scans `image` (straight alpha) and picks colour type and bit depth.
    static func plan(for image: Image, allowsPalette: Bool) -> PNGEncodingPlan {
        let layout = image.layout
        let channels = layout.channelCount
        var opaque = true
        var gray = true
        var fits8 = image.depth == .eight
        var table: PNGColorTable? = allowsPalette ? PNGColorTable() : nil
        var grayDepth = 8
        switch image.storage {
        case .eight(let samples):
            samples.withUnsafeBufferPointer { s in
                var p = 0
                while p < s.count {
                    if layout.hasAlpha && s[p + channels - 1] != 255 { opaque = false }
                    if layout.isColor && gray && (s[p] != s[p + 1] || s[p] != s[p + 2]) { gray = false }
                    if table != nil {
                        let r = UInt32(s[p])
                        let g = layout.isColor ? UInt32(s[p + 1]) : r
                        let b = layout.isColor ? UInt32(s[p + 2]) : r
                        let a = layout.hasAlpha ? UInt32(s[p + channels - 1]) : 255
                        if !table!.insert(r << 24 | g << 16 | b << 8 | a) { table = nil }
                    }
                    p += channels
                    // Nothing left to learn: colour, too many colours, and alpha settled.
                    if !gray && table == nil && (!layout.hasAlpha || !opaque) { break }
                }
                if gray { grayDepth = Self.grayDepth(s, channels: channels) }
            }
        case .sixteen(let samples):
            fits8 = true
            table = nil
            samples.withUnsafeBufferPointer { s in
                var p = 0
                while p < s.count {
                    for c in 0..<channels where s[p + c] >> 8 != s[p + c] & 0xFF { fits8 = false }
                    if layout.hasAlpha && s[p + channels - 1] != 65535 { opaque = false }
                    if layout.isColor && gray && (s[p] != s[p + 1] || s[p] != s[p + 2]) { gray = false }
                    p += channels
                    if !fits8 && !gray && (!layout.hasAlpha || !opaque) { break }
                }
            }
        }
        let keepAlpha = layout.hasAlpha && (!opaque || image.metadata.hints.keepsAlphaChannel)
        let alphaIndex = channels - 1
        let colorType: PNGHeader.ColorType
        let map: [Int]
        switch (gray, keepAlpha) {
        case (true, false):
            colorType = .gray
            map = [0]
        case (true, true):
            colorType = .grayAlpha
            map = [0, alphaIndex]
        case (false, false):
            colorType = .rgb
            map = [0, 1, 2]
        case (false, true):
            colorType = .rgba
            map = [0, 1, 2, alphaIndex]
        }
        var plan = PNGEncodingPlan(
            colorType: colorType, bitDepth: fits8 ? 8 : 16, channelMap: map,
            reducesTo8: image.depth == .sixteen && fits8, table: nil)
        if colorType == .gray && image.depth == .eight { plan.bitDepth = grayDepth }
        // A palette pays off for colour images (gray is already one byte per pixel).
        // (A palette of opaque colours has no tRNS, so it cannot keep an alpha channel asked for.)
        if var table, !gray || keepAlpha, image.depth == .eight, !(opaque && image.metadata.hints.keepsAlphaChannel) {
            table.sortTranslucentFirst()
            plan.colorType = .palette
            plan.bitDepth = table.colors.count <= 2 ? 1 : table.colors.count <= 4 ? 2 : table.colors.count <= 16 ? 4 : 8
            plan.table = table
        }
        return plan
    }

    /// The smallest gray bit depth (1, 2, 4 or 8) that holds every gray sample exactly.
    private static func grayDepth(_ s: UnsafeBufferPointer<UInt8>, channels: Int) -> Int {
        var depth = 1
        var p = 0
        while p < s.count {
            let v = s[p]
            if v % 17 != 0 { return 8 }
            if v % 85 != 0 { depth = 4 } else if v % 255 != 0 && depth < 2 { depth = 2 }
            p += channels
        }
        return depth
    }
}
