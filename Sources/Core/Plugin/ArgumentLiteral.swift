/// An argument value as written in a pipeline, before it is checked against a ``ParameterType``.
public indirect enum ArgumentLiteral: Sendable, Hashable, CustomStringConvertible {
    /// A number such as `320`, `-5` or `1.5`, with its spelling.
    case number(Double, text: String)
    /// A percentage such as `50%` (the number is `50`).
    case percentage(Double, text: String)
    /// A quoted string (escapes already resolved).
    case string(String)
    /// A bare word such as `center` or `true`.
    case word(String)
    /// A colour, as its hex digits without `#`.
    case color(String)
    /// Comma-separated values.
    case list([ArgumentLiteral])

    /// The literal as written.
    public var description: String {
        switch self {
        case .number(_, let text), .percentage(_, let text): text
        case .string(let value): ParameterValue.quote(value)
        case .word(let value): value
        case .color(let hex): "#" + hex
        case .list(let items): items.map(\.description).joined(separator: ",")
        }
    }
}
