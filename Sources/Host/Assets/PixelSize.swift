/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `24×48`.
    public var description: String { "\(width)×\(height)" }
}
