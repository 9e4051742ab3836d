#if canImport(CHEIF)
import CHEIF
#endif

/// HEIC or AVIF through libheif (one instance per format): the primary image upright (libheif
/// applies `irot`/`imir`) or its embedded thumbnail; written band by band. Optional: without
/// libheif both formats are known but refused.
public struct HEIFCodec: ImageDecoder, ImageEncoder {
    /// HEIC or AVIF.
    public let format: ImageFormat

    /// The codec for `format`, ``ImageFormat/heic`` or ``ImageFormat/avif``.
    public init(format: ImageFormat) { self.format = format }

    /// libheif's version (`1.15.1`), or `nil` when this build leaves HEIF out or libheif cannot be
    /// loaded on this machine (asking loads it: it is loaded at run time, not linked).
    public static var libraryVersion: String? {
        #if canImport(CHEIF)
        HEIFLibrary.version
        #else
        nil
        #endif
    }

    /// Whether this build holds the HEIF code (it then needs libheif only at run time).
    public static var isCompiledIn: Bool {
        #if canImport(CHEIF)
        true
        #else
        false
        #endif
    }

    /// `true` when libheif can be used: compiled in and found on this machine.
    public static var isAvailable: Bool { libraryVersion != nil }

    /// libheif.
    public var library: CodecLibrary? {
        CodecLibrary(
            name: "libheif", version: Self.libraryVersion, package: Self.isCompiledIn ? "libheif1 (Homebrew: libheif)" : "libheif-dev (Homebrew: libheif)",
            isLoadedAtRunTime: Self.isCompiledIn)
    }

    /// Embedded thumbnails; libheif turns the pixels upright itself.
    public var capabilities: DecoderCapabilities { DecoderCapabilities(readsEmbeddedThumbnails: true) }

    /// An ISO-BMFF `ftyp` box whose major brand, else a compatible brand, is this format's.
    public func recognizes(_ bytes: [UInt8]) -> Bool { Self.brand(bytes) == format }

    /// The primary image's size, depth, alpha, EXIF and ICC.
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let info = try HEIFDecoder(limits: limits).readInfo(bytes)
        return ImageInfo(
            format: format, width: info.width, height: info.height, bitDepth: info.bitDepth, colorType: info.hasAlpha ? "RGBA" : "RGB",
            hasAlpha: info.hasAlpha, isInterlaced: false, metadata: info.metadata)
    }

    /// The primary image (or its thumbnail when asked), upright with the tag 1.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        var decoder = HEIFDecoder(limits: options.limits)
        decoder.usesEmbeddedThumbnail = options.usesEmbeddedThumbnail
        return try decoder.decode(bytes)
    }

    /// `quality` and `effort`.
    public var parameters: [ParameterSpec] {
        [
            ParameterSpec("quality", .integer(1...100), summary: "AVIF and HEIC default 60", example: .integer(90)),
            ParameterSpec("effort", .integer(0...6), default: .integer(4), summary: "AVIF and HEIC"),
        ]
    }

    /// Reads `quality` and `effort`.
    public func configure(_ options: inout EncodeOptions, from arguments: Arguments) throws {
        options.quality = arguments["quality"] == nil ? nil : try arguments.integer("quality")
        options.effort = try arguments.integer("effort")
    }

    /// The whole file.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        try encoder(options).encode(image)
    }

    /// The rows go straight into libheif's picture, band by band.
    public func encode(
        _ source: any BandSource, metadata: ImageMetadata, options: EncodeOptions, context: TransformContext, warn: (String) -> Void,
        into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let bytes = try encoder(options).encode(source, metadata: metadata, context: context)
        try bytes.withUnsafeBytes { try sink($0) }
    }

    private func encoder(_ options: EncodeOptions) -> HEIFEncoder {
        HEIFEncoder(codec: format == .avif ? .avif : .heic, quality: options.quality ?? 60, effort: options.effort)
    }

    /// HEIC or AVIF from an ISO-BMFF `ftyp` box: its major brand, else its compatible brands.
    static func brand(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(16, size))
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var at = 16
        while at + 4 <= end {
            brands.append(String(decoding: bytes[at..<(at + 4)], as: UTF8.self))
            at += 4
        }
        for brand in brands {
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis"].contains(brand) { return .heic }
        }
        return brands.contains("mif1") || brands.contains("msf1") ? .heic : nil
    }
}
