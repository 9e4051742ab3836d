/// How an ``Orientation`` maps the stored axes onto the displayed ones: which stored axis each
/// displayed axis runs along, and whether it runs backwards.
public struct OrientationAxes: Sendable, Hashable {
    /// Whether the displayed x axis runs along the stored y axis (and displayed y along stored x).
    public var xFromY: Bool
    /// Whether displayed x runs against its stored axis.
    public var reverseX: Bool
    /// Whether displayed y runs against its stored axis.
    public var reverseY: Bool

    /// The mapping for `orientation`.
    public init(_ orientation: Orientation) {
        switch orientation {
        case .up: (xFromY, reverseX, reverseY) = (false, false, false)
        case .upMirrored: (xFromY, reverseX, reverseY) = (false, true, false)
        case .down: (xFromY, reverseX, reverseY) = (false, true, true)
        case .downMirrored: (xFromY, reverseX, reverseY) = (false, false, true)
        case .leftMirrored: (xFromY, reverseX, reverseY) = (true, false, false)
        case .right: (xFromY, reverseX, reverseY) = (true, true, false)
        case .rightMirrored: (xFromY, reverseX, reverseY) = (true, true, true)
        case .left: (xFromY, reverseX, reverseY) = (true, false, true)
        }
    }

    /// Stored-image insets seen on the displayed image.
    public func apply(_ insets: NinePatchInsets) -> NinePatchInsets {
        var horizontal = xFromY ? (insets.top, insets.bottom) : (insets.left, insets.right)
        var vertical = xFromY ? (insets.left, insets.right) : (insets.top, insets.bottom)
        if reverseX { horizontal = (horizontal.1, horizontal.0) }
        if reverseY { vertical = (vertical.1, vertical.0) }
        return NinePatchInsets(top: vertical.0, left: horizontal.0, bottom: vertical.1, right: horizontal.1)
    }
}
