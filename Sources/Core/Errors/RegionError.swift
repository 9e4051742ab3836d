/// A region asked of a decoder that is not inside the picture.
public struct RegionError: NinepipeError, Hashable {
    /// The region asked for.
    public var region: PixelRect
    /// The picture: at the origin, its width and height.
    public var bounds: PixelRect

    /// The message.
    public var description: String { "the region \(region) is not inside the \(bounds.width)×\(bounds.height) image" }
}
