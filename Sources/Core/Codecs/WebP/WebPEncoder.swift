#if canImport(CWebP)
import CWebP
#endif

/// Encodes WebP through libwebp: lossy or lossless, with alpha when any pixel is see-through;
/// EXIF (orientation tag set to match the pixels) and ICC written through the mux API.
///
/// WebP holds 8-bit RGB(A): gray images are written as RGB, 16-bit ones rounded to 8 bits,
/// premultiplied ones converted to straight alpha. Lossless keeps every sample exactly,
/// including the colour of fully transparent pixels.
public struct WebPEncoder: Sendable {
    /// Lossy quality 0–100 (for lossless: how hard to try for a small file).
    public var quality: Int
    /// Lossless (VP8L) instead of lossy (VP8).
    public var isLossless: Bool
    /// Encoder effort 0 (fastest) … 6 (smallest), libwebp's `method`.
    public var effort: Int

    /// Creates an encoder.
    public init(quality: Int = 80, isLossless: Bool = false, effort: Int = 4) {
        self.quality = quality
        self.isLossless = isLossless
        self.effort = effort
    }

    /// The WebP bytes of `image`.
    public func encode(_ image: Image) throws -> [UInt8] {
        #if canImport(CWebP)
        var image = image.unpremultiplied()
        if image.depth == .sixteen { image = image.converted(to: .eight) }
        image = image.converted(to: Self.isOpaque(image) ? .rgb : .rgba)
        let bitstream = try compress(image)
        let exif = EXIF.block(image.metadata.exif, orientation: image.metadata.orientation)
        let icc = image.metadata.iccProfile?.data
        guard exif != nil || icc != nil else { return bitstream }
        return try Self.container(bitstream, exif: exif, icc: icc)
        #else
        throw FormatUnavailableError(format: .webp)
        #endif
    }

    /// Whether every pixel of an 8-bit image is opaque (then no alpha is written).
    private static func isOpaque(_ image: Image) -> Bool {
        guard image.layout.hasAlpha, case .eight(let samples) = image.storage else { return true }
        let channels = image.layout.channelCount
        var index = channels - 1
        while index < samples.count {
            if samples[index] != 255 { return false }
            index += channels
        }
        return true
    }

    #if canImport(CWebP)
    /// libwebp's settings for this encoder.
    func configuration() throws -> WebPConfig {
        let libwebp = try WebPLibrary.functions()
        var config = WebPConfig()
        guard libwebp.WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, Float(max(0, min(100, quality))), WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw WebPError.encodingFailed("libwebp version mismatch")
        }
        config.lossless = isLossless ? 1 : 0
        config.method = Int32(max(0, min(6, effort)))
        config.exact = isLossless ? 1 : 0
        config.thread_level = TransformContext.processorCount > 1 ? 1 : 0
        guard libwebp.WebPValidateConfig(&config) != 0 else { throw WebPError.encodingFailed("libwebp refused the settings") }
        return config
    }

    /// The bare VP8/VP8L file of an 8-bit RGB or RGBA image.
    private func compress(_ image: Image) throws -> [UInt8] {
        let libwebp = try WebPLibrary.functions()
        var config = try configuration()
        var picture = WebPPicture()
        guard libwebp.WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else { throw WebPError.encodingFailed("libwebp version mismatch") }
        defer { libwebp.WebPPictureFree(&picture) }
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        picture.use_argb = isLossless ? 1 : 0
        guard case .eight(let samples) = image.storage else { throw WebPError.encodingFailed("expected 8-bit samples") }
        let stride = Int32(image.width * image.layout.channelCount)
        let imported = samples.withUnsafeBufferPointer { pixels in
            image.layout.hasAlpha
                ? libwebp.WebPPictureImportRGBA(&picture, pixels.baseAddress, stride) : libwebp.WebPPictureImportRGB(&picture, pixels.baseAddress, stride)
        }
        guard imported != 0 else { throw WebPError.encodingFailed(Self.reason(picture.error_code)) }
        var writer = WebPMemoryWriter()
        libwebp.WebPMemoryWriterInit(&writer)
        defer { libwebp.WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writer in
            picture.writer = libwebp.WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            return libwebp.WebPEncode(&config, &picture)
        }
        guard encoded != 0, let output = writer.mem else { throw WebPError.encodingFailed(Self.reason(picture.error_code)) }
        return Array(UnsafeBufferPointer(start: output, count: writer.size))
    }

    /// `bitstream` in an extended container with EXIF and ICC chunks.
    private static func container(_ bitstream: [UInt8], exif: [UInt8]?, icc: [UInt8]?) throws -> [UInt8] {
        let libwebp = try WebPLibrary.functions()
        return try bitstream.withUnsafeBufferPointer { bits in
            var image = WebPData(bytes: bits.baseAddress, size: bits.count)
            guard let mux = libwebp.WebPMuxCreateInternal(&image, 1, WEBP_MUX_ABI_VERSION) else {
                throw WebPError.encodingFailed("libwebp could not reopen its own output")
            }
            defer { libwebp.WebPMuxDelete(mux) }
            func set(_ fourCC: String, _ bytes: [UInt8]?) throws {
                guard let bytes, !bytes.isEmpty else { return }
                let status = bytes.withUnsafeBufferPointer { chunk in
                    var data = WebPData(bytes: chunk.baseAddress, size: chunk.count)
                    return libwebp.WebPMuxSetChunk(mux, fourCC, &data, 1)
                }
                guard status == WEBP_MUX_OK else { throw WebPError.encodingFailed("could not add the \(fourCC) chunk (mux error \(status.rawValue))") }
            }
            try set("EXIF", exif)
            try set("ICCP", icc)
            var assembled = WebPData()
            guard libwebp.WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK, let start = assembled.bytes else {
                throw WebPError.encodingFailed("could not assemble the container")
            }
            defer { libwebp.WebPFree(UnsafeMutableRawPointer(mutating: start)) }
            return Array(UnsafeBufferPointer(start: start, count: assembled.size))
        }
    }

    static func reason(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: "the image is larger than WebP allows (16383 pixels a side)"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW: "the image is too complex for one lossy partition: try a lower quality"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "the file would be larger than 4 GiB"
        default: "libwebp error \(code.rawValue)"
        }
    }
    #endif
}
