#if canImport(CHEIF)
import CHEIF
#endif

/// Encodes AVIF (libheif with aom) or HEIC (libheif with x265): 8-bit RGB, alpha when any
/// pixel is see-through, EXIF and the ICC profile. Pixels stored sideways (an orientation
/// other than up) are written as they are, with the container's `irot`/`imir` boxes saying how
/// to turn them, as a camera does; the EXIF tag is written as 1 (HEIF readers must follow the
/// boxes, not the tag). 16-bit images are written at 10 bits to HEIC and 8 bits to AVIF.
public struct HEIFEncoder: Sendable {
    /// AV1 (`.avif`) or HEVC (`.heic`).
    public enum Codec: Sendable, Hashable {
        case avif, heic
    }

    /// Which codec.
    public var codec: Codec
    /// Lossy quality 0–100.
    public var quality: Int
    /// Encoder effort 0 (fastest) … 6 (smallest): aom's speed 9…3, x265's preset ultrafast…slow.
    public var effort: Int

    /// Creates an encoder.
    public init(codec: Codec, quality: Int = 60, effort: Int = 4) {
        self.codec = codec
        self.quality = quality
        self.effort = effort
    }

    /// The file's bytes.
    public func encode(_ image: Image) throws -> [UInt8] {
        let keepsAlpha = image.layout.hasAlpha && !Self.isOpaque(image)
        return try encode(ImageBandSource(image), metadata: image.metadata, keepsAlpha: keepsAlpha, context: TransformContext())
    }

    /// The file's bytes for the image `source` streams: its rows are copied into libheif's
    /// picture band by band, so the image is never held whole beside it. The stream's layout
    /// decides alpha (there is no look at every pixel first).
    public func encode(_ source: any BandSource, metadata: ImageMetadata? = nil, context: TransformContext = TransformContext()) throws -> [UInt8] {
        try encode(source, metadata: metadata ?? source.header.metadata, keepsAlpha: source.header.layout.hasAlpha, context: context)
    }

