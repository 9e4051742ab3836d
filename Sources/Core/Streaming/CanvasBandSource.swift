/// A stream made from nothing upstream: each band is drawn by a function of its row range (a
/// canvas of tiles, a pattern, a source held whole and repeated).
public final class CanvasBandSource: BandSource {
    /// The canvas's header.
    public let header: ImageHeader
    private let draw: (Range<Int>) throws -> Image

    /// Creates the stream; `draw` returns the canvas's rows `rows` (as wide as the canvas, in the
    /// header's layout and depth).
    public init(header: ImageHeader, draw: @escaping (Range<Int>) throws -> Image) {
        self.header = header
        self.draw = draw
    }

    /// The canvas's rows `rows`.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        var band = try draw(rows)
        band.metadata = ImageMetadata()
        guard band.width == header.width, band.height == rows.count, band.layout == header.layout, band.depth == header.depth else {
            throw StreamError.bandMismatch(expected: rows, got: rows.lowerBound..<(rows.lowerBound + band.height))
        }
        band.alphaMode = header.alphaMode
        return PixelBand(top: rows.lowerBound, rows: band)
    }
}
