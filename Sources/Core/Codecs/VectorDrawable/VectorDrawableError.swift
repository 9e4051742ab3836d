/// Why a vector drawable could not be read: the line, and what to do.
public struct VectorDrawableError: NinepipeError, Hashable {
    /// The line, counted from 1 (0 when unknown).
    public var line: Int
    /// What is wrong.
    public var reason: String
    /// Whether the drawable's colours need a theme (its theme attributes are not one template's).
    public var needsTheme = false
    /// The theme attributes whose colours are needed, when that is the reason.
    public var themeAttributes: [String] = []
    /// The colour resource (`@color/NAME`, without the prefix) the tree does not hold, when
    /// that is the reason: another module's or a library's colour.
    public var missingColor: String?

    /// The message.
    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
