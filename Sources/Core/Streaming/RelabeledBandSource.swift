/// Another stream's rows under a different header of the same size, layout and depth: for a
/// step that changes only metadata (or says the rows are premultiplied).
public final class RelabeledBandSource: BandSource {
    /// The new header.
    public let header: ImageHeader
    private let input: any BandSource

    /// Creates the stream.
    ///
    /// - Precondition: `header` has the input's size, layout and depth.
    public init(_ input: any BandSource, header: ImageHeader) {
        let old = input.header
        precondition(header.width == old.width && header.height == old.height && header.layout == old.layout && header.depth == old.depth)
        self.input = input
        self.header = header
    }

    /// The input's rows `rows`, marked with this header's alpha mode.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        var band = try input.read(rows)
        band.rows.alphaMode = header.alphaMode
        return band
    }
}
