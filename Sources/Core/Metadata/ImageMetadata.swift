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
