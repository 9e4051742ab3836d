/// An Android shape drawable (`<shape>`, Android's GradientDrawable), read from its XML: a
/// rectangle (corners rounded alike or one by one), an oval, a line or a ring, filled with a
/// colour or a gradient, stroked (dashed too), with padding and an intrinsic size when it has one.
/// Lengths keep their unit: dp scale with the density, `px` do not.
public struct ShapeDrawable: Sendable, Hashable {
    /// `android:shape`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case rectangle, oval, line, ring
    }

    /// A length: dp, which scale with the density, plus device pixels, which do not.
    public struct Length: Sendable, Hashable {
        /// Density-independent pixels.
        public var dp: Double
        /// Device pixels (`1px`).
        public var px: Double

        /// Creates a length.
        public init(dp: Double = 0, px: Double = 0) {
            self.dp = dp
            self.px = px
        }

        /// Zero.
        public static let zero = Length()

        /// The length in pixels at `scale` (1 is mdpi).
        public func pixels(at scale: Double) -> Double { dp * scale + px }
    }

    /// `<gradient>`.
    public struct Gradient: Sendable, Hashable {
        /// `linear`, `radial` or `sweep`.
        public var kind = VectorDrawable.Gradient.Kind.linear
        /// A linear gradient's direction in degrees, a multiple of 45: 0 is left to right, 90
        /// bottom to top.
        public var angle = 0
        /// The colours: start, centre when given, end.
        public var colors: [AndroidColor] = []
        /// The centre, as fractions of the width and height (0.5 by default).
        public var centerX = 0.5, centerY = 0.5
        /// A radial gradient's radius.
        public var radius = Radius.pixels(0.5)

        /// `android:gradientRadius`: device pixels, a dimension, a fraction of the smaller side
        /// of the intrinsic size (`50%`), or of the bounds (`50%p`).
        public enum Radius: Sendable, Hashable {
            case pixels(Double)
            case length(Length)
            case fraction(Double)
            case fractionOfBounds(Double)
        }
    }

    /// `<stroke>`.
    public struct Stroke: Sendable, Hashable {
        /// The width.
        public var width = Length.zero
        /// The colour.
        public var color = AndroidColor(red: 0, green: 0, blue: 0, alpha: 0)
        /// Dash and gap lengths; no dashes when the dash width is zero.
        public var dashWidth = Length.zero, dashGap = Length.zero
    }

    /// Corner radii, clockwise from the top left.
    public struct Corners: Sendable, Hashable {
        /// The radii.
        public var topLeft = Length.zero, topRight = Length.zero, bottomRight = Length.zero, bottomLeft = Length.zero
        /// Whether one `android:radius` gave all four (Android then keeps the corners circular,
        /// the radius at most half the shorter side).
        public var isUniform = true

        /// Whether every radius is zero.
        public var isZero: Bool { [topLeft, topRight, bottomRight, bottomLeft].allSatisfy { $0 == .zero } }
    }

    /// Insets, for padding.
    public struct Insets: Sendable, Hashable {
        /// The four sides.
        public var left = Length.zero, top = Length.zero, right = Length.zero, bottom = Length.zero
    }

    /// The kind.
    public var kind = Kind.rectangle
    /// `<solid android:color>`.
    public var solid: AndroidColor?
    /// `<gradient>`, which wins over `<solid>`.
    public var gradient: Gradient?
    /// `<stroke>`.
    public var stroke: Stroke?
    /// `<corners>` (rectangles).
    public var corners = Corners()
    /// `<padding>`: where content goes (a nine-patch's padding).
    public var padding = Insets()
    /// `<size>`: the intrinsic width and height, each when given.
    public var width: Length?, height: Length?
    /// A ring's inner radius and thickness, or their ratios to the width (3 and 9 by default).
    public var innerRadius: Length?, thickness: Length?
    /// The ratios used when the lengths are not given.
    public var innerRadiusRatio = 3.0, thicknessRatio = 9.0

    /// Whether it has an intrinsic size on both axes.
    public var hasSize: Bool { width != nil && height != nil }
}
