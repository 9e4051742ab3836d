/// One lexical token of the pipeline language.
struct Token: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A bare word: step names, parameter names, `center`, `true`, `out.png`.
        case word
        /// `320`, `-5`, `1.5`.
        case number(Double)
        /// `50%` (the number is 50).
        case percentage(Double)
        /// A quoted string, escapes resolved.
        case string(String)
        /// A quoted string with `$name` / `${name}` inside: text and variable parts in order.
        case template([TemplatePart])
        /// `#ff0000`, as its hex digits.
        case color(String)
        /// `$name`, as the name.
        case variable(String)
        case equals
        case comma
        /// `|` or a line break: separates steps.
        case separator
        case end
    }

    var kind: Kind
    /// The text as written.
    var text: String
    var range: SourceRange
    /// Whether whitespace came right before this token (to tell `a,b` from `a , b`).
    var followsSpace: Bool
}

/// One piece of a quoted string that refers to variables: `"${out}@2x.png"`.
public enum TemplatePart: Sendable, Hashable {
    /// Literal text.
    case text(String)
    /// A `$name` reference.
    case variable(String)
}
