/// Consecutive full-width rows of an image: what streamed stages hand each other.
///
/// `rows` is an ``Image`` as wide as the whole image and `rows.height` rows tall; its
/// metadata is empty (the stream's ``ImageHeader`` carries the image's), and `top` says where
/// its first row sits in the whole image.
public struct PixelBand: Sendable {
    /// The index of the band's first row in the whole image.
    public var top: Int
    /// The rows, top to bottom.
    public var rows: Image

    /// Creates a band.
    public init(top: Int, rows: Image) {
        self.top = top
        self.rows = rows
    }

    /// The rows this band covers, in whole-image coordinates.
    public var range: Range<Int> { top..<(top + rows.height) }
}
