/// A JSON value written the way Xcode writes asset catalogs: keys sorted, two-space indent,
/// `"key" : value`. The same value always gives the same bytes (reruns rewrite nothing).
enum JSONValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The text, ending in a newline.
    var text: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .string(let value):
            out += Self.quoted(value)
        case .number(let value):
            out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
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
