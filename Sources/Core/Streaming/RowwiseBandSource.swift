/// A stream whose every band is computed from the input's band of the same rows alone (alpha
/// changes, a colour effect, a horizontal flip, rounding the corners of rows that cross them).
public final class RowwiseBandSource: BandSource {
    /// The result's header.
    public let header: ImageHeader
    private let input: any BandSource
    private let body: (PixelBand) throws -> Image

    /// Creates the stream.
    ///
    /// - Parameters:
    ///   - input: the rows to transform.
    ///   - header: the result's header (the same size as the input's).
    ///   - body: turns one band of the input (its rows are an image as wide as the input with
    ///     empty metadata; `top` says where they sit) into the result's same rows, in the
    ///     header's layout and depth.
    public init(_ input: any BandSource, header: ImageHeader, body: @escaping (PixelBand) throws -> Image) {
        precondition(header.width == input.header.width && header.height == input.header.height)
        self.input = input
        self.header = header
        self.body = body
    }

    /// A stream applying `transform`, a function of each pixel alone, to every band: the
    /// result's layout, depth and alpha mode are learnt by applying it to one pixel of the
    /// input's kind; the metadata is the input's.
    public convenience init(_ input: any BandSource, pixelwise transform: @escaping (Image) throws -> Image) throws {
        let source = input.header
        let probe = Image(
            width: 1, height: 1, layout: source.layout, depth: source.depth,
            fill: Array(repeating: 0, count: source.layout.channelCount))
        var kind = probe
        kind.alphaMode = source.alphaMode
        let result = try transform(kind)
        var header = source
        header.layout = result.layout
        header.depth = result.depth
        header.alphaMode = result.alphaMode
        self.init(input, header: header) { band in
            var rows = band.rows
            rows.alphaMode = source.alphaMode
            return try transform(rows)
        }
    }

    /// The result's rows `rows`.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        let band = try input.read(rows)
        var result = try body(band)
        result.metadata = ImageMetadata()
        guard result.width == header.width, result.height == rows.count, result.layout == header.layout, result.depth == header.depth else {
            throw StreamError.bandMismatch(expected: rows, got: band.top..<(band.top + result.height))
        }
        return PixelBand(top: band.top, rows: result)
    }
}
