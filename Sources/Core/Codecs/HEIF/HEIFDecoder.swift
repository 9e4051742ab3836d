#if canImport(CHEIF)
import CHEIF
#endif

/// Decodes HEIC and AVIF through libheif: the primary image, 8-bit, or 10/12-bit as 16-bit
/// samples (scaled to the full 16-bit range); its alpha; its EXIF and ICC profile. The
/// container's crop, rotation and mirroring (`clap`, `irot`, `imir`) are applied in the order
/// the file lists them (see `HEIFTransforms`), so the pixels come out as shown and the EXIF
/// orientation is reset to 1 (the HEIF rule: the container's transforms win). The size is checked against the limits before decoding, and so is the largest frame
/// an AVIF's AV1 sequence headers let dav1d allocate, against ``ImageLimits/decoderMemoryLimit``
/// (it may be far larger than the size the container declares).
public struct HEIFDecoder: Sendable {
    /// Size limits checked against the header before any pixel memory is allocated.
    public var limits: ImageLimits

    /// Decode the embedded thumbnail instead of the primary image, when the file has one (its
    /// metadata is still the primary image's).
    public var usesEmbeddedThumbnail = false

    /// Creates a decoder.
    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// What the container says about the primary image.
    public struct Info: Sendable, Hashable {
        /// Size as displayed (after cropping and rotation).
        public var width: Int, height: Int
        /// Whether it has an alpha channel.
        public var hasAlpha: Bool
        /// Bits per sample of its luma: 8, 10 or 12.
        public var bitDepth: Int
        /// EXIF and ICC.
        public var metadata: ImageMetadata
    }

    /// Reads the primary image's size, depth, alpha and metadata without decoding pixels.
    public func readInfo(_ bytes: [UInt8]) throws -> Info {
        #if canImport(CHEIF)
        return try HEIFFile(bytes, limits: limits, thumbnail: usesEmbeddedThumbnail).info
        #else
        throw FormatUnavailableError(format: .heic)
        #endif
    }

    /// Decodes the primary image of `bytes`.
    public func decode(_ bytes: [UInt8]) throws -> Image {
        #if canImport(CHEIF)
        // The coded data's memory first: a header asking for a huge frame is named as such.
        try AV1DecoderMemory.check(bytes, limits: limits)
        try HEVCDecoderMemory.check(bytes, limits: limits)
        let file = try HEIFFile(bytes, limits: limits, thumbnail: usesEmbeddedThumbnail)
        try limits.check(width: file.codedWidth, height: file.codedHeight)
        try limits.check(width: file.info.width, height: file.info.height)
        // Besides the image returned: libheif's RGB(A) picture (16-bit samples above 8 bits),
        // from which it is copied.
        let bytesPerPixel = (file.info.hasAlpha ? 4 : 3) * (file.info.bitDepth > 8 ? 2 : 1)
        try limits.checkDecoding(
            "the \(file.codedWidth)×\(file.codedHeight) HEIF image", width: file.info.width, height: file.info.height,
            bytesPerPixel: bytesPerPixel, working: file.codedWidth * file.codedHeight * bytesPerPixel)
        var image = try file.decodePrimary()
        image.metadata = file.info.metadata
        return image
        #else
        throw FormatUnavailableError(format: .heic)
        #endif
    }
}

#if canImport(CHEIF)
/// A parsed HEIF file and its primary image handle; released when it goes away.
private final class HEIFFile {
    private let libheif: ninepipe_heif
    private let bytes: [UInt8]
    private let context: OpaquePointer
    private var handle: OpaquePointer?
    private var primaryHandle: OpaquePointer?
    private var transforms: HEIFTransforms
    /// The size libheif decodes to, before the transforms.
    private(set) var codedWidth = 0, codedHeight = 0
    private(set) var info = HEIFDecoder.Info(width: 0, height: 0, hasAlpha: false, bitDepth: 8, metadata: ImageMetadata())

