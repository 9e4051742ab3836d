/// An integer rectangle in pixel coordinates: origin at the top-left, half-open extents.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The width (may be zero or negative before clipping).
    public var width: Int
    /// The height.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest integer rectangle containing a fractional one, as `CGRectIntegral` does
    /// (origin rounded down, far edges rounded up).
    public init(integralOf x: Double, _ y: Double, _ width: Double, _ height: Double) {
        let left = Self.clampedInt((x).rounded(.down))
        let top = Self.clampedInt((y).rounded(.down))
        let right = Self.clampedInt((x + width).rounded(.up))
        let bottom = Self.clampedInt((y + height).rounded(.up))
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether this is a non-empty rectangle wholly inside a `width`×`height` image.
    public func fits(width: Int, height: Int) -> Bool {
        !isEmpty && intersection(PixelRect(x: 0, y: 0, width: width, height: height)) == self
    }

    /// The part of this rectangle inside `other` (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The smallest rectangle holding both (an empty one counts as nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        let right = max(x + width, other.x + other.width)
        let bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `W×H+X+Y`, as ImageMagick writes geometry.
    public var description: String { "\(width)×\(height)+\(x)+\(y)" }

    private static func clampedInt(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(max(-1e15, min(1e15, value)))
    }
}
