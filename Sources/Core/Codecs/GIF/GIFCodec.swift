#if canImport(CGIF)
import CGIF
#endif

/// GIF through giflib: still or animated, read (frames composited as Pillow composites them) and
/// written (our own palette quantizer, giflib's LZW). Optional: without giflib the format is
/// known but refused.
public struct GIFCodec: AnimationDecoder, AnimationEncoder {
    /// Creates the codec.
    public init() {}

    /// giflib's version (`5.2`, the one built against), or `nil` when this build leaves GIF out or
    /// giflib cannot be loaded on this machine (asking loads it).
    public static var libraryVersion: String? {
        #if canImport(CGIF)
        GIFLibrary.library.table == nil ? nil : "\(GIFLIB_MAJOR).\(GIFLIB_MINOR)"
        #else
        nil
        #endif
    }

    /// Whether this build holds the GIF code (it then needs giflib only at run time).
    public static var isCompiledIn: Bool {
        #if canImport(CGIF)
        true
        #else
        false
        #endif
    }

    /// What to install: to build with giflib, or to run with it.
    private static var packageName: String { isCompiledIn ? "libgif7 (Homebrew: giflib)" : "libgif-dev (Homebrew: giflib)" }

    /// `true` when giflib was found at build time and loads.
    public static var isAvailable: Bool { libraryVersion != nil }

    /// GIF.
    public var format: ImageFormat { .gif }

    /// giflib.
    public var library: CodecLibrary? {
        CodecLibrary(name: "giflib", version: Self.libraryVersion, package: Self.packageName, isLoadedAtRunTime: Self.isCompiledIn)
    }

    /// `GIF87a` or `GIF89a`.
    public func recognizes(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) }

    /// The canvas size (the screen, grown to hold frames that reach past it), transparency,
    /// frame durations and loop count.
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let info = try GIFDecoder(limits: limits).readInfo(bytes)
        var result = ImageInfo(
            format: .gif, width: info.canvasWidth, height: info.canvasHeight, bitDepth: 8,
            colorType: "palette" + (info.frameCount > 1 ? ", \(info.frameCount) frames" : ""),
            hasAlpha: info.hasAlpha, isInterlaced: info.isInterlaced, metadata: ImageMetadata())
        if info.frameCount > 1 {
            result.frameDurations = info.frameDurations
            result.loopCount = info.loopCount
        }
        return result
    }

    /// The first frame on the logical screen.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        try GIFDecoder(limits: options.limits).decode(bytes, warn: warn)
    }

    /// Every frame, composited, each handed to `each`.
    public func decodeAnimation(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void, each: (Image) throws -> Image) throws -> Animation {
        try GIFDecoder(limits: options.limits).decodeAnimation(bytes, each: each)
    }

    /// `colors`, `dither` and `threshold`.
    public var parameters: [ParameterSpec] {
        [
            ParameterSpec(
                "colors", .integer(2...256), default: .integer(256), summary: "GIF: the most colours in the palette (a transparent index counts as one)"),
            ParameterSpec("dither", .boolean, default: .boolean(true), summary: "GIF: Floyd–Steinberg dithering of the palette colours"),
            ParameterSpec(
                "threshold", .integer(1...255), default: .integer(128),
                summary: "GIF: pixels with alpha under it are transparent, the rest opaque (GIF has 1-bit alpha)"),
        ]
    }

    /// One picture as GIF.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        try Self.encoder(options).encode(image)
    }

    /// An animated GIF (`options.arguments` give `colors`, `dither` and `threshold`).
    public func encode(_ animation: Animation, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        try Self.encoder(options).encode(animation)
    }

    /// The encoder `options` asks for (defaults outside pipelines).
    static func encoder(_ options: EncodeOptions) -> GIFEncoder {
        let arguments = options.arguments
        return GIFEncoder(
            colorCount: (try? arguments.integer("colors")) ?? 256, dithers: (try? arguments.boolean("dither")) ?? true,
            alphaCutoff: (try? arguments.integer("threshold")) ?? 128)
    }
}
