/// Everything about an image except its pixels: what a streamed stage knows before any row arrives.
public struct ImageHeader: Sendable, Hashable {
    /// The width in pixels (at least 1).
    public var width: Int
    /// The height in pixels (at least 1).
    public var height: Int
    /// The channels per pixel.
    public var layout: PixelLayout
    /// The sample depth.
    public var depth: SampleDepth
    /// Whether colour channels are premultiplied by alpha.
    public var alphaMode: AlphaMode
    /// Orientation, colour profile, density and nine-patch information.
    public var metadata: ImageMetadata

    /// Creates a header.
    public init(
        width: Int, height: Int, layout: PixelLayout, depth: SampleDepth,
        alphaMode: AlphaMode = .straight, metadata: ImageMetadata = ImageMetadata()
    ) {
        self.width = width
        self.height = height
        self.layout = layout
        self.depth = depth
        self.alphaMode = alphaMode
        self.metadata = metadata
    }

    /// The header of `image`.
    public init(of image: Image) {
        self.init(
            width: image.width, height: image.height, layout: image.layout, depth: image.depth,
            alphaMode: image.alphaMode, metadata: image.metadata)
    }

    /// Samples in one row.
    @inlinable public var samplesPerRow: Int { width * layout.channelCount }

    /// Bytes in one row.
    @inlinable public var bytesPerRow: Int { samplesPerRow * depth.bytesPerSample }

    /// The number of rows a band should hold so that it takes about `bytes` (at least one row,
    /// at most the whole image).
    public func rowsPerBand(bytes: Int = 1 << 20) -> Int {
        Swift.max(1, Swift.min(height, bytes / Swift.max(1, bytesPerRow)))
    }
}
