import NinepipeCore

/// A layer list, inset or icon layer that cannot be drawn: a reference the tree does not hold,
/// a drawable nested without end, a kind that is not a picture, a bitmap smaller than its box.
public struct DrawableLayerError: NinepipeError, Hashable {
    /// The XML file (or bitmap) at fault.
    public var path: String
    /// The line in it, or 0.
    public var line: Int
    /// What is wrong and what to do.
    public var reason: String
    /// Whether allowing enlargement (upscaling) would let it be drawn.
    public var needsUpscale = false
    /// The resource the tree does not hold (`@color/NAME`, `@drawable/NAME`), when that is
    /// the reason: another module's or a library's.
    public var missingResource: String?
    /// The theme attribute (without `?attr/`) the theme does not give, when that is the reason.
    public var themeAttribute: String?

    /// Creates the error.
    public init(path: String, line: Int, reason: String, needsUpscale: Bool = false, missingResource: String? = nil) {
        self.path = path
        self.line = line
        self.reason = reason
        self.needsUpscale = needsUpscale
        self.missingResource = missingResource
    }

    /// A shape's error met reading the layer at `line` of `path`: its missing colour or theme
    /// attribute kept, so a leaving-out or an Android copy can name it.
    init(_ error: ShapeDrawableError, path: String, line: Int) {
        self.init(path: path, line: line, reason: error.reason, missingResource: error.missingColor.map { "@color/" + $0 })
        themeAttribute = error.themeAttribute
    }

    /// The message.
    public var description: String { "\(path)\(line > 0 ? ":\(line)" : ""): \(reason)" }
}
