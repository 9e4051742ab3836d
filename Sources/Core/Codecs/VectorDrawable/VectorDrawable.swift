/// An Android vector drawable (`<vector>`), read from its XML: its size in dp, its viewport,
/// and the groups, paths and clip paths it draws, with every colour resolved (see
/// ``VectorDrawable/Resources``). Drawn by translating it to SVG (``svg(templateColor:)``) with
/// Android's semantics, and drawing that with the bounded SVG renderer.
public struct VectorDrawable: Sendable, Hashable {
    /// The intrinsic size in dp (1 dp is one pixel at 160 dpi).
    public var width: Double, height: Double
    /// The viewport the path coordinates are in.
    public var viewportWidth: Double, viewportHeight: Double
    /// The whole drawable's opacity (0…1).
    public var alpha = 1.0
    /// The tint and how it is applied, when there is one.
    public var tint: Paint?
    /// How the tint combines with the drawing.
    public var tintMode = TintMode.srcIn
    /// Whether the drawable is mirrored in right-to-left layouts.
    public var isAutoMirrored = false
    /// What it draws, in order.
    public var nodes: [Node] = []
    /// The theme attribute that colours it, when one does it alone: the drawable is then a
    /// *template*, drawn in one colour and coloured where it is used.
    public var templateAttribute: String?
    /// Path commands in all.
    public var commandCount = 0

    /// Whether it is a template (see ``templateAttribute``).
    public var isTemplate: Bool { templateAttribute != nil }

    /// A paint: a colour, a gradient, or the template colour.
    public enum Paint: Sendable, Hashable {
        case color(AndroidColor)
        case gradient(Gradient)
        /// The colour of the theme attribute that makes the drawable a template.
        case template
    }

    /// `android:tintMode`.
    public enum TintMode: String, Sendable, Hashable, CaseIterable {
        case srcIn = "src_in"
        case srcOver = "src_over"
        case srcAtop = "src_atop"
        case multiply, screen, add
    }

    /// A gradient given as `<aapt:attr name="android:fillColor"><gradient …>`, in viewport
    /// coordinates.
    public struct Gradient: Sendable, Hashable {
        /// Linear, radial or sweep.
        public enum Kind: String, Sendable, Hashable { case linear, radial, sweep }
        /// How it continues past its ends.
        public enum TileMode: String, Sendable, Hashable {
            case clamp
            case repeated = "repeat"
            case mirror
        }
        /// One colour stop.
        public struct Stop: Sendable, Hashable {
            /// Where, 0…1.
            public var offset: Double
            /// The colour there.
            public var color: AndroidColor
        }
        /// The kind.
        public var kind = Kind.linear
        /// A linear gradient's ends.
        public var startX = 0.0, startY = 0.0, endX = 0.0, endY = 0.0
        /// A radial or sweep gradient's centre, and a radial one's radius.
        public var centerX = 0.0, centerY = 0.0, radius = 0.0
        /// Past the ends.
        public var tileMode = TileMode.clamp
        /// The stops, in order.
        public var stops: [Stop] = []
    }

    /// One element of the drawing.
    public indirect enum Node: Sendable, Hashable {
        case group(Group)
        case path(Path)
        /// Clips the nodes after it in the same group.
        case clip(pathData: String, line: Int)
    }

    /// `<group>`: a transform around a pivot, and what it holds.
    public struct Group: Sendable, Hashable {
        /// Degrees clockwise around the pivot.
        public var rotation = 0.0
        /// The point rotation and scale are around.
        public var pivotX = 0.0, pivotY = 0.0
        /// Scale factors.
        public var scaleX = 1.0, scaleY = 1.0
        /// Translation, applied last.
        public var translateX = 0.0, translateY = 0.0
        /// What the group holds.
        public var nodes: [Node] = []

        /// Creates a group holding `nodes`, untransformed.
        public init(nodes: [Node] = []) { self.nodes = nodes }
    }

    /// `<path>`.
    public struct Path: Sendable, Hashable {
        /// The outline, as SVG path data.
        public var pathData = ""
        /// The fill and the stroke, when there are.
        public var fill: Paint?, stroke: Paint?
        /// The stroke width in viewport units.
        public var strokeWidth = 0.0
        /// Opacities, multiplied with the colours' own.
        public var fillAlpha = 1.0, strokeAlpha = 1.0
        /// `butt`, `round` or `square`; `miter`, `round` or `bevel`.
        public var lineCap = "butt", lineJoin = "miter"
        /// The miter limit.
        public var miterLimit = 4.0
        /// Whether the fill rule is even-odd (non-zero otherwise, Android's default).
        public var evenOdd = false
        /// The part of the path drawn: from start to end (fractions of its length), shifted by offset.
        public var trimStart = 0.0, trimEnd = 1.0, trimOffset = 0.0
        /// Dash and gap lengths of the stroke, empty for a solid one. Vector drawables have none:
        /// shape drawables' dashed strokes use it (`ShapeDrawable`), and it is not written as XML.
        public var dashes: [Double] = []
        /// The line of its element, for messages.
        public var line = 0
    }
}
