/// The EXIF orientation tag (0x0112): how stored pixels must be turned to display upright.
public enum Orientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the main diagonal (transpose).
    case leftMirrored = 5
    /// 6: must be rotated 90° clockwise to display.
    case right = 6
    /// 7: mirrored along the anti-diagonal (transverse).
    case rightMirrored = 7
    /// 8: must be rotated 90° counter-clockwise to display.
    case left = 8

    /// Whether displaying turns the image on its side (width and height swap).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// A short description such as `6 (rotate 90° CW)`.
    public var displayName: String {
        switch self {
        case .up: "1 (normal)"
        case .upMirrored: "2 (mirror horizontal)"
        case .down: "3 (rotate 180°)"
        case .downMirrored: "4 (mirror vertical)"
        case .leftMirrored: "5 (transpose)"
        case .right: "6 (rotate 90° CW)"
        case .rightMirrored: "7 (transverse)"
        case .left: "8 (rotate 90° CCW)"
        }
    }

    /// For a pixel (`x`, `y`) of the upright `width`×`height` image, the stored pixel it comes from.
    @inlinable
    public func sourcePoint(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, width - 1 - x)
        case .rightMirrored: (height - 1 - y, width - 1 - x)
        case .left: (height - 1 - y, x)
        }
    }
}
