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

    /// All diagnostics, each followed by its line and caret.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined(separator: "\n")
    }

    /// One diagnostic with its line and caret.
    public func render(_ diagnostic: Diagnostic) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let label: String
        switch diagnostic.severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;36")
        }
        var out = "\(paint("\(fileName):\(diagnostic.range.start):", "1")) \(label) \(diagnostic.message)"
        let lineIndex = diagnostic.range.start.line - 1
        guard lineIndex >= 0, lineIndex < lines.count else { return out }
        let line = String(lines[lineIndex]).replacingTabs()
        out += "\n" + line
        let column = max(1, diagnostic.range.start.column)
        var width = diagnostic.range.end.line == diagnostic.range.start.line
            ? diagnostic.range.end.column - diagnostic.range.start.column : line.unicodeScalars.count - column + 1
        width = max(1, min(width, max(1, line.unicodeScalars.count - column + 1)))
        out += "\n" + String(repeating: " ", count: column - 1) + paint("^" + String(repeating: "~", count: width - 1), "1;32")
        return out
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    }
}
