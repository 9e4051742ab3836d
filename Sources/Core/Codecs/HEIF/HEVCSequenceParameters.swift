/// The fields of an HEVC sequence parameter set (H.265 7.3.2.2) that decide the size of the
/// pictures libde265 decodes and the memory they take, read from an `hvcC` box before libheif
/// hands the data over.
struct HEVCSequenceParameters: Hashable {
    /// The coded picture, in luma samples.
    var codedWidth: Int, codedHeight: Int
    /// The picture after the conformance window, as the decoder outputs it.
    var width: Int, height: Int
    /// Luma bits per sample (8 to 16).
    var bitDepth: Int
    /// 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    var chromaFormat: Int

    /// The bytes of one decoded picture: luma and chroma planes, one byte a sample at 8 bits
    /// and two above.
    var pictureBytes: Int {
        let halves = [2, 3, 4, 6][chromaFormat]  // samples a pixel, doubled
        // Sides are below 2^32: cut to 2^24 (far past any limit), the product cannot overflow.
        return min(codedWidth, 1 << 24) * min(codedHeight, 1 << 24) * halves / 2 * (bitDepth > 8 ? 2 : 1)
    }

    /// The first sequence parameter set in an `hvcC` payload (ISO/IEC 14496-15 8.3.3.1: 22
    /// bytes of configuration, then arrays of NAL units), or `nil` when it has none that reads.
    init?(hvcC payload: ArraySlice<UInt8>) {
        var reader = ByteReader(payload)
        guard reader.remaining >= 23 else { return nil }
        reader.skip(22)
        let arrays = Int(reader.uint8())
        for _ in 0..<arrays {
            guard reader.remaining >= 3 else { return nil }
            let type = reader.uint8() & 0x3F
            let count = Int(reader.uint16BE())
            for _ in 0..<count {
                guard reader.remaining >= 2 else { return nil }
                let length = Int(reader.uint16BE())
                guard length <= reader.remaining else { return nil }
                let start = payload.startIndex + payload.count - reader.remaining
                reader.skip(length)
                if type == 33, length > 2, let parameters = Self(rbsp: Self.unescaped(payload[(start + 2)..<(start + length)])) {
                    self = parameters
                    return
                }
            }
        }
        return nil
    }

    /// Reads a sequence parameter set NAL unit (from its two-byte header on), or `nil` when it
    /// is not one or does not read.
    init?(nal: ArraySlice<UInt8>) {
        guard nal.count > 2, nal[nal.startIndex] >> 1 & 0x3F == 33 else { return nil }
        self.init(rbsp: Self.unescaped(nal.dropFirst(2)))
    }

    /// Reads the RBSP of a sequence parameter set (after its two-byte NAL header).
    private init?(rbsp: [UInt8]) {
        var bits = BitReader(rbsp[...])
        _ = bits.bits(4)  // sps_video_parameter_set_id
        let subLayers = Int(bits.bits(3))  // sps_max_sub_layers_minus1
        _ = bits.flag()  // sps_temporal_id_nesting_flag
        // profile_tier_level(1, subLayers): 96 bits of general profile and level, then what
        // each sub-layer adds.
        _ = bits.bits(32)
        _ = bits.bits(32)
        _ = bits.bits(32)
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<subLayers { present.append((bits.flag(), bits.flag())) }
        if subLayers > 0 { for _ in subLayers..<8 { _ = bits.bits(2) } }
        for layer in present {
            if layer.profile {
                _ = bits.bits(32)
                _ = bits.bits(32)
                _ = bits.bits(24)
            }
            if layer.level { _ = bits.bits(8) }
        }
        _ = bits.uvlc()  // sps_seq_parameter_set_id
        let chroma = bits.uvlc()
        guard chroma <= 3 else { return nil }
        let separatePlanes = chroma == 3 && bits.flag()
        let width = bits.uvlc()
        let height = bits.uvlc()
        guard width > 0, height > 0, width != .max, height != .max else { return nil }
        var window = (left: UInt32(0), right: UInt32(0), top: UInt32(0), bottom: UInt32(0))
        if bits.flag() { window = (bits.uvlc(), bits.uvlc(), bits.uvlc(), bits.uvlc()) }
        let lumaDepth = bits.uvlc()
        guard lumaDepth <= 8, !bits.overran else { return nil }
        let arrayType = separatePlanes ? 0 : chroma
        let unitX: UInt64 = arrayType == 1 || arrayType == 2 ? 2 : 1
        let unitY: UInt64 = arrayType == 1 ? 2 : 1
        let cutX = unitX * (UInt64(window.left) + UInt64(window.right))
        let cutY = unitY * (UInt64(window.top) + UInt64(window.bottom))
        guard cutX < UInt64(width), cutY < UInt64(height) else { return nil }
        codedWidth = Int(width)
        codedHeight = Int(height)
        self.width = Int(UInt64(width) - cutX)
        self.height = Int(UInt64(height) - cutY)
        bitDepth = Int(lumaDepth) + 8
        chromaFormat = Int(chroma)
    }

    /// `nal` without its emulation prevention bytes (the 3 of each 0x000003).
    private static func unescaped(_ nal: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(nal.count)
        var zeros = 0
        for byte in nal {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            out.append(byte)
        }
        return out
    }
}
