/// A rectangle of another stream: rows above it are skipped (a decoder underneath only
/// unfilters or drops them), rows below it are never asked for, and columns outside it are cut
/// from each band.
public final class CroppedBandSource: BandSource {
    /// The result's header (the rectangle's size).
    public let header: ImageHeader
    private let input: any BandSource
    private let rect: PixelRect

    /// Creates the stream.
    ///
    /// - Parameters:
    ///   - input: the whole image's rows.
    ///   - rect: the rectangle kept, non-empty and inside the input.
    ///   - header: the result's header: `rect`'s size, the metadata as the crop leaves it.
    public init(_ input: any BandSource, rect: PixelRect, header: ImageHeader) {
        precondition(rect.fits(width: input.header.width, height: input.header.height) && header.width == rect.width && header.height == rect.height)
        self.input = input
        self.rect = rect
        self.header = header
    }

    /// The rectangle's rows `rows`.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        let band = try input.read((rows.lowerBound + rect.y)..<(rows.upperBound + rect.y))
        let cut = band.rows.cropped(to: PixelRect(x: rect.x, y: 0, width: rect.width, height: band.rows.height))
        return PixelBand(top: band.top - rect.y, rows: cut)
    }
}
