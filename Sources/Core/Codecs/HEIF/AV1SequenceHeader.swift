/// The fields of an AV1 sequence header (AV1 spec 5.5) that decide how large a frame dav1d may
/// allocate, read field by field in the order dav1d 1.0 reads them.
///
/// A frame is `maxWidth`×`maxHeight` unless its header overrides the size, which it may do
/// with `widthBits` and `heightBits` bits each and which dav1d does not check against the
/// maximum. A reduced still-picture header allows no override.
struct AV1SequenceHeader: Hashable {
    /// The declared largest frame.
    var maxWidth: Int, maxHeight: Int
    /// How many bits a frame header may use for its width and height.
    var widthBits: Int, heightBits: Int
    /// A still picture's short header: every frame is the declared largest.
    var reducedStillPicture: Bool
    /// 8, 10 or 12.
    var bitDepth: Int
    /// Whether frames have no chroma.
    var monochrome: Bool
    /// Chroma subsampling, horizontal and vertical.
    var subsampledX: Bool, subsampledY: Bool

    /// The largest frame a frame header under this sequence header can ask for.
    var largestFrame: (width: Int, height: Int) {
        reducedStillPicture ? (maxWidth, maxHeight) : (1 << widthBits, 1 << heightBits)
    }

    /// The bytes of one decoded picture of the largest frame: luma and chroma planes, one byte a
    /// sample at 8 bits and two above.
    var largestFrameBytes: Int {
        let (width, height) = largestFrame  // at most 2^16 each: no overflow below
        let halves = monochrome ? 2 : subsampledX ? (subsampledY ? 3 : 4) : 6  // samples a pixel, doubled
        return width * height * halves / 2 * (bitDepth > 8 ? 2 : 1)
    }

    /// Reads the payload of a sequence header OBU; `nil` when it breaks a rule dav1d enforces
    /// or runs past its end (dav1d refuses it then, and decodes nothing after it).
    init?(parsing payload: ArraySlice<UInt8>) {
        var bits = BitReader(payload)
        let profile = bits.bits(3)
        guard profile <= 2 else { return nil }
        let stillPicture = bits.flag()
        reducedStillPicture = bits.flag()
        guard stillPicture || !reducedStillPicture else { return nil }
        if reducedStillPicture {
            _ = bits.bits(5)  // seq_level_idx[0]
        } else {
            var decoderModelInfo = false
            var delayLength = 0
            if bits.flag() {  // timing_info_present_flag
                _ = bits.bits(32)  // num_units_in_display_tick
                _ = bits.bits(32)  // time_scale
                if bits.flag(), bits.uvlc() == .max { return nil }  // equal_picture_interval, num_ticks_per_picture_minus_1
                decoderModelInfo = bits.flag()
                if decoderModelInfo {
                    delayLength = Int(bits.bits(5)) + 1  // buffer_delay_length_minus_1
                    _ = bits.bits(32)  // num_units_in_decoding_tick
                    _ = bits.bits(5)  // buffer_removal_time_length_minus_1
                    _ = bits.bits(5)  // frame_presentation_time_length_minus_1
                }
            }
            let displayModelInfo = bits.flag()
            let operatingPoints = Int(bits.bits(5)) + 1
            for _ in 0..<operatingPoints {
                let idc = bits.bits(12)
                guard idc == 0 || (idc & 0xFF != 0 && idc & 0xF00 != 0) else { return nil }
                if bits.bits(5) > 7 { _ = bits.flag() }  // seq_level_idx, seq_tier
                if decoderModelInfo, bits.flag() {  // decoder_model_present_for_this_op
                    _ = bits.bits(delayLength)  // decoder_buffer_delay
                    _ = bits.bits(delayLength)  // encoder_buffer_delay
                    _ = bits.flag()  // low_delay_mode_flag
                }
                if displayModelInfo, bits.flag() { _ = bits.bits(4) }  // initial_display_delay_minus_1
            }
        }
        widthBits = Int(bits.bits(4)) + 1
        heightBits = Int(bits.bits(4)) + 1
        maxWidth = Int(bits.bits(widthBits)) + 1
        maxHeight = Int(bits.bits(heightBits)) + 1
        if !reducedStillPicture, bits.flag() {  // frame_id_numbers_present_flag
            _ = bits.bits(4)  // delta_frame_id_length_minus_2
            _ = bits.bits(3)  // additional_frame_id_length_minus_1
        }
        _ = bits.bits(3)  // use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter
        if !reducedStillPicture {
            _ = bits.bits(4)  // enable_interintra_compound, masked_compound, warped_motion, dual_filter
            let orderHint = bits.flag()
            if orderHint { _ = bits.bits(2) }  // enable_jnt_comp, enable_ref_frame_mvs
            let chooseScreenContentTools = bits.flag()
            let screenContentTools = chooseScreenContentTools || bits.flag()
            if screenContentTools, !bits.flag() { _ = bits.flag() }  // seq_choose_integer_mv, seq_force_integer_mv
            if orderHint { _ = bits.bits(3) }  // order_hint_bits_minus_1
        }
        _ = bits.bits(3)  // enable_superres, enable_cdef, enable_restoration
        // color_config()
        let highBitDepth = bits.flag()
        bitDepth = profile == 2 && highBitDepth ? (bits.flag() ? 12 : 10) : highBitDepth ? 10 : 8
        monochrome = profile == 1 ? false : bits.flag()
        var primaries: UInt32 = 2  // unspecified
        var transfer: UInt32 = 2
        var matrix: UInt32 = 2
        if bits.flag() {  // color_description_present_flag
            primaries = bits.bits(8)
            transfer = bits.bits(8)
            matrix = bits.bits(8)
        }
        if monochrome {
            subsampledX = true
            subsampledY = true
        } else if primaries == 1, transfer == 13, matrix == 0 {  // BT.709, sRGB, identity: 4:4:4
            subsampledX = false
            subsampledY = false
            guard profile == 1 || (profile == 2 && bitDepth == 12) else { return nil }
        } else {
            _ = bits.flag()  // color_range
            switch profile {
            case 0: (subsampledX, subsampledY) = (true, true)
            case 1: (subsampledX, subsampledY) = (false, false)
            default:
                if bitDepth == 12 {
                    subsampledX = bits.flag()
                    subsampledY = subsampledX && bits.flag()
                } else {
                    (subsampledX, subsampledY) = (true, false)
                }
            }
        }
        guard !bits.overran else { return nil }
    }
}
