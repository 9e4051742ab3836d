/// Text from outside (file names, messages that quote them) made safe to print on a terminal:
/// a name holding a newline cannot forge an `ok` line, and one holding ESC cannot send the
/// terminal control sequences. `--report` JSON is escaped by JSON already.
enum TerminalText {
    /// `path` as is when it holds no control character; otherwise in double quotes with C escapes
    /// (`\n`, `\t`, `\e`, `\xHH`; `"` and `\` escaped too), as git quotes such paths.
    static func quoted(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var result = "\""
        for scalar in path.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                result += "\\" + String(scalar)
            } else {
                result += escape(scalar)
            }
        }
        return result + "\""
    }

    /// `text` with its control characters escaped (a newline too, unless `keepingLines`): for a
    /// message that quotes a name.
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLines && $0 == "\n") }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { result += keepingLines && scalar == "\n" ? "\n" : escape(scalar) }
        return result
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\u{1B}": return "\\e"
        default:
            guard isControl(scalar) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16)
            return "\\x" + (hex.count == 1 ? "0" : "") + hex
        }
    }
}
