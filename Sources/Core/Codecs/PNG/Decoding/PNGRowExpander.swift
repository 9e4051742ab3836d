/// Turns one unfiltered PNG row into samples of the output ``PixelLayout``:
/// unpacks 1/2/4-bit samples (scaled to 8 bits), looks up palettes, applies
/// `tRNS`, and converts 16-bit big-endian samples to host order.
struct PNGRowExpander {
    let header: PNGHeader
    let palette: PNGPalette?
    let key: PNGTransparencyKey?
    let layout: PixelLayout

    /// The output layout and depth for a header, palette and transparency key.
    static func outputFormat(header: PNGHeader, palette: PNGPalette?, key: PNGTransparencyKey?) -> (PixelLayout, SampleDepth) {
        let depth: SampleDepth = header.bitDepth == 16 ? .sixteen : .eight
        switch header.colorType {
        case .gray: return (key == nil ? .gray : .grayAlpha, depth)
        case .grayAlpha: return (.grayAlpha, depth)
        case .rgb: return (key == nil ? .rgb : .rgba, depth)
        case .rgba: return (.rgba, depth)
        case .palette: return ((palette?.hasAlpha ?? false) ? .rgba : .rgb, .eight)
        }
    }

    /// Expands `count` pixels of `raw` into 8-bit samples starting at `out`, `step` samples apart.
    func expand8(_ raw: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>, step: Int) throws(PNGError) {
        let channels = layout.channelCount
        switch header.colorType {
        case .palette:
            guard let entries = palette?.entries else { return }
            for i in 0..<count {
                let index = Int(Self.packedSample(raw, index: i, depth: header.bitDepth))
                guard index < entries.count else { throw .paletteIndexOutOfRange(index: index, paletteSize: entries.count) }
                let entry = entries[index]
                let o = out + i * step
                o[0] = entry.0
                o[1] = entry.1
                o[2] = entry.2
                if channels == 4 { o[3] = entry.3 }
            }
        case .gray where header.bitDepth < 8:
            let scale = UInt8(255 / ((1 << header.bitDepth) - 1))
            let keyValue = key.map { Int($0.samples[0]) }
            for i in 0..<count {
                let value = Self.packedSample(raw, index: i, depth: header.bitDepth)
                let o = out + i * step
                o[0] = value &* scale
                if let keyValue { o[1] = Int(value) == keyValue ? 0 : 255 }
            }
        default:
            let fileChannels = header.colorType.channels
            if key == nil && step == channels {
                (out).update(from: raw, count: count * channels)
                return
            }
            for i in 0..<count {
                let s = raw + i * fileChannels
                let o = out + i * step
                for c in 0..<fileChannels { o[c] = s[c] }
                if let key {
                    var matches = true
                    for c in 0..<fileChannels where Int(s[c]) != Int(key.samples[c]) { matches = false }
                    o[fileChannels] = matches ? 0 : 255
                }
            }
        }
    }

    /// Expands `count` pixels of a 16-bit `raw` row into host-order samples at `out`, `step` samples apart.
    func expand16(_ raw: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt16>, step: Int) {
        let fileChannels = header.colorType.channels
        for i in 0..<count {
            let s = raw + i * fileChannels * 2
            let o = out + i * step
            var matches = key != nil
            for c in 0..<fileChannels {
                let value = UInt16(s[2 * c]) << 8 | UInt16(s[2 * c + 1])
                o[c] = value
                if let key, value != key.samples[c] { matches = false }
            }
            if key != nil { o[fileChannels] = matches ? 0 : 65535 }
        }
    }

    /// The `index`-th sample of a row packed at `depth` bits (1, 2, 4 or 8), most significant bits first.
    @inline(__always)
    static func packedSample(_ raw: UnsafePointer<UInt8>, index: Int, depth: Int) -> UInt8 {
        if depth == 8 { return raw[index] }
        let bit = index * depth
        let byte = raw[bit >> 3]
        let shift = 8 - depth - (bit & 7)
        return (byte >> UInt8(shift)) & UInt8((1 << depth) - 1)
    }
}
