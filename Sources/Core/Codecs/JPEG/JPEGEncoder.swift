import CJPEGShim

/// Encodes an ``Image`` as JPEG through libjpeg-turbo.
///
/// 16-bit images are reduced to 8 bits; images with alpha are flattened onto
/// ``background`` (JPEG has no alpha) and `warn` is told once. EXIF is written
/// with its orientation tag set to match the pixels; the ICC profile is kept.
public struct JPEGEncoder: Sendable {
    /// Chroma subsampling.
    public enum Subsampling: Int, Sendable, Hashable {
        /// 4:2:0, half resolution both ways (default; smallest files).
        case s420 = 420
        /// 4:2:2, half resolution horizontally.
        case s422 = 422
        /// 4:4:4, full-resolution colour.
        case s444 = 444
    }

    /// Quality 1–100 (default 90); values outside are clamped.
    public var quality: Int
    /// Whether to write a progressive JPEG (default `false`).
    public var progressive: Bool
    /// Chroma subsampling (default 4:2:0).
    public var subsampling: Subsampling
    /// The colour transparent pixels are flattened onto (default white).
    public var background: Color
    /// Whether flattening transparent pixels is reported through `warn` (default `true`; `false`
    /// when the caller chose ``background`` on purpose).
    public var warnsWhenFlattening: Bool

    /// Creates an encoder.
    public init(
        quality: Int = 90, progressive: Bool = false, subsampling: Subsampling = .s420, background: Color = .white,
        warnsWhenFlattening: Bool = true
    ) {
        self.quality = quality
        self.progressive = progressive
        self.subsampling = subsampling
        self.background = background
        self.warnsWhenFlattening = warnsWhenFlattening
    }

    /// The JPEG bytes of `image`.
    public func encode(_ image: Image, warn: (String) -> Void = { _ in }) throws -> [UInt8] {
        try encode(ImageBandSource(image), warn: warn)
    }
}

extension JPEGEncoder {
    /// The JPEG bytes of the image `source` streams, compressed band by band as the rows arrive
    /// (only the compressed file is held). Each band is reduced to 8 bits and flattened as
    /// ``encode(_:warn:)`` does; `warn` is told once, at the end, when any pixel was see-through.
    ///
    /// - Parameters:
    ///   - source: the rows to compress, pulled band by band.
    ///   - metadata: the EXIF and ICC written (default: the stream's).
    ///   - context: cancellation, checked between bands.
    ///   - warn: receives the one see-through warning, if any.
    public func encode(
        _ source: any BandSource, metadata: ImageMetadata? = nil, context: TransformContext = TransformContext(),
        warn: (String) -> Void = { _ in }
    ) throws -> [UInt8] {
        let header = source.header
        let metadata = metadata ?? header.metadata
        let components = header.layout.isColor ? 3 : 1
        let exif = EXIF.block(metadata.exif, orientation: metadata.orientation) ?? []
        let icc = metadata.iccProfile?.data ?? []
        var message = [CChar](repeating: 0, count: 256)
        var started: OpaquePointer?
        let status = exif.withUnsafeBufferPointer { exifBuffer in
            icc.withUnsafeBufferPointer { iccBuffer in
                var options = njs_encode_options(
                    quality: Int32(max(1, min(100, quality))), progressive: progressive ? 1 : 0,
                    chroma_subsampling: Int32(subsampling.rawValue),
                    exif: exifBuffer.baseAddress, exif_length: exifBuffer.count,
                    icc: iccBuffer.baseAddress, icc_length: iccBuffer.count)
                return message.withUnsafeMutableBufferPointer { text in
                    njs_encoder_start(&started, UInt32(header.width), UInt32(header.height), Int32(components), &options, text.baseAddress, text.count)
                }
            }
        }
        guard status == 0, let encoder = started else {
            throw JPEGError.encodingFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { njs_encoder_destroy(encoder) }
        func failure() -> JPEGError { .encodingFailed(String(cString: njs_encoder_error(encoder))) }
        var flattened = false
        let step = header.rowsPerBand(bytes: 1 << 20)
        var y = 0
        while y < header.height {
            try context.checkCancellation()
            var rows = try source.read(y..<min(header.height, y + step)).rows
            rows.alphaMode = header.alphaMode
            rows = rows.unpremultiplied().converted(to: SampleDepth.eight)
            if rows.layout.hasAlpha {
                if !flattened && rows.hasTransparentPixels { flattened = true }
                rows = rows.flattened(onto: background)
            }
            guard case .eight(let samples) = rows.storage, rows.layout.channelCount == components else {
                throw JPEGError.encodingFailed("internal: expected 8-bit \(components)-channel rows")
            }
            let written = samples.withUnsafeBufferPointer { njs_encoder_write_rows(encoder, $0.baseAddress, header.width * components, UInt32(rows.height)) }
            guard written == 0 else { throw failure() }
            y += rows.height
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard njs_encoder_finish(encoder, &output, &length) == 0, let output else { throw failure() }
        defer { njs_free(output) }
        if flattened && warnsWhenFlattening { warn("JPEG has no alpha channel: transparent pixels were flattened onto \(background)") }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
