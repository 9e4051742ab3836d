/// What every codec tells the registry about itself: its format, and whether this build can use it.
///
/// A codec is a folder under `Sources/Core/Codecs/` with a type conforming to ``ImageDecoder``,
/// ``ImageEncoder`` or both, listed once in ``ImageCodecRegistry/builtIn`` (or added to a registry
/// with ``ImageCodecRegistry/adding(_:)``). `load`, `save`, `info` and batch runs reach it only
/// through a registry.
public protocol ImageCodec: Sendable {
    /// The format it reads or writes.
    var format: ImageFormat { get }
    /// Whether this build can use it: by default, whether ``library`` was found at build time.
    var isAvailable: Bool { get }
    /// The system library it runs on, for version listings and "built without" messages; `nil` for a
    /// codec written in Swift alone.
    var library: CodecLibrary? { get }
}

extension ImageCodec {
    /// Whether ``library`` has a version (it was found at build time); always for a codec written
    /// in Swift alone.
    public var isAvailable: Bool { library.map { $0.version != nil } ?? true }
    /// No system library.
    public var library: CodecLibrary? { nil }
}

/// The system library a codec runs on.
public struct CodecLibrary: Sendable, Hashable {
    /// Its name (`libwebp`).
    public var name: String
    /// Its version when compiled in (`1.2.4`), `nil` when it was missing at build time.
    public var version: String?
    /// What to install to build with it (`libwebp-dev (Homebrew: webp)`), or, for a library
    /// loaded at run time, to run with it.
    public var package: String
    /// Whether the build holds the code that loads the library when it is first needed (librsvg),
    /// so a missing ``version`` means it was not found on this machine, not that the build lacks it.
    public var isLoadedAtRunTime: Bool

    /// Creates a description.
    public init(name: String, version: String?, package: String, isLoadedAtRunTime: Bool = false) {
        self.name = name
        self.version = version
        self.package = package
        self.isLoadedAtRunTime = isLoadedAtRunTime
    }
}

/// What a decoder can do while decoding, so `load` asks for the cheapest decode that gives the
/// same result (shrink-on-load, region decode) and does the rest itself, once for every format.
public struct DecoderCapabilities: Sendable, Hashable {
    /// The factors it can shrink by while decoding (sides rounded up); `[1]` when it cannot.
    public var shrinkFactors: [Int]
    /// Whether it decodes a rectangle without decoding the whole picture (otherwise the
    /// registry decodes whole and crops).
    public var decodesRegions: Bool
    /// Whether it can apply the EXIF orientation while decoding.
    public var appliesOrientation: Bool
    /// Whether it can give the picture as a stream of bands (``ImageDecoder/bands(_:limits:shrink:warn:)``).
    public var streams: Bool
    /// Whether the file may carry a small embedded thumbnail it can decode instead.
    public var readsEmbeddedThumbnails: Bool
    /// Whether it draws a vector picture at any size asked (``DecodeOptions/rendering``), so a
    /// step that wants another size gets it drawn at that size instead of resampled.
    public var rendersAtAnySize: Bool

    /// Creates capabilities; the defaults are a decoder that can only decode whole pictures.
    public init(
        shrinkFactors: [Int] = [1], decodesRegions: Bool = false, appliesOrientation: Bool = false, streams: Bool = false,
        readsEmbeddedThumbnails: Bool = false, rendersAtAnySize: Bool = false
    ) {
        self.shrinkFactors = shrinkFactors
        self.decodesRegions = decodesRegions
        self.appliesOrientation = appliesOrientation
        self.streams = streams
        self.readsEmbeddedThumbnails = readsEmbeddedThumbnails
        self.rendersAtAnySize = rendersAtAnySize
    }

    /// The largest shrink factor that keeps a `width`×`height` picture at least
    /// `minimumWidth`×`minimumHeight` (sides rounded up); 1 when none does.
    public func shrinkFactor(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int) -> Int {
        let fitting = shrinkFactors.filter { factor in
            factor >= 1 && (width + factor - 1) / factor >= minimumWidth && (height + factor - 1) / factor >= minimumHeight
        }
        return fitting.max() ?? 1
    }
}

/// Chooses a shrink-on-load factor from a file's stored width, height and orientation.
public typealias ShrinkChoice = (_ width: Int, _ height: Int, _ orientation: Orientation) -> Int

/// Reads one format.
public protocol ImageDecoder: ImageCodec {
    /// What it can do while decoding.
    var capabilities: DecoderCapabilities { get }

    /// Whether `bytes`, a file's first bytes (at least 32 when the file has them), are this format.
    func recognizes(_ bytes: [UInt8]) -> Bool

    /// Size, layout and metadata, without decoding pixels.
    func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo

    /// Decodes `bytes` under `options.limits`. Honour `options.region` only when
    /// ``DecoderCapabilities/decodesRegions`` (the registry crops otherwise), `options.shrink`
    /// only for a factor in ``DecoderCapabilities/shrinkFactors``, `options.appliesOrientation`
    /// only when ``DecoderCapabilities/appliesOrientation``.
    func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image

    /// The file as a stream of bands, or `nil` when this file cannot be streamed (then it is
    /// decoded whole). `shrink` chooses a factor from the stored size and orientation.
    func bands(
        _ file: FileBytes, limits: ImageLimits, shrink: @escaping ShrinkChoice,
        warn: (String) -> Void
    ) throws -> (any BandSource)?
}

extension ImageDecoder {
    /// Whole pictures only.
    public var capabilities: DecoderCapabilities { DecoderCapabilities() }

    /// No stream: the file is decoded whole.
    public func bands(_ file: FileBytes, limits: ImageLimits, shrink: @escaping ShrinkChoice, warn: (String) -> Void) throws -> (any BandSource)? { nil }
}

/// Writes one format.
public protocol ImageEncoder: ImageCodec {
    /// The `save` parameters it reads (`quality`, `effort`, `subsampling`…); `save` accepts the
    /// union of every registered encoder's, validated by the pipeline compiler.
    var parameters: [ParameterSpec] { get }

    /// Reads its parameters from a `save` step's validated `arguments` into `options`.
    func configure(_ options: inout EncodeOptions, from arguments: Arguments) throws

    /// Encodes `image` (its metadata already stripped as `options` asks).
    func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8]

    /// Encodes `image` into `sink`, piece by piece when it can (PNG streams its chunks).
    func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void, into sink: (UnsafeRawBufferPointer) throws -> Void) throws

    /// Encodes the picture `source` streams, with `metadata`, into `sink`.
    func encode(
        _ source: any BandSource, metadata: ImageMetadata, options: EncodeOptions, context: TransformContext, warn: (String) -> Void,
        into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws
}

extension ImageEncoder {
    /// No parameters of its own.
    public var parameters: [ParameterSpec] { [] }

    /// Nothing to read.
    public func configure(_ options: inout EncodeOptions, from arguments: Arguments) throws {}

    /// The whole file, then `sink`.
    public func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void, into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        let bytes = try encode(image, options: options, warn: warn)
        try bytes.withUnsafeBytes { try sink($0) }
    }

    /// The stream collected into a picture, then encoded whole.
    public func encode(
        _ source: any BandSource, metadata: ImageMetadata, options: EncodeOptions, context: TransformContext, warn: (String) -> Void,
        into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var image = try source.materialized(context: context)
        image.metadata = metadata
        try encode(image, options: options, warn: warn, into: sink)
    }
}
