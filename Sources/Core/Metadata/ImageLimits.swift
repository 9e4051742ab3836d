/// Bounds checked against a header before any pixel memory is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels an image may have (default 268,435,456 = 16384 × 16384).
    public var maxPixelCount: Int
    /// The longest side in pixels (default 65,535).
    public var maxDimension: Int
    /// The largest single metadata block (ICC profile, EXIF, text) after decompression (default 16 MiB).
    public var maxMetadataBytes: Int
    /// The longest a vector picture (SVG) may take to draw, in seconds (default 2): the drawing
    /// is stopped and refused after it.
    public var maxRenderSeconds: Double
    /// The most frames an animation may have (default 2,000: over three minutes at 10 frames a
    /// second). Its pixels, counted over all frames, are bounded by ``maxPixelCount`` too.
    public var maxFrameCount: Int

    /// Creates limits; the defaults suit trusted and untrusted desktop use.
    public init(
        maxPixelCount: Int = 268_435_456, maxDimension: Int = 65_535, maxMetadataBytes: Int = 16 << 20, maxRenderSeconds: Double = 2,
        maxFrameCount: Int = 2_000
    ) {
        self.maxPixelCount = maxPixelCount
        self.maxDimension = maxDimension
        self.maxMetadataBytes = maxMetadataBytes
        self.maxRenderSeconds = maxRenderSeconds
        self.maxFrameCount = maxFrameCount
    }

    /// The largest ``maxFrameCount`` a user may set: 1,000,000.
    public static let largestFrameCount = 1_000_000

    /// The largest ``maxRenderSeconds`` a user may set: an hour.
    public static let largestRenderSeconds = 3600.0

    /// The largest ``maxPixelCount`` a user may set (the range the command line accepts):
    /// 2^40, so that every size computed from an allowed image (16 bytes a pixel) fits an `Int`.
    public static let largestPixelCount = 1 << 40
    /// The largest ``maxDimension`` a user may set: 2^31 − 1, PNG's own maximum.
    public static let largestDimension = Int(Int32.max)

    /// The default limits.
    public static let `default` = ImageLimits()

    /// Limits for files from strangers (uploads, an embedding host's untrusted mode): 50 million
    /// pixels (a 48-megapixel phone photo fits), sides up to 16,384, metadata blocks up to 4 MiB.
    /// Animations up to 500 frames.
    public static let untrusted = ImageLimits(maxPixelCount: 50_000_000, maxDimension: 16_384, maxMetadataBytes: 4 << 20, maxFrameCount: 500)

    /// The most memory a decoder may take for whole-image working buffers besides the pixels it
    /// returns (a progressive JPEG's coefficients: 2 bytes per sample): 8 bytes per allowed pixel
    /// plus 64 MiB, so every image within ``maxPixelCount`` decodes and nothing much larger can.
    public var decoderMemoryLimit: Int {
        let (bytes, overflow) = maxPixelCount.multipliedReportingOverflow(by: 8)
        return overflow ? Int.max : bytes.addingReportingOverflow(64 << 20).overflow ? Int.max : bytes + (64 << 20)
    }

    /// Throws ``LimitError/decoderMemoryTooLarge(kind:size:limit:)`` when `size` bytes of decoder
    /// working memory is over ``decoderMemoryLimit``.
    public func checkDecoderMemory(_ kind: String, size: Int) throws(LimitError) {
        if size > decoderMemoryLimit { throw .decoderMemoryTooLarge(kind: kind, size: size, limit: decoderMemoryLimit) }
    }

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

    /// Throws ``LimitError`` when an animation of `frames` frames on a `width`×`height` canvas is
    /// over the limits: more than ``maxFrameCount`` frames, or more than ``maxPixelCount`` pixels
    /// counted over all its frames (each frame is a whole canvas in memory).
    public func checkAnimation(width: Int, height: Int, frames: Int) throws(LimitError) {
        try check(width: width, height: height)
        if frames > maxFrameCount { throw .tooManyFrames(frames: frames, limit: maxFrameCount) }
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: frames)
        if overflow || pixels > maxPixelCount {
            throw .animationTooLarge(width: width, height: height, frames: frames, limit: maxPixelCount)
        }
    }

    /// Throws ``LimitError`` when a metadata block of `size` bytes is too large.
    public func checkMetadata(_ kind: String, size: Int) throws(LimitError) {
        if size > maxMetadataBytes { throw .metadataTooLarge(kind: kind, size: size, limit: maxMetadataBytes) }
    }
}
