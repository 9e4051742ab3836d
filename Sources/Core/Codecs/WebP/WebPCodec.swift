#if canImport(CWebP)
import CWebP
#endif

/// WebP through libwebp: lossy or lossless, with alpha; shrunk and turned upright while
/// decoding; EXIF and ICC through the mux API. Optional: without libwebp the format is known
/// but refused.
public struct WebPCodec: AnimationDecoder, AnimationEncoder {
    /// Creates the codec.
    public init() {}

    /// The libwebp version (`1.2.4`), or `nil` when this build leaves WebP out or libwebp cannot
    /// be loaded on this machine (asking loads it).
    public static var libraryVersion: String? {
        #if canImport(CWebP)
        guard let libwebp = WebPLibrary.library.table else { return nil }
        let version = libwebp.WebPGetDecoderVersion()
        return "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
        #else
        nil
        #endif
    }

    /// Whether this build holds the WebP code (it then needs libwebp only at run time).
    public static var isCompiledIn: Bool {
        #if canImport(CWebP)
        true
        #else
        false
        #endif
    }

    /// `true` when libwebp, libwebpmux and libwebpdemux were found at build time and load.
    public static var isAvailable: Bool { libraryVersion != nil }

    /// WebP.
    public var format: ImageFormat { .webp }

    /// libwebp.
    public var library: CodecLibrary? {
        CodecLibrary(
            name: "libwebp", version: Self.libraryVersion,
            package: Self.isCompiledIn ? "libwebp7, libwebpmux3 and libwebpdemux2 (Homebrew: webp)" : "libwebp-dev (Homebrew: webp)",
            isLoadedAtRunTime: Self.isCompiledIn)
    }

    /// libwebp's rescaler while decoding, and orientation while decoding.
    public var capabilities: DecoderCapabilities { DecoderCapabilities(shrinkFactors: [1, 2, 4, 8], appliesOrientation: true) }

    /// A RIFF container of type `WEBP`.
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
    }

    /// The bitstream's features and the container's EXIF and ICC.
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let info = try WebPDecoder(limits: limits).readInfo(bytes)
        let type = (info.isLossless ? "lossless " : "lossy ") + (info.hasAlpha ? "RGBA" : "RGB") + (info.frameCount > 1 ? ", \(info.frameCount) frames" : "")
        var result = ImageInfo(
            format: .webp, width: info.width, height: info.height, bitDepth: 8, colorType: type, hasAlpha: info.hasAlpha, isInterlaced: false,
            metadata: info.metadata)
        result.frameDurations = info.frameDurations
        result.loopCount = info.loopCount
        return result
    }

    /// Decodes at `options.shrink`, upright when asked.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        var decoder = WebPDecoder(limits: options.limits, scaleDenominator: options.shrink)
        decoder.appliesOrientation = options.appliesOrientation
        return try decoder.decode(bytes, warn: warn)
    }

    /// Every frame, composited by libwebp (a still file gives one frame), each handed to `each`.
    public func decodeAnimation(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void, each: (Image) throws -> Image) throws -> Animation {
        try WebPAnimation.decode(bytes, limits: options.limits, each: each)
    }

    /// An animated WebP of every frame.
    public func encode(_ animation: Animation, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        let lossless = Self.isLossless(options, source: animation.frames.first?.image.metadata ?? ImageMetadata())
        return try WebPAnimation.encode(animation, encoder: WebPEncoder(quality: options.quality ?? 80, isLossless: lossless, effort: options.effort))
    }

    /// `quality`, `lossless` and `effort`.
    public var parameters: [ParameterSpec] {
        [
            ParameterSpec("quality", .integer(1...100), summary: "WebP default 80", example: .integer(90)),
            ParameterSpec(
                "lossless", .choice(LosslessPolicy.words), default: .choice("auto"),
                summary:
                    "WebP: true (or always) writes a lossless WebP, every sample kept exactly; false and never a lossy one; auto a lossless one from a lossless WebP when no quality is given, else a lossy one"
            ),
            ParameterSpec("effort", .integer(0...6), default: .integer(4), summary: "encoder effort, 0 = fastest … 6 = smallest: WebP"),
        ]
    }

    /// Reads `quality`, `lossless` and `effort`.
    public func configure(_ options: inout EncodeOptions, from arguments: Arguments) throws {
        options.quality = arguments["quality"] == nil ? nil : try arguments.integer("quality")
        let policy = arguments["lossless"]?.stringValue.flatMap(LosslessPolicy.init(word:)) ?? .auto
        options.losslessPolicy = policy
        options.isLossless = policy == .always
        options.effort = try arguments.integer("effort")
    }

    /// The whole file (libwebp encodes whole pictures).
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        try WebPEncoder(quality: options.quality ?? 80, isLossless: Self.isLossless(options, source: image.metadata), effort: options.effort).encode(image)
    }

    /// Lossless when asked, or when `lossless=auto`, no quality is given and the image came from
    /// a lossless file (a lossless WebP stays lossless).
    static func isLossless(_ options: EncodeOptions, source: ImageMetadata) -> Bool {
        options.isLossless || (options.losslessPolicy == .auto && options.quality == nil && source.hints.isLosslessSource)
    }
}
