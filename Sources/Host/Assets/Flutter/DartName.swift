/// Names in generated Dart: an asset's name as a lower-camel identifier (`ic_arrow_back` →
/// `icArrowBack`), its files' stem (`ic_arrow_back`), and Dart string literals.
enum DartName {
    /// `name` as a lower-camel Dart identifier: words split at anything but ASCII letters and
    /// digits, the first lowercased, the others capitalised; a leading digit gets `image` before
    /// it and a reserved word `Image` after it. Throws when no ASCII letter or digit is left.
    static func identifier(_ name: String) throws(AssetError) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard !words.isEmpty else {
            throw .invalidTargetName(asset: name, target: "Dart", reason: "it has no ASCII letter or digit")
        }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += Self.lowercasedFirst(word)
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if result.first?.isNumber == true { result = "image" + result }
        if reserved.contains(result) { result += "Image" }
        return result
    }

    /// The first word of an identifier: all lowercase when it is all capitals (`ICON` → `icon`),
    /// else its first letter lowercased (`MyIcon` → `myIcon`).
    private static func lowercasedFirst(_ word: String) -> String {
        word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    /// `name` as the stem of its asset files: lowercase ASCII letters, digits and underscores
    /// (`Big Button` → `big_button`), as Flutter projects name images.
    static func fileStem(_ name: String) throws(AssetError) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard !words.isEmpty else {
            throw .invalidTargetName(asset: name, target: "Flutter asset", reason: "it has no ASCII letter or digit")
        }
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// `text` as a single-quoted Dart string literal (`$` and `\` escaped: no interpolation).
    static func string(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "$": result += "\\$"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    /// `text` as it may appear inside a generated comment: control characters (a line break would
    /// end a `///` comment and let a file's name write code) and `*/` (which ends a block
    /// comment) become `?`, and a backtick `'`, so it stays one code span.
    static func comment(_ text: String) -> String {
        let visible = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || ($0.value >= 0x80 && $0.value < 0xA0) ? "?" : Character($0) })
        return visible.replacing("*/", with: "*?").replacing("`", with: "'")
    }

    /// `value` as a Dart double literal: `12.0`, `6.5`, `0.333` (three decimals at most; the
    /// values written are pixel and logical-pixel lengths, far from an exponent's range).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) + ".0" : String(rounded)
    }

    /// Dart's reserved words, built-in identifiers and contextual keywords an identifier avoids.
    static let reserved: Set<String> = [
        "abstract", "as", "assert", "async", "await", "base", "break", "case", "catch", "class", "const", "continue", "covariant", "default",
        "deferred", "do", "dynamic", "else", "enum", "export", "extends", "extension", "external", "factory", "false", "final", "finally", "for",
        "get", "hide", "if", "implements", "import", "in", "interface", "is", "late", "library", "mixin", "new", "null", "of", "on", "operator",
        "part", "required", "rethrow", "return", "sealed", "set", "show", "static", "super", "switch", "sync", "this", "throw", "true", "try",
        "type", "typedef", "var", "void", "when", "while", "with", "yield", "hashCode", "runtimeType", "toString", "noSuchMethod", "values",
    ]
}
