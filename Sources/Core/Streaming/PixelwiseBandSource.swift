/// A stream whose every band is computed from the input's band of the same rows alone, by a
/// function of whole rows that does not depend on where they sit (alpha changes, a colour
/// effect, a horizontal flip).
public final class PixelwiseBandSource: BandSource {
    /// The result's header.
    public let header: ImageHeader
    private let input: any BandSource
    private let body: (Image) throws -> Image

    /// Creates the stream.
    ///
    /// - Parameters:
    ///   - input: the rows to transform.
    ///   - header: the result's header (the same size as the input's).
    ///   - body: turns the rows of one band (an image as wide as the input, metadata empty) into
    ///     the result's rows; it must keep the width and the number of rows.
    public init(_ input: any BandSource, header: ImageHeader, body: @escaping (Image) throws -> Image) {
        precondition(header.width == input.header.width && header.height == input.header.height)
        self.input = input
        self.header = header
        self.body = body
    }

    /// The result's rows `rows`.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        let band = try input.read(rows)
        var result = try body(band.rows)
        result.metadata = ImageMetadata()
        guard result.width == header.width, result.height == rows.count, result.layout == header.layout, result.depth == header.depth else {
            throw StreamError.bandMismatch(expected: rows, got: band.top..<(band.top + result.height))
        }
        return PixelBand(top: band.top, rows: result)
    }
}
