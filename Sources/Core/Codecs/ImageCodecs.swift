import Synchronization

/// The codec registry: decoding, encoding and inspecting encoded images in any registered format.
///
/// Every format is reached through here: `load`, `save`, `info` and batch runs never name a
/// codec. The built-in codecs are listed once, in `builtIn`; another is added at run time with
/// ``register(_:)``, and is then read and written by pipelines like the built-in ones.
public enum ImageCodecs {
    /// The built-in codecs, one line each, in the order their formats are listed.
    static let builtIn: [any ImageCodec] = [
        PNGCodec(),
        JPEGCodec(),
        WebPCodec(),
        GIFCodec(),
        HEIFCodec(format: .heic),
        HEIFCodec(format: .avif),
        VectorDrawableCodec(),
        SVGCodec(),
    ]

    /// The codecs registered at run time, in registration order.
    private static let registered = Mutex<[any ImageCodec]>([])

    /// Registers `codec` (a decoder, an encoder or both) for its format, ahead of any codec
    /// already registered for the same format.
    ///
    /// Register codecs before compiling pipelines: `save` learns an encoder's parameters when
    /// its step descriptor is built (for the host's standard step registry, on first use).
    public static func register(_ codec: any ImageCodec) {
        registered.withLock { $0.append(codec) }
    }

    /// Every codec in lookup order: the latest registered first (so one can replace a built-in
    /// format's), the built-in ones last.
    public static var codecs: [any ImageCodec] { registered.withLock { $0 }.reversed() + builtIn }

    /// Every codec in listing order: the built-in ones, then those registered, in order.
    static var listed: [any ImageCodec] { builtIn + registered.withLock { $0 } }

    /// The registered decoders, in lookup order.
    public static var decoders: [any ImageDecoder] { codecs.compactMap { $0 as? any ImageDecoder } }

    /// The registered encoders, in lookup order.
    public static var encoders: [any ImageEncoder] { codecs.compactMap { $0 as? any ImageEncoder } }

    /// Every format a registered codec reads or writes, each once: built-in formats in their
    /// order, then formats registered at run time.
    public static var formats: [ImageFormat] {
        var seen: [ImageFormat] = []
        for codec in listed where !seen.contains(codec.format) { seen.append(codec.format) }
        return seen
    }

    /// The decoder for `format`, if one is registered.
    public static func decoder(for format: ImageFormat) -> (any ImageDecoder)? { decoders.first { $0.format == format } }

    /// The encoder for `format`, if one is registered.
    public static func encoder(for format: ImageFormat) -> (any ImageEncoder)? { encoders.first { $0.format == format } }

    /// The codec that can turn and crop `format`'s files without decoding them in this build, if any.
    public static func losslessEditor(for format: ImageFormat) -> (any LosslessEditor)? {
        codecs.lazy.compactMap { $0 as? any LosslessEditor }.first { $0.format == format && $0.isAvailable && $0.editsLosslessly }
    }

    /// The decoder that recognises `bytes` (a file's first bytes), if any.
    public static func decoder(sniffing bytes: [UInt8]) -> (any ImageDecoder)? { decoders.first { $0.recognizes(bytes) } }

    /// The `save` parameters of every registered encoder, each name once: a parameter several
    /// encoders read keeps the first declaration's type and default, and joins their summaries.
    public static var saveParameters: [ParameterSpec] {
        var merged: [ParameterSpec] = []
        var summaries: [String: [String]] = [:]
        for case let encoder as any ImageEncoder in listed {
            for spec in encoder.parameters {
                if !merged.contains(where: { $0.name == spec.name }) { merged.append(spec) }
                if !(summaries[spec.name, default: []].contains(spec.summary)) { summaries[spec.name, default: []].append(spec.summary) }
            }
        }
        return merged.map { spec in
            var spec = spec
            spec.summary = summaries[spec.name, default: [spec.summary]].joined(separator: "; ")
            return spec
        }
    }

    /// The available decoder for `bytes`.
    ///
    /// - Throws: ``UnknownFormatError`` when no decoder recognises the signature,
    ///   ``FormatUnavailableError`` when this build lacks the format's library.
    static func availableDecoder(for bytes: [UInt8]) throws -> any ImageDecoder {
        guard let decoder = decoder(sniffing: bytes) else { throw unknownSignature(bytes) }
        guard decoder.isAvailable else { throw FormatUnavailableError(format: decoder.format) }
        return decoder
    }

    /// The available encoder for `format`.
    ///
    /// - Throws: ``UnwritableFormatError`` when no encoder writes it, ``FormatUnavailableError``
    ///   when this build lacks the format's library.
    static func availableEncoder(for format: ImageFormat) throws -> any ImageEncoder {
        guard let encoder = encoder(for: format) else { throw UnwritableFormatError(format: format) }
        guard encoder.isAvailable else { throw FormatUnavailableError(format: format) }
        return encoder
    }

