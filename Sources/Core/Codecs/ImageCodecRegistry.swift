/// The codec registry: decoding, encoding and inspecting encoded images in the formats of its
/// codecs.
///
/// A registry is an immutable value, built once and passed to whatever reads or writes files, as
/// the host's pipeline compiler and run context carry it. `load`, `save`, `info` and batch runs
/// never name a codec. The built-in codecs are listed once, in ``builtIn``; a registry
/// with another codec is made with ``adding(_:)``:
///
/// ```swift
/// let codecs = ImageCodecRegistry.builtIn.adding(ToyCodec())
/// let image = try codecs.decode(bytes)
/// ```
public struct ImageCodecRegistry: Sendable {
    /// Every codec in listing order: the built-in ones, then those added, in order.
    public let codecs: [any ImageCodec]

    /// The decoders, in lookup order.
    public let decoders: [any ImageDecoder]

    /// The encoders, in lookup order.
    public let encoders: [any ImageEncoder]

    /// The lossless editors, in lookup order.
    private let losslessEditors: [any LosslessEditor]

    /// Creates a registry of `codecs`, in listing order; for one format, a later codec is found
    /// before an earlier one.
    public init(codecs: [any ImageCodec]) {
        // Sorted by role once: the first cast of a type to a protocol searches every conformance
        // the process has, so casting on every look-up cost each run ~0.3 ms.
        self.init(
            codecs: codecs, decoders: codecs.reversed().compactMap { $0 as? any ImageDecoder },
            encoders: codecs.reversed().compactMap { $0 as? any ImageEncoder },
            losslessEditors: codecs.reversed().compactMap { $0 as? any LosslessEditor })
    }

    private init(codecs: [any ImageCodec], decoders: [any ImageDecoder], encoders: [any ImageEncoder], losslessEditors: [any LosslessEditor]) {
        self.codecs = codecs
        self.decoders = decoders
        self.encoders = encoders
        self.losslessEditors = losslessEditors
    }

    /// The built-in codecs, one line each, in the order their formats are listed; available in
    /// this build or not (see ``ImageCodec/isAvailable``).
    public static let builtIn: ImageCodecRegistry = {
        let png = PNGCodec()
        let jpeg = JPEGCodec()
        let webp = WebPCodec()
        let gif = GIFCodec()
        let heic = HEIFCodec(format: .heic)
        let avif = HEIFCodec(format: .avif)
        let vector = VectorDrawableCodec()
        let svg = SVGCodec()
        // Sorted by role here, where the types are known, so that no cast searches the
        // process's conformances at start-up (a test checks these lists against the casts).
        return ImageCodecRegistry(
            codecs: [png, jpeg, webp, gif, heic, avif, vector, svg], decoders: [svg, vector, avif, heic, gif, webp, jpeg, png],
            encoders: [avif, heic, gif, webp, jpeg, png], losslessEditors: [jpeg])
    }()

    /// This registry plus `codec` (a decoder, an encoder or both), found ahead of any codec
    /// already here for the same format.
    public func adding(_ codec: any ImageCodec) -> ImageCodecRegistry {
        ImageCodecRegistry(
            codecs: codecs + [codec], decoders: (codec as? any ImageDecoder).map { [$0] + decoders } ?? decoders,
            encoders: (codec as? any ImageEncoder).map { [$0] + encoders } ?? encoders,
            losslessEditors: (codec as? any LosslessEditor).map { [$0] + losslessEditors } ?? losslessEditors)
    }

    /// The decoder for `format`, if one is registered.
    public func decoder(for format: ImageFormat) -> (any ImageDecoder)? { decoders.first { $0.format == format } }

    /// The encoder for `format`, if one is registered.
    public func encoder(for format: ImageFormat) -> (any ImageEncoder)? { encoders.first { $0.format == format } }

    /// The codec that can turn and crop `format`'s files without decoding them in this build, if any.
    public func losslessEditor(for format: ImageFormat) -> (any LosslessEditor)? {
        losslessEditors.first { $0.format == format && $0.isAvailable && $0.editsLosslessly }
    }

