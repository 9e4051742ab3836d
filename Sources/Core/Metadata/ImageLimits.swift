/// Bounds checked against a header before any pixel memory is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels an image may have (default 268,435,456 = 16384 × 16384).
    public var maxPixelCount: Int
    /// The longest side in pixels (default 65,535).
    public var maxDimension: Int
    /// The largest single metadata block (ICC profile, EXIF, text) after decompression (default 16 MiB).
    public var maxMetadataBytes: Int

    /// Creates limits; the defaults suit trusted and untrusted desktop use.
    public init(maxPixelCount: Int = 268_435_456, maxDimension: Int = 65_535, maxMetadataBytes: Int = 16 << 20) {
        self.maxPixelCount = maxPixelCount
        self.maxDimension = maxDimension
        self.maxMetadataBytes = maxMetadataBytes
    }

    /// The default limits.
    public static let `default` = ImageLimits()

    /// Throws ``LimitError`` when a `width`×`height` image is over the limits.
    public func check(width: Int, height: Int) throws(LimitError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixelCount {
            throw .tooManyPixels(width: width, height: height, limit: maxPixelCount)
        }
        if width > maxDimension || height > maxDimension {
            throw .dimensionTooLarge(width: width, height: height, limit: maxDimension)
        }
    }

    /// Throws ``LimitError`` when a metadata block of `size` bytes is too large.
    public func checkMetadata(_ kind: String, size: Int) throws(LimitError) {
        if size > maxMetadataBytes { throw .metadataTooLarge(kind: kind, size: size, limit: maxMetadataBytes) }
    }
}
