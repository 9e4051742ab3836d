#if canImport(CGIF)
import CGIF
#endif

/// GIF through giflib: still or animated, read (frames composited as Pillow composites them) and
/// written (our own palette quantizer, giflib's LZW). Optional: without giflib the format is
/// known but refused.
public struct GIFCodec: AnimationDecoder {
    /// Creates the codec.
    public init() {}

    /// giflib's version (`5.2`), or `nil` without GIF.
    public static var libraryVersion: String? {
        #if canImport(CGIF)
        "\(GIFLIB_MAJOR).\(GIFLIB_MINOR)"
        #else
        nil
        #endif
    }

    /// `true` when giflib was found at build time.
    public static var isAvailable: Bool { libraryVersion != nil }

    /// GIF.
    public var format: ImageFormat { .gif }

    /// giflib.
    public var library: CodecLibrary? { CodecLibrary(name: "giflib", version: Self.libraryVersion, package: "libgif-dev (Homebrew: giflib)") }

    /// `GIF87a` or `GIF89a`.
    public func recognizes(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) }

    /// The screen size, transparency and frame count.
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let info = try GIFDecoder(limits: limits).readInfo(bytes)
        var result = ImageInfo(
            format: .gif, width: info.width, height: info.height, bitDepth: 8,
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

    /// Every frame, composited.
    public func decodeAnimation(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Animation {
        try GIFDecoder(limits: options.limits).decodeAnimation(bytes)
    }
}
