/// Why a shape drawable could not be read: the line, and what is wrong.
public struct ShapeDrawableError: NinepipeError, Hashable {
    /// The line, counted from 1 (0 when unknown).
    public var line: Int
    /// What is wrong.
    public var reason: String
    /// The theme attribute whose colour is needed, when that is the reason.
    public var themeAttribute: String?
    /// Whether the shape is refused only for having no size to be drawn at (an oval, line or
    /// ring without `<size>`): stretched to its view on Android, it has no image size here.
    public var needsSize = false
    /// The colour resource (`@color/NAME`, without the prefix) the tree does not hold, when
    /// that is the reason: another module's or a library's colour.
    public var missingColor: String?

    /// The message.
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
