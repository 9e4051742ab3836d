/// Why a shape drawable could not be read: the line, and what is wrong.
public struct ShapeDrawableError: NinepipeError, Hashable {
    /// The line, counted from 1 (0 when unknown).
    public var line: Int
    /// What is wrong.
    public var reason: String
    /// The theme attribute whose colour is needed, when that is the reason.
    public var themeAttribute: String?

    /// The message.
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
