/// Everything that travels with the pixels and is written back on save.
///
/// Transforms keep what stays true and fix what they change: a rotation resets
/// ``orientation`` to ``Orientation/up``; a crop moves or drops ``ninePatch``.
public struct ImageMetadata: Sendable, Hashable {
    /// How the stored pixels must be turned to display upright.
    public var orientation: Orientation
    /// The raw EXIF block (a TIFF structure, without JPEG's `Exif\0\0` prefix), if any.
    ///
    /// Its orientation tag is rewritten to ``orientation`` when saving.
    public var exif: [UInt8]?
    /// The embedded ICC colour profile, if any.
    public var iccProfile: ICCProfile?
    /// Physical pixel density, if known.
    public var density: PhysicalDensity?
    /// Android nine-patch information, if any.
    public var ninePatch: NinePatchInfo?
    /// PNG `gAMA` as stored (gamma × 100000); informational, never applied to pixels.
    public var gamma: UInt32?
    /// PNG `sRGB` rendering intent (0–3), if present.
    public var sRGBIntent: UInt8?
    /// Textual key/value pairs (`tEXt`, `zTXt`, `iTXt`).
    public var text: [TextEntry]
    /// How it was read or asked to be written, for encoders choosing what the user expects.
    public var hints = EncodingHints()

    /// Creates metadata; every field defaults to absent (orientation ``Orientation/up``).
    public init(
        orientation: Orientation = .up, exif: [UInt8]? = nil, iccProfile: ICCProfile? = nil,
        density: PhysicalDensity? = nil, ninePatch: NinePatchInfo? = nil,
        gamma: UInt32? = nil, sRGBIntent: UInt8? = nil, text: [TextEntry] = []
    ) {
        self.orientation = orientation
        self.exif = exif
        self.iccProfile = iccProfile
        self.density = density
        self.ninePatch = ninePatch
        self.gamma = gamma
        self.sRGBIntent = sRGBIntent
        self.text = text
    }
}

/// One textual key/value pair, as PNG stores in `tEXt`, `zTXt` and `iTXt`.
public struct TextEntry: Sendable, Hashable {
    /// The keyword (1–79 Latin-1 characters), such as `Title` or `Software`.
    public var keyword: String
    /// The text.
    public var text: String

    /// Creates an entry.
    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }
}

/// How an image was read, or asked to be written, for encoders that choose a layout or a
/// compression themselves. Hints never make two images differ: they are left out of `==` and
/// hashing (two images with the same pixels and metadata are equal, whatever their files were).
public struct EncodingHints: Sendable, Hashable {
    /// Whether the alpha channel was asked for (the `alpha add` step): an encoder that would
    /// leave out an alpha channel in which every pixel is opaque (PNG's smallest layout) keeps it.
    public var keepsAlphaChannel = false
    /// Whether the file it was read from kept every sample exactly, in a format that can be
    /// lossy or lossless (WebP): saved again as WebP with `lossless=auto` and no quality, it
    /// stays lossless.
    public var isLosslessSource = false

    /// No hints.
    public init() {}

    /// Always `true`: hints are not part of what an image is.
    public static func == (lhs: EncodingHints, rhs: EncodingHints) -> Bool { true }

    /// Adds nothing: hints are not part of what an image is.
    public func hash(into hasher: inout Hasher) {}
}
