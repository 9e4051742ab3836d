import CJPEGShim

/// JPEG through libjpeg-turbo: DCT scaling, region decode, upright while decoding, streams both
/// ways.
public struct JPEGCodec: ImageDecoder, ImageEncoder {
    /// Creates the codec.
    public init() {}

    /// JPEG.
    public var format: ImageFormat { .jpeg }

    /// libjpeg-turbo, always linked.
    public var library: CodecLibrary? { CodecLibrary(name: "libjpeg-turbo", version: String(cString: njs_library_version()), package: "libjpeg62-turbo-dev") }

    /// DCT scaling by 1/2, 1/4 and 1/8, regions, orientation while decoding, streams.
    public var capabilities: DecoderCapabilities {
        DecoderCapabilities(shrinkFactors: [1, 2, 4, 8], decodesRegions: true, appliesOrientation: true, streams: true)
    }

    /// The SOI marker and the first marker's `FF`.
    public func recognizes(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// The frame header and the markers before the scan.
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let info = try JPEGDecoder(limits: limits).readInfo(bytes)
        let type = info.components == 1 ? "gray" : info.components == 4 ? "CMYK" : "YCbCr"
        var result = ImageInfo(
            format: .jpeg, width: info.width, height: info.height, bitDepth: 8, colorType: type, hasAlpha: false,
            isInterlaced: info.progressive, metadata: info.metadata)
        result.interlaceTerm = "progressive"
        return result
    }

    /// Decodes at `options.shrink`, only `options.region`, upright when asked.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        var decoder = JPEGDecoder(limits: options.limits, scaleDenominator: options.shrink)
        decoder.appliesOrientation = options.appliesOrientation
        decoder.region = options.region
        return try decoder.decode(bytes)
    }

    /// A stream of bands in stored orientation, at the scale `shrink` picks.
    public func bands(_ file: FileBytes, limits: ImageLimits, shrink: @escaping ShrinkChoice, warn: (String) -> Void) throws -> (any BandSource)? {
        try JPEGDecoder(limits: limits).bands(file, scale: shrink)
    }

    /// `quality`, `progressive`, `subsampling`, `lossless` and `background`.
    public var parameters: [ParameterSpec] {
        [
            ParameterSpec("quality", .integer(1...100), summary: "lossy quality 1–100: JPEG default 90", example: .integer(90)),
            ParameterSpec("progressive", .boolean, default: .boolean(false), summary: "write a progressive JPEG"),
            ParameterSpec("subsampling", .choice(["420", "422", "444"]), summary: "JPEG chroma subsampling (default 420)"),
            ParameterSpec(
                "lossless", .choice(LosslessPolicy.words), default: .choice("auto"),
                summary:
                    "JPEG from a JPEG through only orient/crop steps, without quality= or subsampling=: auto moves the DCT coefficients (no generation loss) when that gives the exact result, always does it trimming partial edge blocks and starting crops on the block grid (or fails), never decodes and encodes"
            ),
            ParameterSpec(
                "background", .color, summary: "colour JPEG flattens transparency onto (default white, with a warning when any pixel was see-through)"),
        ]
    }

    /// Reads its parameters; a `background=` given turns the flattening warning off.
    public func configure(_ options: inout EncodeOptions, from arguments: Arguments) throws {
        options.quality = arguments["quality"] == nil ? nil : try arguments.integer("quality")
        options.progressive = try arguments.boolean("progressive")
        options.subsampling = JPEGEncoder.Subsampling(rawValue: Int(arguments["subsampling"]?.stringValue ?? "420") ?? 420) ?? .s420
        options.losslessPolicy = arguments["lossless"]?.stringValue.flatMap(LosslessPolicy.init(word:)) ?? .auto
        if arguments["background"] != nil {
            options.background = try arguments.color("background")
            options.warnsWhenFlattening = false
        }
    }

    /// The whole file.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        try encoder(options).encode(image, warn: warn)
    }

    /// Scanline by scanline as the bands arrive; libjpeg compresses on this thread while the next
    /// band is computed.
    public func encode(
        _ source: any BandSource, metadata: ImageMetadata, options: EncodeOptions, context: TransformContext, warn: (String) -> Void,
        into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let bytes = try encoder(options).encode(PrefetchedBandSource(source), metadata: metadata, context: context, warn: warn)
        try bytes.withUnsafeBytes { try sink($0) }
    }

    private func encoder(_ options: EncodeOptions) -> JPEGEncoder {
        JPEGEncoder(
            quality: options.quality ?? 90, progressive: options.progressive, subsampling: options.subsampling, background: options.background,
            warnsWhenFlattening: options.warnsWhenFlattening)
    }
}
