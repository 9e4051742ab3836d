/// Android resource names: lowercase `[a-z0-9_]`, starting with a letter, not a Java keyword
/// (aapt refers to each file as `R.drawable.NAME`).
enum ResourceName {
    /// `name` made valid, or `name` itself when it already is.
    static func valid(_ name: String) -> String {
        var result = ""
        for scalar in name.lowercased().unicodeScalars {
            let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            result.unicodeScalars.append(ok ? scalar : "_")
        }
        if result.isEmpty || !("a"..."z").contains(result.unicodeScalars.first ?? "0") { result = "img_" + result }
        if javaKeywords.contains(result) { result += "_" }
        return result
    }

    private static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
        "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package",
        "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized",
        "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
    ]
}
