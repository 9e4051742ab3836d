/// A JSON value, written the way Xcode writes asset catalogs (``text``: keys sorted, two-space
/// indent, `"key" : value`) or as one compact line (``compactText``, for JSON Lines reports);
/// the same value always gives the same bytes (reruns rewrite nothing). Read back through
/// `JSONDecoder` (``init(parsing:)``).
package enum JSONValue: Sendable, Hashable {
    case null
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A number from an integer (exact up to 2⁵³).
    package init(_ value: some BinaryInteger) { self = .number(Double(value)) }

    /// A string, or `null` for `nil`.
    package init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }

    /// The text, ending in a newline.
    var text: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    /// The value on one line without spaces, keys sorted, `/` unescaped: a JSON Lines record.
    package var compactText: String {
        var out = ""
        writeCompact(to: &out)
        return out
    }

    private func writeCompact(to out: inout String) {
        switch self {
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.writeCompact(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += Self.quoted(key) + ":"
                members[key]?.writeCompact(to: &out)
            }
            out += "}"
        default:
            write(to: &out, indent: "")
        }
    }

    private func write(to out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .null:
            out += "null"
        case .string(let value):
            out += Self.quoted(value)
        case .number(let value):
            if !value.isFinite {
                out += "null"  // JSON has no infinity or NaN
            } else {
                out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            }
        case .bool(let value):
            out += value ? "true" : "false"
        case .array(let values):
            guard !values.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, value) in values.enumerated() {
                out += inner
                value.write(to: &out, indent: inner)
                out += index == values.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += inner + Self.quoted(key) + " : "
                members[key]?.write(to: &out, indent: inner)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string written in code.
    package init(stringLiteral value: String) { self = .string(value) }
    /// A number written in code.
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number written in code.
    package init(floatLiteral value: Double) { self = .number(value) }
    /// `true` or `false` written in code.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array written in code.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object written in code (a repeated key keeps its last value).
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// `null` written in code.
    package init(nilLiteral: ()) { self = .null }
}
