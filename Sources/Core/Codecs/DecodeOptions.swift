/// How to decode: limits, and a downscaling hint for formats that can decode smaller for free.
public struct DecodeOptions: Sendable, Hashable {
    /// Size limits, checked before pixel allocation.
    public var limits: ImageLimits
    /// JPEG DCT downscaling: 1, 2, 4 or 8 (default 1). Ignored for PNG.
    public var jpegScaleDenominator: Int
    /// Only this rectangle of the stored image (default: all of it): the result is what decoding
    /// everything and cropping gives. PNG reads only the rows it needs; JPEG skips the rows
    /// above it and converts only the columns inside.
    public var region: PixelRect?
    /// Whether a JPEG's EXIF orientation is applied while decoding (never holding the stored
    /// image whole); the result is upright with the tag reset. Other formats ignore it.
    public var appliesOrientation = false
    /// HEIC/AVIF: decode the file's small embedded thumbnail instead of the primary image,
    /// when it has one (default `false`).
    public var usesEmbeddedThumbnail = false

    /// Creates options.
    public init(limits: ImageLimits = .default, jpegScaleDenominator: Int = 1, region: PixelRect? = nil) {
        self.limits = limits
        self.jpegScaleDenominator = jpegScaleDenominator
        self.region = region
    }
}
