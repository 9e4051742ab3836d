/// Serves the rows of an image already in memory: the start of a stream over a materialised
/// image (an embedder's input, or the result of a step that needs the whole image).
public final class ImageBandSource: BandSource {
    /// The image served.
    public let image: Image
    /// The image's header.
    public let header: ImageHeader

    /// Creates a source over `image`.
    public init(_ image: Image) {
        self.image = image
        header = ImageHeader(of: image)
    }

    /// Rows `rows` of the image (a copy of those rows only).
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        var band = image.cropped(to: PixelRect(x: 0, y: rows.lowerBound, width: image.width, height: rows.count))
        band.metadata = ImageMetadata()
        return PixelBand(top: rows.lowerBound, rows: band)
    }
}
