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

    /// The shortest text that reads back as `value`, in plain decimal: the DSL has no exponent
    /// notation, so `5e-05` is written `0.00005` and `1e+16` as `10000000000000000`. Negative
    /// zero is written `0` (they compare equal). Not-finite values have no DSL spelling; they
    /// print as Swift does, and the DSL refuses them.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        if value == 0 { return "0" }
        if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
        // Swift's description gives the shortest round-tripping digits, sometimes with an exponent.
        let shortest = String(value.magnitude)
        let parts = shortest.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let integerDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count
        var digits = Array(mantissa.filter { $0 != "." })
        var point = integerDigits + exponent
        if point <= 0 {
            digits.insert(contentsOf: repeatElement("0", count: 1 - point), at: 0)
            point = 1
        } else if point > digits.count {
            digits.append(contentsOf: repeatElement("0", count: point - digits.count))
        }
        var integer = String(digits[..<point])
        var fraction = String(digits[point...])
        while integer.count > 1 && integer.first == "0" { integer.removeFirst() }
        while fraction.last == "0" { fraction.removeLast() }
        return (value < 0 ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }

    static func quote(_ text: String) -> String {
        // Scalar by scalar: a quote followed by a combining mark is one Character, and must
        // still be escaped.
        var out = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "$": out += "\\$"  // a bare `$` in a string refers to a variable
            default: out.unicodeScalars.append(character)
            }
        }
        return out + "\""
    }
}