    /// The decoder that recognises `bytes` (a file's first bytes), if any.
    public func decoder(sniffing bytes: [UInt8]) -> (any ImageDecoder)? { decoders.first { $0.recognizes(bytes) } }

    /// The `save` parameters of every registered encoder, each name once: a parameter several
    /// encoders read keeps the first declaration's type and default, and joins their summaries.
    public var saveParameters: [ParameterSpec] {
        var merged: [ParameterSpec] = []
        var summaries: [String: [String]] = [:]
        for encoder in encoders.reversed() {
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
    func availableDecoder(for bytes: [UInt8]) throws -> any ImageDecoder {
        guard let decoder = decoder(sniffing: bytes) else { throw unknownSignature(bytes) }
        guard decoder.isAvailable else { throw unavailable(decoder.format) }
        return decoder
    }

    /// The available encoder for `format`.
    ///
    /// - Throws: ``UnwritableFormatError`` when no encoder writes it, ``FormatUnavailableError``
    ///   when this build lacks the format's library.
    func availableEncoder(for format: ImageFormat) throws -> any ImageEncoder {
        guard let encoder = encoder(for: format) else { throw UnwritableFormatError(format: format) }
        guard encoder.isAvailable else { throw unavailable(format) }
        return encoder
    }

    /// Decodes `bytes`, detecting the format from its signature. What the format's decoder cannot
    /// do while decoding is done here: a region it cannot decode alone is cut from the whole
    /// picture; a shrink factor it lacks is left out (the picture comes at full size).
    ///
    /// - Throws: ``UnknownFormatError`` when the signature is unknown, ``RegionError`` for a
    ///   region outside the picture, or the codec's own error.
    public func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions(), warn: (String) -> Void = { _ in }) throws -> Image {
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
    public func bands(
        _ file: FileBytes, limits: ImageLimits, shrink: @escaping ShrinkChoice = { _, _, _ in 1 },
        warn: (String) -> Void = { _ in }
    ) throws -> (any BandSource)? {
        let head = try file.bytes(0..<min(32, file.count))
        guard let decoder = decoder(sniffing: head), decoder.isAvailable, decoder.capabilities.streams else { return nil }
        return try decoder.bands(file, limits: limits, shrink: shrink, warn: warn)
    }

    /// What the decoder of `bytes`' format can do while decoding; `nil` for an unknown format.
    public func capabilities(of bytes: [UInt8]) -> DecoderCapabilities? { decoder(sniffing: bytes)?.capabilities }

    /// Reads size, layout and metadata without decoding pixels (PNG stops at the first `IDAT`).
    public func info(_ bytes: [UInt8], limits: ImageLimits = .default) throws -> ImageInfo {
        try availableDecoder(for: bytes).info(bytes, limits: limits)
    }

    /// Encodes `image` as `options.format`.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws -> [UInt8] {
        try availableEncoder(for: options.format).encode(stripped(image, options), options: options, warn: warn)
    }

    /// Encodes `image` and writes it to `path` atomically; PNG is streamed to disk, never held whole in memory.
    ///
    /// - Throws: ``FormatUnavailableError`` for a format this build was made without.
    public func write(_ image: Image, to path: String, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        try write(image, to: try AtomicFile(path: path), options: options, warn: warn)
    }

    /// Encodes `image` into `file` and commits it; on any failure the file is aborted (its
    /// destination untouched).
    public func write(_ image: Image, to file: AtomicFile, options: EncodeOptions, warn: (String) -> Void = { _ in }) throws {
        try Self.commit(file) {
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
    public func write(
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
    private func stripped(_ image: Image, _ options: EncodeOptions) -> Image {
        guard !options.stripped.isEmpty else { return image }
        var image = image
        image.metadata = image.metadata.stripping(options.stripped)
        return image
    }

    private func unknownSignature(_ bytes: [UInt8]) -> UnknownFormatError {
        let head = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        return UnknownFormatError(firstBytes: head, readableFormats: readableFormats.map(\.description))
    }
}
