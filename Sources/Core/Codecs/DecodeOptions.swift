/// How to decode: limits, and what the caller will do next that a decoder can do cheaper
/// (shrink, cut out a region, turn upright).
public struct DecodeOptions: Sendable, Hashable {
    /// Size limits, checked before pixel allocation.
    public var limits: ImageLimits
    /// Decode at 1/`shrink` of the size, sides rounded up (default 1), when the format can do so
    /// while decoding (``DecoderCapabilities/shrinkFactors``: JPEG's DCT scaling, WebP's
    /// rescaler); other formats decode at full size.
    public var shrink: Int
    /// Only this rectangle of the stored image (default: all of it): the result is what decoding
    /// everything and cropping gives. PNG reads only the rows it needs; JPEG skips the rows
    /// above it and converts only the columns inside; other formats decode whole and crop.
    public var region: PixelRect?
    /// Whether the EXIF orientation is applied while decoding where the format can (JPEG, WebP:
    /// never holding the stored image whole); the result is upright with the tag reset.
    public var appliesOrientation = false
    /// HEIC/AVIF: decode the file's small embedded thumbnail instead of the primary image,
    /// when it has one (default `false`).
    public var usesEmbeddedThumbnail = false
    /// Vector formats (SVG): the size to draw at (default: the document's own size). Raster
    /// formats ignore it.
    public var rendering = VectorRendering.intrinsic
    /// Android vector drawables: what their colour references resolve to (the tree's
    /// `values/colors.xml`, colours given for theme attributes); default none.
    public var resources = VectorDrawable.Resources.none

    /// Creates options.
    public init(limits: ImageLimits = .default, shrink: Int = 1, region: PixelRect? = nil) {
        self.limits = limits
        self.shrink = shrink
        self.region = region
    }

    /// The old name of ``shrink``.
    @available(*, deprecated, renamed: "shrink")
    public var jpegScaleDenominator: Int {
        get { shrink }
        set { shrink = newValue }
    }

    /// The old initialiser, with ``shrink`` under its old name.
    @available(*, deprecated, renamed: "init(limits:shrink:region:)")
    public init(limits: ImageLimits = .default, jpegScaleDenominator: Int, region: PixelRect? = nil) {
        self.init(limits: limits, shrink: jpegScaleDenominator, region: region)
    }
}
