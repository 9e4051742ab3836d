/// A stream for a filter whose output row depends on the input rows within `margin` rows of it
/// (a sharpen, a small blur): each band is computed by applying a whole-image function to a
/// window of input rows reaching `margin` rows past the band on both sides (clipped at the
/// image's edges), and keeping the band's rows.
///
/// The function must treat the window's top and bottom rows as it treats the image's edges
/// (repeat them, say): rows within `margin` of a window edge that is not an image edge are
/// thrown away, so the kept rows equal the whole-image result exactly. Input rows shared by two
/// windows are kept, not read twice, so the input is read forward once.
public final class NeighborhoodBandSource: BandSource {
    /// The result's size, layout, depth, alpha mode and metadata.
    public let header: ImageHeader
    private let input: any BandSource
    private let margin: Int
    private let body: (Image) throws -> Image
    /// Input rows kept from the last window, starting at `keptTop`.
    private var kept: Image?
    private var keptTop = 0

    /// Creates the stream.
    ///
    /// - Parameters:
    ///   - input: the stream the windows of rows are read from.
    ///   - header: the result's header (the same size as the input's).
    ///   - margin: rows of context each output row needs above and below.
    ///   - body: the filter on a window of rows; it returns an image of the window's size.
    public init(_ input: any BandSource, header: ImageHeader, margin: Int, body: @escaping (Image) throws -> Image) {
        precondition(header.width == input.header.width && header.height == input.header.height, "a neighbourhood filter keeps the size")
        self.input = input
        self.header = header
        self.margin = Swift.max(0, margin)
        self.body = body
    }

    /// The result's rows `rows`.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        let top = Swift.max(0, rows.lowerBound - margin)
        let end = Swift.min(header.height, rows.upperBound + margin)
        var window: Image
        if let kept, keptTop <= top, keptTop + kept.height > top {
            // Reuse the kept rows from `top` on, then read what follows them.
            let keptEnd = keptTop + kept.height
            window = kept.cropped(to: PixelRect(x: 0, y: top - keptTop, width: kept.width, height: Swift.min(keptEnd, end) - top))
            if end > keptEnd { window = window.stacked(above: try input.read(keptEnd..<end).rows) }
        } else {
            window = try input.read(top..<end).rows
        }
        window.alphaMode = input.header.alphaMode
        let result = try body(window)
        guard result.width == header.width, result.height == window.height else {
            throw StreamError.bandMismatch(expected: rows, got: rows.lowerBound..<(rows.lowerBound + result.height))
        }
        // The next band starts at or after rows.upperBound; its window at or after rows.upperBound − margin.
        let keepFrom = Swift.max(top, rows.upperBound - margin)
        kept = keepFrom < end ? window.cropped(to: PixelRect(x: 0, y: keepFrom - top, width: window.width, height: end - keepFrom)) : nil
        keptTop = keepFrom
        return PixelBand(top: rows.lowerBound, rows: result.cropped(to: PixelRect(x: 0, y: rows.lowerBound - top, width: result.width, height: rows.count)))
    }
}
