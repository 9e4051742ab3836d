/// A region asked of a decoder that is not inside the picture.
public struct RegionError: NinepipeError, Hashable {
    /// The region asked for.
    public var region: PixelRect
    /// The picture's width.
    public var width: Int
    /// The picture's height.
    public var height: Int

    /// Creates the error.
    public init(region: PixelRect, width: Int, height: Int) {
        self.region = region
        self.width = width
        self.height = height
    }

    /// The message.
    public var description: String { "the region \(region) is not inside the \(width)×\(height) image" }
}