    /// Decodes `bytes`, detecting the format from its signature. What the format's decoder cannot
    /// do while decoding is done here: a region it cannot decode alone is cut from the whole
    /// picture; a shrink factor it lacks is left out (the picture comes at full size).
    ///
    /// - Throws: ``UnknownFormatError`` when the signature is unknown, ``RegionError`` for a
    ///   region outside the picture, or the codec's own error.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions(), warn: (String) -> Void = { _ in }) throws -> Image {
        let decoder = try availableDecoder(for: bytes)
        let capabilities = decoder.capabilities
        var asked = options
        if !capabilities.shrinkFactors.contains(options.shrink) { asked.shrink = 1 }
        if !capabilities.decodesRegions { asked.region = nil }
        if !capabilities.appliesOrientation { asked.appliesOrientation = false }
        if !capabilities.readsEmbeddedThumbnails { asked.usesEmbeddedThumbnail = false }
        let image = try decoder.decode(bytes, options: asked, warn: warn)
        guard let region = options.region, asked.region == nil else { return image }
        guard region.fits(width: image.width, height: image.height) else {
            throw RegionError(region: region, bounds: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        }
        return image.cropped(to: region)
    }

    /// The file as a stream of bands, when its format's decoder can stream it; `nil` otherwise
    /// (decode it whole). `shrink` chooses a factor from the stored size and orientation; a
    /// decoder that cannot shrink ignores it.
    public static func bands(
        _ file: FileBytes, limits: ImageLimits, shrink: @escaping ShrinkChoice = { _, _, _ in 1 },
        warn: (String) -> Void = { _ in }
    ) throws -> (any BandSource)? {
        let head = try file.bytes(0..<min(32, file.count))
        guard let decoder = decoder(sniffing: head), decoder.isAvailable, decoder.capabilities.streams else { return nil }
        return try decoder.bands(file, limits: limits, shrink: shrink, warn: warn)
    }

    /// What the decoder of `bytes`' format can do while decoding; `nil` for an unknown format.
    public static func capabilities(of bytes: [UInt8]) -> DecoderCapabilities? { decoder(sniffing: bytes)?.capabilities }

    /// Reads size, layout and metadata without decoding pixels (PNG stops at the first `IDAT`).
    public static func info(_ bytes: [UInt8], limits: ImageLimits = .default) throws -> ImageInfo {
        try availableDecoder(for: bytes).info(bytes, limits: limits)
    }

    /// Encodes `image` as `options.format`.
    public static func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws -> [UInt8] {
        try availableEncoder(for: options.format).encode(stripped(image, options), options: options, warn: warn)
    }

    /// Encodes `image` and writes it to `path` atomically; PNG is streamed to disk, never held whole in memory.
    ///
    /// - Throws: ``FormatUnavailableError`` for a format this build was made without.
    public static func write(_ image: Image, to path: String, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        try write(image, to: try AtomicFile(path: path), options: options, warn: warn)
    }

    /// Encodes `image` into `file` and commits it; on any failure the file is aborted (its
    /// destination untouched).
    public static func write(_ image: Image, to file: AtomicFile, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        try commit(file) {
            try availableEncoder(for: options.format).encode(stripped(image, options), options: options, warn: warn) { try file.write($0) }
        }
    }

    /// Runs `write`, which fills `file`, then commits it; on any failure the file is aborted (its
    /// destination untouched) and the error names the file.
    static func commit(_ file: AtomicFile, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch let error as FileError {
            file.abort()
            throw error
        } catch {
            file.abort()
            throw FileError.inFile(path: file.path, underlying: error)
        }
        try file.commit()
    }

    /// Encodes the image `source` streams into `file` and commits it, band by band as the rows
    /// arrive where the format's encoder can (PNG, JPEG, HEIF), else collected first. On any
    /// failure the file is aborted.
    public static func write(
        _ source: any BandSource, to file: AtomicFile, options: EncodeOptions,
        context: TransformContext = TransformContext(), warn: (String) -> Void = { _ in }
    ) throws {
        do {
            let metadata = options.stripped.isEmpty ? source.header.metadata : source.header.metadata.stripping(options.stripped)
            try availableEncoder(for: options.format).encode(source, metadata: metadata, options: options, context: context, warn: warn) {
                try file.write($0)
            }
        } catch {
            // Errors of the steps upstream arrive here too, already naming their step.
            file.abort()
            throw error
        }
        try file.commit()
    }

    /// `image` without the metadata `options` leaves out.
    private static func stripped(_ image: Image, _ options: EncodeOptions) -> Image {
        guard !options.stripped.isEmpty else { return image }
        var image = image
        image.metadata = image.metadata.stripping(options.stripped)
        return image
    }

    private static func unknownSignature(_ bytes: [UInt8]) -> UnknownFormatError {
        let head = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        return UnknownFormatError(firstBytes: head)
    }
}
