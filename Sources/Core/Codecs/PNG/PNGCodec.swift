/// PNG in Swift over zlib: decoded whole, band by band, or only a region's rows; written
/// streaming, at the smallest lossless layout.
public struct PNGCodec: ImageDecoder, ImageEncoder {
    /// Creates the codec.
    public init() {}

    /// PNG.
    public var format: ImageFormat { .png }

    /// zlib, always linked.
    public var library: CodecLibrary? { CompressionLibraries.deflate }

    /// Regions (only the rows needed are inflated) and streams; no shrinking while decoding.
    public var capabilities: DecoderCapabilities { DecoderCapabilities(decodesRegions: true, streams: true) }

    /// The 8-byte PNG signature.
    public func recognizes(_ bytes: [UInt8]) -> Bool { bytes.starts(with: PNGSignature.bytes) }

    /// The header and the chunks before the first `IDAT`; sizes are not limited (nothing is allocated for pixels).
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        var unlimited = limits
        unlimited.maxPixelCount = .max
        unlimited.maxDimension = .max
        let structure = try PNGStructure.read(bytes, limits: unlimited, stopAtImageData: true) { _ in }
        let header = structure.header
        let alpha =
            header.colorType == .grayAlpha || header.colorType == .rgba || structure.transparencyKey != nil || (structure.palette?.hasAlpha ?? false)
        return ImageInfo(
            format: .png, width: header.width, height: header.height, bitDepth: header.bitDepth, colorType: header.colorType.displayName,
            hasAlpha: alpha, isInterlaced: header.isInterlaced, metadata: structure.metadata)
    }

    /// Decodes the picture, or only `options.region`.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        try PNGDecoder(limits: options.limits).decode(bytes, region: options.region, warn: warn)
    }

    /// A stream of bands for a file that is not interlaced; `nil` for an interlaced one.
    public func bands(_ file: FileBytes, limits: ImageLimits, shrink: @escaping ShrinkChoice, warn: (String) -> Void) throws -> (any BandSource)? {
        try PNGDecoder(limits: limits).bands(file, warn: warn)
    }

    /// `compression` and `palette`.
    public var parameters: [ParameterSpec] {
        [
            ParameterSpec(
                "compression", .choice(["auto", "fast", "default", "best"] + (0...9).map(String.init)), default: .choice("auto"),
                summary:
                    "PNG deflate effort: fast (level 1), default or auto (4 up to 4 megapixels, 2 above), best (level 9: screenshots and icons 5–45% smaller, up to 3× the deflate time; photos alike), or a zlib level 0–9"
            ),
            ParameterSpec("palette", .boolean, default: .boolean(true), summary: "let PNG use a palette for images with at most 256 colours"),
        ]
    }

    /// Reads `compression` and `palette`.
    public func configure(_ options: inout EncodeOptions, from arguments: Arguments) throws {
        options.compressionLevel = Self.level(named: try arguments.string("compression"))
        options.allowsPalette = try arguments.boolean("palette")
    }

    /// The whole file.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        try encoder(options).encode(image)
    }

    /// Chunk by chunk into `sink`, never the whole file in memory.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void, into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in try encoder(options).encode(image, to: sink) }
    }

    /// Band by band as the rows arrive, in the stream's own layout.
    public func encode(
        _ source: any BandSource, metadata: ImageMetadata, options: EncodeOptions, context: TransformContext, warn: (String) -> Void,
        into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try withoutActuallyEscaping(sink) { sink in try encoder(options).encode(source, metadata: metadata, context: context, to: sink) }
    }

    /// The zlib level a `compression=` word names: `fast` 1, `best` 9, a digit itself, `nil`
    /// (automatic) for `default` and `auto`.
    static func level(named word: String) -> Int? {
        switch word {
        case "fast": 1
        case "best": 9
        default: Int(word)
        }
    }

    private func encoder(_ options: EncodeOptions) -> PNGEncoder {
        PNGEncoder(compressionLevel: options.compressionLevel, allowsPalette: options.allowsPalette)
    }
}
