/// The part of a source image a resampling maps onto the output, in source pixels.
///
/// It may be fractional (an aspect-fill crop of a scaled image rarely falls on whole source
/// pixels) and may extend past the image (the edge pixels are repeated). Filters still read
/// the pixels around the region, so resampling a region equals resampling the whole image at
/// that scale and cropping: edges inside the image stay sharp and correct.
public struct ResamplingRegion: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (positive).
    public var width: Double
    /// Height (positive).
    public var height: Double

    /// Creates a region.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