    init(_ bytes: [UInt8], limits: ImageLimits, thumbnail: Bool) throws {
        let libheif = try HEIFLibrary.functions()
        self.libheif = libheif
        self.bytes = bytes
        guard let context = libheif.heif_context_alloc() else { throw HEIFError.corrupt("libheif could not start") }
        self.context = context
        libheif.heif_context_set_maximum_image_size_limit(context, Int32(clamping: limits.maxDimension))
        try HEIFItemReferences(bytes).checkAcyclic()
        // The bytes are kept alive by this object, as libheif reads them in place.
        try Self.check(self.bytes.withUnsafeBytes { libheif.heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) })
        var primary: OpaquePointer?
        try Self.check(libheif.heif_context_get_primary_image_handle(context, &primary))
        handle = primary
        primaryHandle = primary
        guard let primary else { throw HEIFError.corrupt("the file has no primary image") }
        // libheif's choice, not pitm's: when pitm names a thumbnail, libheif takes the image.
        var item: heif_item_id = 0
        try Self.check(libheif.heif_context_get_primary_image_ID(context, &item))
        if thumbnail, libheif.heif_image_handle_get_number_of_thumbnails(primary) > 0 {
            var id: heif_item_id = 0
            var small: OpaquePointer?
            if libheif.heif_image_handle_get_list_of_thumbnail_IDs(primary, &id, 1) == 1,
                libheif.heif_image_handle_get_thumbnail(primary, id, &small).code == heif_error_Ok, let small
            {
                handle = small
                item = id
            }
        }
        let shown = handle ?? primary
        let properties = HEIFItemProperties(bytes, item: item)
        transforms = HEIFTransforms(properties)
        let header = HEIFCodedSize.of(item: item, properties: properties, locations: HEIFItemLocations(bytes), in: bytes)
        if let coded = try transforms.codedSize(header: header) {
            (codedWidth, codedHeight) = coded
        } else {
            // Neither: libheif's own size is all there is, and nothing moves.
            (codedWidth, codedHeight) = (Int(libheif.heif_image_handle_get_width(shown)), Int(libheif.heif_image_handle_get_height(shown)))
            transforms = HEIFTransforms(HEIFItemProperties([], item: 0))
        }
        let shownSize = try transforms.shownSize(width: codedWidth, height: codedHeight)
        var metadata = ImageMetadata()
        if let exif = Self.exif(primary, limit: limits.maxMetadataBytes) {
            metadata.exif = exif
            metadata.orientation = .up  // libheif applies irot/imir; an EXIF tag would turn it twice
        }
        let profileSize = libheif.heif_image_handle_get_raw_color_profile_size(primary)
        if libheif.heif_image_handle_get_color_profile_type(primary) != heif_color_profile_type_nclx, profileSize > 0, profileSize <= limits.maxMetadataBytes {
            var profile = [UInt8](repeating: 0, count: profileSize)
            if profile.withUnsafeMutableBytes({ libheif.heif_image_handle_get_raw_color_profile(primary, $0.baseAddress) }).code == heif_error_Ok {
                metadata.iccProfile = ICCProfile(data: profile)
            }
        }
        if metadata.iccProfile == nil { metadata.iccProfile = Self.profile(fromNCLXOf: primary) }
        info = HEIFDecoder.Info(
            width: shownSize.width, height: shownSize.height,
            hasAlpha: libheif.heif_image_handle_has_alpha_channel(shown) != 0,
            bitDepth: max(8, Int(libheif.heif_image_handle_get_luma_bits_per_pixel(shown))), metadata: metadata)
    }

    deinit {
        if let handle, handle != primaryHandle { libheif.heif_image_handle_release(handle) }
        if let primaryHandle { libheif.heif_image_handle_release(primaryHandle) }
        libheif.heif_context_free(context)
    }

    /// The primary image (or the thumbnail asked for) as shown: interleaved RGB(A), 8-bit or
    /// 16-bit, its size ``info``'s.
    func decodePrimary() throws -> Image { try transforms.applied(to: decodeCoded()) }

    /// The coded image, before the container's transforms.
    private func decodeCoded() throws -> Image {
        guard let handle else { throw HEIFError.corrupt("the file has no primary image") }
        let deep = info.bitDepth > 8
        let chroma: heif_chroma =
            switch (deep, info.hasAlpha) {
            case (false, false): heif_chroma_interleaved_RGB
            case (false, true): heif_chroma_interleaved_RGBA
            case (true, false): heif_chroma_interleaved_RRGGBB_LE
            case (true, true): heif_chroma_interleaved_RRGGBBAA_LE
            }
        // libheif decodes the coded image; the transforms are applied below, where the size
        // they give is the one `info` promised.
        guard let options = libheif.heif_decoding_options_alloc() else { throw HEIFError.corrupt("libheif could not start") }
        defer { libheif.heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 1
        var decoded: OpaquePointer?
        try Self.check(libheif.heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, options))
        guard let decoded else { throw HEIFError.corrupt("libheif returned no image") }
        defer { libheif.heif_image_release(decoded) }
        let width = Int(libheif.heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(libheif.heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = libheif.heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) else {
            throw HEIFError.corrupt("the decoded image has no pixels")
        }
        // The coded image must be the size its header declares (see HEIFCodedSize).
        guard width == codedWidth, height == codedHeight else {
            throw HEIFError.corrupt("the image data is \(width)×\(height), but the file declares \(codedWidth)×\(codedHeight)")
        }
        let channels = info.hasAlpha ? 4 : 3
        let layout: PixelLayout = info.hasAlpha ? .rgba : .rgb
        if !deep {
            var samples = [UInt8](repeating: 0, count: width * height * channels)
            samples.withUnsafeMutableBufferPointer { out in
                for y in 0..<height { (out.baseAddress! + y * width * channels).update(from: plane + y * Int(stride), count: width * channels) }
            }
            return Image(width: width, height: height, layout: layout, samples: samples)
        }
        // 10 or 12 significant bits, little-endian: widened to 16 by repeating the top bits.
        let bits = UInt16(max(9, min(16, Int(libheif.heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved)))))
        var samples = [UInt16](repeating: 0, count: width * height * channels)
        samples.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = plane + y * Int(stride)
                for i in 0..<(width * channels) {
                    let value = UInt16(row[2 * i]) | UInt16(row[2 * i + 1]) << 8
                    // v·65535/(2^bits − 1), as bit repetition: 10-bit v → v<<6 | v>>4.
                    out[y * width * channels + i] = bits == 16 ? value : value << (16 - bits) | value >> (2 * bits - 16)
                }
            }
        }
        return Image(width: width, height: height, layout: layout, samples: samples)
    }

    /// The `nclx` colour information as an ICC profile, when it names other colours than sRGB
    /// (wider primaries such as Display P3, or a linear transfer) and LittleCMS can make one;
    /// `nil` for sRGB/BT.709 content, unspecified values, and HDR transfers (PQ, HLG).
    private static func profile(fromNCLXOf handle: OpaquePointer) -> ICCProfile? {
        guard let libheif = try? HEIFLibrary.functions() else { return nil }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard libheif.heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
        defer { libheif.heif_nclx_color_profile_free(nclx) }
        let value = nclx.pointee
        let primaries = value.color_primaries.rawValue
        let transfer = value.transfer_characteristics.rawValue
        let srgbLike: Set<UInt32> = [1, 2, 6, 13, 14, 15]  // BT.709, unspecified, BT.601, sRGB, BT.2020 10/12-bit SDR
        let isLinear = transfer == 8
        guard isLinear || srgbLike.contains(transfer) else { return nil }
        guard isLinear || ![1, 2].contains(primaries) else { return nil }  // sRGB colours already
        return ICCProfile.rgb(
            primaries: [
                (Double(value.color_primary_red_x), Double(value.color_primary_red_y)),
                (Double(value.color_primary_green_x), Double(value.color_primary_green_y)),
                (Double(value.color_primary_blue_x), Double(value.color_primary_blue_y)),
            ],
            white: (Double(value.color_primary_white_x), Double(value.color_primary_white_y)), isLinear: isLinear)
    }

    private static func exif(_ handle: OpaquePointer, limit: Int) -> [UInt8]? {
        guard let libheif = try? HEIFLibrary.functions() else { return nil }
        guard libheif.heif_image_handle_get_number_of_metadata_blocks(handle, "Exif") > 0 else { return nil }
        var id: heif_item_id = 0
        guard libheif.heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = libheif.heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size <= limit else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard block.withUnsafeMutableBytes({ libheif.heif_image_handle_get_metadata(handle, id, $0.baseAddress) }).code == heif_error_Ok else { return nil }
        // The block starts with a 4-byte offset to the TIFF header (usually 0, or 6 past "Exif\0\0").
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard offset >= 0, 4 + offset < block.count else { return nil }
        return EXIF.stripPrefix(Array(block[(4 + offset)...]))
    }

    static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature: throw HEIFError.unsupported(message)
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            throw HEIFError.corrupt("\(message) (over the size limit)")
        default: throw HEIFError.corrupt(message)
        }
    }
}
#endif
