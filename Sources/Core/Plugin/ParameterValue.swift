/// A validated parameter value.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// A whole number.
    case integer(Int)
    /// A real number.
    case number(Double)
    /// A percentage, stored as written (`50%` is `50`).
    case percentage(Double)
    /// Text or a path.
    case string(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// One of a fixed set of words.
    case choice(String)
    /// A colour.
    case color(Color)
    /// Several values, written with commas.
    case list([ParameterValue])

    /// The canonical DSL spelling: shortest round-tripping numbers, quoted strings, lower-case colours.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .number(let value): Self.format(value)
        case .percentage(let value): Self.format(value) + "%"
        case .string(let value): Self.quote(value)
        case .boolean(let value): value ? "true" : "false"
        case .choice(let value): value
        case .color(let value): value.description
        case .list(let values): values.map(\.description).joined(separator: ",")
        }
    }

    /// The value as an `Int`, when it is an integer or a whole number.
    public var intValue: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    /// The value as a `Double`, when it is numeric (percentages give their number).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value), .percentage(let value): value
        default: nil
        }
    }

    /// The value as text, when it is a string or a choice.
    public var stringValue: String? {
        switch self {
        case .string(let value), .choice(let value): value
        default: nil
        }
    }

    static func format(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "$": out += "\\$"  // a bare `$` in a string refers to a variable
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