    private func encode(_ source: any BandSource, metadata: ImageMetadata, keepsAlpha hasAlpha: Bool, context run: TransformContext) throws -> [UInt8] {
        #if canImport(CHEIF)
        let header = source.header
        let orientation = metadata.orientation
        // HEIC keeps 16-bit images at 10 bits (HEVC Main 10). AVIF stays 8-bit: the aom encoder
        // in Debian 12's libheif aborts the process on high bit depth (an assertion in aom).
        let deep = header.depth == .sixteen && codec == .heic
        let layout: PixelLayout = hasAlpha ? .rgba : .rgb
        let libheif = try HEIFLibrary.functions()
        guard let context = libheif.heif_context_alloc() else { throw HEIFError.encodingFailed("libheif could not start") }
        defer { libheif.heif_context_free(context) }
        var encoder: OpaquePointer?
        try Self.check(libheif.heif_context_get_encoder_for_format(context, codec == .avif ? heif_compression_AV1 : heif_compression_HEVC, &encoder))
        guard let encoder else { throw HEIFError.encodingFailed("no \(codec == .avif ? "AV1" : "HEVC") encoder in this libheif") }
        defer { libheif.heif_encoder_release(encoder) }
        try Self.check(libheif.heif_encoder_set_lossy_quality(encoder, Int32(max(0, min(100, quality)))))
        let effort = max(0, min(6, self.effort))
        switch codec {
        case .avif: _ = libheif.heif_encoder_set_parameter_integer(encoder, "speed", Int32(9 - effort))
        case .heic:
            let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow"]
            _ = libheif.heif_encoder_set_parameter_string(encoder, "preset", presets[effort])
        }
        var picture: OpaquePointer?
        let chroma =
            switch (deep, hasAlpha) {
            case (false, false): heif_chroma_interleaved_RGB
            case (false, true): heif_chroma_interleaved_RGBA
            case (true, false): heif_chroma_interleaved_RRGGBB_LE
            case (true, true): heif_chroma_interleaved_RRGGBBAA_LE
            }
        try Self.check(libheif.heif_image_create(Int32(header.width), Int32(header.height), heif_colorspace_RGB, chroma, &picture))
        guard let picture else { throw HEIFError.encodingFailed("libheif could not make an image") }
        defer { libheif.heif_image_release(picture) }
        try Self.check(libheif.heif_image_add_plane(picture, heif_channel_interleaved, Int32(header.width), Int32(header.height), deep ? 10 : 8))
        var stride: Int32 = 0
        guard let plane = libheif.heif_image_get_plane(picture, heif_channel_interleaved, &stride) else {
            throw HEIFError.encodingFailed("libheif gave no pixel plane")
        }
        let rowSamples = header.width * layout.channelCount
        var top = 0
        while top < header.height {
            try run.checkCancellation()
            var band = try source.read(top..<min(header.height, top + 64)).rows
            band.alphaMode = header.alphaMode
            band = band.unpremultiplied().converted(to: layout)
            if !deep && band.depth == .sixteen { band = band.converted(to: .eight) }
            switch band.storage {
            case .eight(let samples):
                samples.withUnsafeBufferPointer { source in
                    for y in 0..<band.height {
                        (plane + (top + y) * Int(stride)).update(from: source.baseAddress! + y * rowSamples, count: rowSamples)
                    }
                }
            case .sixteen(let samples):
                // 10 significant bits, little-endian, rounded from 16.
                for y in 0..<band.height {
                    let row = plane + (top + y) * Int(stride)
                    for i in 0..<rowSamples {
                        let value = UInt16(min(1023, (Int(samples[y * rowSamples + i]) * 1023 + 32767) / 65535))
                        row[2 * i] = UInt8(value & 0xFF)
                        row[2 * i + 1] = UInt8(value >> 8)
                    }
                }
            }
            top += band.height
        }
        if let profile = metadata.iccProfile?.data, !profile.isEmpty {
            try Self.check(profile.withUnsafeBytes { libheif.heif_image_set_raw_color_profile(picture, "prof", $0.baseAddress, $0.count) })
        }
        var handle: OpaquePointer?
        guard let options = libheif.heif_encoding_options_alloc() else { throw HEIFError.encodingFailed("libheif could not allocate options") }
        defer { libheif.heif_encoding_options_free(options) }
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation.rawValue))
        try Self.check(libheif.heif_context_encode_image(context, picture, encoder, options, &handle))
        defer { if let handle { libheif.heif_image_handle_release(handle) } }
        if let handle, let exif = EXIF.block(metadata.exif, orientation: .up), metadata.exif != nil {
            try Self.check(exif.withUnsafeBytes { libheif.heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) })
        }
        return try Self.written(context)
        #else
        throw FormatUnavailableError(format: codec == .avif ? .avif : .heic)
        #endif
    }

    private static func isOpaque(_ image: Image) -> Bool {
        let channels = image.layout.channelCount
        switch image.storage {
        case .eight(let samples): return stride(from: channels - 1, to: samples.count, by: channels).allSatisfy { samples[$0] == 255 }
        case .sixteen(let samples): return stride(from: channels - 1, to: samples.count, by: channels).allSatisfy { samples[$0] == 65535 }
        }
    }

    #if canImport(CHEIF)
    /// The file libheif writes for `context`, collected through its writer callback.
    private static func written(_ context: OpaquePointer) throws -> [UInt8] {
        let libheif = try HEIFLibrary.functions()
        final class Collected { var bytes: [UInt8] = [] }
        let collected = Collected()
        var writer = heif_writer()
        writer.writer_api_version = 1
        writer.write = { _, data, size, user in
            if let user, let data {
                let collected = Unmanaged<Collected>.fromOpaque(user).takeUnretainedValue()
                collected.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
            }
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: nil)
        }
        try withExtendedLifetime(collected) {
            try check(libheif.heif_context_write(context, &writer, Unmanaged.passUnretained(collected).toOpaque()))
        }
        return collected.bytes
    }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw HEIFError.encodingFailed(error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
    }
    #endif
}
