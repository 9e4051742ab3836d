/// Renders diagnostics like a compiler: `FILE:LINE:COL: error: message`, the source line, and a caret.
///
/// ```
/// pipeline.np:1:1: error: unknown step 'laod'; did you mean 'load'?
/// laod "in.png"
/// ^~~~
/// ```
public struct DiagnosticRenderer: Sendable {
    /// The name shown before the location.
    public var fileName: String
    /// The text the diagnostics point into.
    public var source: String
    /// Whether to use ANSI colours (only when the output is a terminal).
    public var colors: Bool

    /// Creates a renderer.
    public init(fileName: String, source: String, colors: Bool) {
        self.fileName = fileName
        self.source = source
        self.colors = colors
    }

    /// The most diagnostics rendering a list shows (20): past them a line counts the rest.
    public static let maximumShown = 20

    /// The diagnostics, each followed by its line and caret: the first ``maximumShown``, then
    /// `and N more (E errors, W warnings in all)` when there are more.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var lines = diagnostics.prefix(Self.maximumShown).map(render)
        if diagnostics.count > Self.maximumShown {
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.filter { $0.severity == .warning }.count
            var counts = ["\(errors) error\(errors == 1 ? "" : "s")"]
            if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            lines.append("and \(diagnostics.count - Self.maximumShown) more (\(counts.joined(separator: ", ")) in all)")
        }
        return lines.joined(separator: "\n")
    }

    /// One diagnostic with its line and caret.
    ///
    /// Lines end at LF (a CRLF's CR is dropped). Columns count Unicode scalars, as the lexer
    /// does; the echoed line and the caret are laid out in terminal cells: a combining mark
    /// takes none, a wide (East Asian or emoji) character two, and a control character is shown
    /// as its one-cell picture (a raw CR would send the cursor back to the line's start).
    public func render(_ diagnostic: Diagnostic) -> String {
        let label: String
        switch diagnostic.severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;36")
        }
        var out = "\(paint("\(fileName):\(diagnostic.range.start):", "1")) \(label) \(diagnostic.message)"
        let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        let lineIndex = diagnostic.range.start.line - 1
        guard lineIndex >= 0, lineIndex < lines.count else { return out }
        var scalars = Array(lines[lineIndex])
        if scalars.last == "\r" { scalars.removeLast() }
        out += "\n" + String(String.UnicodeScalarView(scalars.map(Self.shown)))
        let column = min(max(1, diagnostic.range.start.column), scalars.count + 1)
        let end =
            diagnostic.range.end.line == diagnostic.range.start.line
            ? min(max(diagnostic.range.end.column, column + 1), scalars.count + 1) : scalars.count + 1
        let before = scalars[..<(column - 1)].reduce(0) { $0 + Self.cells($1) }
        let width = max(1, scalars[(column - 1)..<max(column - 1, end - 1)].reduce(0) { $0 + Self.cells($1) })
        out += "\n" + String(repeating: " ", count: before) + paint("^" + String(repeating: "~", count: width - 1), "1;32")
        return out
    }

    /// How a source scalar is echoed: a tab as a space, another control character as its
    /// picture (U+2400…), anything else as itself.
    static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09: " "
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "?"
        case 0x7F: "\u{2421}"
        default: scalar
        }
    }

    /// The terminal cells a scalar takes once echoed: 0 for combining marks and invisible
    /// format characters, 2 for wide East Asian characters and emoji, else 1.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
