/// A stream with a border of one colour around another: the same pixels as
/// ``Image/padded(top:left:bottom:right:color:)`` on the whole image, rows of the border made
/// as they are asked for, the input's rows read only for the rows they land on.
public final class PaddedBandSource: BandSource {
    /// The result's header (grown by the border; layout widened to hold the colour).
    public let header: ImageHeader
    private let input: any BandSource
    private let top: Int, left: Int
    private let color: Color

    /// Creates the stream.
    ///
    /// - Precondition: the amounts are not negative.
    public init(_ input: any BandSource, top: Int, left: Int, bottom: Int, right: Int, color: Color) {
        precondition(top >= 0 && right >= 0 && bottom >= 0 && left >= 0, "padding cannot be negative")
        let source = input.header
        var header = source
        header.width = source.width + left + right
        header.height = source.height + top + bottom
        header.layout = source.layout.accommodating(color)
        header.alphaMode = .straight
        header.metadata.ninePatch = source.metadata.ninePatch?.padded(
            top: top, left: left, bottom: bottom, right: right,
            width: source.width, height: source.height)
        self.input = input
        self.header = header
        self.top = top
        self.left = left
        self.color = color
    }

    /// The result's rows `rows`: the border colour, with the input's rows pasted where they land.
    public func read(_ rows: Range<Int>) throws -> PixelBand {
        var canvas = Image.filled(width: header.width, height: rows.count, layout: header.layout, depth: header.depth, color: color)
        let inputHeight = input.header.height
        let low = Swift.max(rows.lowerBound - top, 0)
        let high = Swift.min(rows.upperBound - top, inputHeight)
        if low < high {
            var content = try input.read(low..<high).rows
            content.alphaMode = input.header.alphaMode
            canvas.paste(content.converted(to: header.layout).unpremultiplied(), x: left, y: low + top - rows.lowerBound)
        }
        return PixelBand(top: rows.lowerBound, rows: canvas)
    }
}
