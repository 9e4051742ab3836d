/// Splits pipeline text into tokens. Never throws: problems become diagnostics and lexing goes on.
///
/// `#` starts a comment to the end of the line, except inside a step where it is
/// followed by a hex digit: then it is a colour (`background=#ffffff`).
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private(set) var diagnostics: [Diagnostic] = []

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    static func tokenize(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        var atStepStart = true
        var followsSpace = true
        while true {
            let skippedSpace = lexer.skipSpaces()
            followsSpace = followsSpace || skippedSpace
            guard let token = lexer.next(atStepStart: atStepStart, followsSpace: followsSpace) else { continue }
            tokens.append(token)
            followsSpace = false
            if token.kind == .end { break }
            atStepStart = token.kind == .separator
        }
        return (tokens, lexer.diagnostics)
    }

    private var location: SourceLocation { SourceLocation(line: line, column: column, offset: index) }
    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private func peek(_ ahead: Int = 1) -> Unicode.Scalar? { index + ahead < scalars.count ? scalars[index + ahead] : nil }

    private mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    /// Skips blanks, line continuations (`\` before a line break) and comments; returns whether any were skipped.
    private mutating func skipSpaces() -> Bool {
        var skipped = false
        while let scalar = current {
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                advance()
            } else if scalar == "\\" && (peek() == "\n" || (peek() == "\r" && peek(2) == "\n")) {
                advance()
                while current != "\n" { advance() }
                advance()
            } else {
                break
            }
            skipped = true
        }
        return skipped
    }

    /// The next token, or `nil` when a comment or bad character was consumed.
    private mutating func next(atStepStart: Bool, followsSpace: Bool) -> Token? {
        let start = location
        guard let scalar = current else { return token(.end, "", from: start, followsSpace) }
        func make(_ kind: Token.Kind) -> Token {
            token(kind, String(String.UnicodeScalarView(scalars[start.offset..<index])), from: start, followsSpace)
        }
        switch scalar {
        case "\n", "|", ";":
            advance()
            return make(.separator)
        case "=":
            advance()
            return make(.equals)
        case ",":
            advance()
            return make(.comma)
        case "#":
            if !atStepStart, let next = peek(), next.properties.isASCIIHexDigit {
                advance()
                while let c = current, isWordScalar(c) { advance() }
                return make(.color(String(String.UnicodeScalarView(scalars[(start.offset + 1)..<index]))))
            }
            while let c = current, c != "\n" { advance() }
            return nil
        case "\"", "'":
            return lexString(quote: scalar, start: start, followsSpace: followsSpace)
        case "$":
            advance()
            let braced = current == "{"
            if braced { advance() }
            let nameStart = index
            while let c = current, isWordScalar(c), c != "." && c != "/" { advance() }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
            if braced {
                if current == "}" { advance() } else { report("missing '}' after '${\(name)'", at: start) }
            }
            if name.isEmpty { report("'$' must be followed by a variable name, e.g. $width", at: start) }
            return make(.variable(name))
        default:
            if scalar.properties.numericType != nil && scalar.isASCII || ((scalar == "-" || scalar == "+" || scalar == ".") && (peek()?.isASCIIDigit ?? false))
            {
                return lexNumber(start: start, followsSpace: followsSpace)
            }
            if isWordScalar(scalar) {
                while let c = current, isWordScalar(c) { advance() }
                return make(.word)
            }
            advance()
            report("unexpected character '\(scalar)'; steps are words, arguments are name=value, text goes in double quotes", at: start)
            return nil
        }
    }

    private mutating func lexNumber(start: SourceLocation, followsSpace: Bool) -> Token {
        if current == "-" || current == "+" { advance() }
        while let c = current, c.isASCIIDigit || c == "." { advance() }
        var text = String(String.UnicodeScalarView(scalars[start.offset..<index]))
        if current == "%" {
            advance()
            let value = Double(text)
            if value == nil {
                report("'\(text)%' is not a number", at: start)
            } else if value?.isFinite == false {
                report("'\(text)%' is too large to be a number", at: start)
            }
            return token(.percentage(value.flatMap { $0.isFinite ? $0 : nil } ?? 0), text + "%", from: start, followsSpace)
        }
        // 0..10, 5..: a frame range is a word.
        if text.contains("..") {
            while let c = current, isWordScalar(c) { advance() }
            return token(.word, String(String.UnicodeScalarView(scalars[start.offset..<index])), from: start, followsSpace)
        }
        // 200x40, 90deg: a run of word characters glued to the number is a word.
        if let c = current, isWordScalar(c) {
            while let c = current, isWordScalar(c) { advance() }
            text = String(String.UnicodeScalarView(scalars[start.offset..<index]))
            return token(.word, text, from: start, followsSpace)
        }
        guard let value = Double(text) else {
            report("'\(text)' is not a number", at: start)
            return token(.word, text, from: start, followsSpace)
        }
        guard value.isFinite else {
            report("'\(text)' is too large to be a number", at: start)
            return token(.word, text, from: start, followsSpace)
        }
        return token(.number(value), text, from: start, followsSpace)
    }

    private mutating func lexString(quote: Unicode.Scalar, start: SourceLocation, followsSpace: Bool) -> Token {
        advance()
        var value = String.UnicodeScalarView()
        var parts: [TemplatePart] = []
        while true {
            guard let c = current, c != "\n" else {
                report("unterminated string: add a closing \(quote)", at: start)
                break
            }
            advance()
            if c == quote { break }
            if c == "\\" {
                let escapeStart = location
                guard let e = current else { continue }
                advance()
                switch e {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "\\", "\"", "'", "$": value.append(e)
                default: report("unknown escape '\\\(e)' (use \\\\, \\\", \\n, \\r or \\t)", at: escapeStart)
                }
            } else if c == "$", let next = current, next == "{" || isNameStart(next) {
                // `$name` or `${name}` inside a string: a variable reference. A `$` before
                // anything that cannot start a name ("price$5.jpg", "a$.png") is literal text.
                let referenceStart = location
                let braced = next == "{"
                if braced { advance() }
                let nameStart = index
                // Unbraced names stop at anything but letters, digits and `_`, so "$out-2x.png" means $out.
                while let n = current, braced ? (isWordScalar(n) && n != "}") : isNameScalar(n) { advance() }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
                if braced {
                    if current == "}" { advance() } else { report("missing '}' after '${\(name)' in a string", at: referenceStart) }
                }
                if name.isEmpty { report("'${}' needs a variable name, e.g. ${out}", at: referenceStart) }
                if !value.isEmpty { parts.append(.text(String(value))) }
                value = String.UnicodeScalarView()
                parts.append(.variable(name))
            } else {
                value.append(c)
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start.offset..<index]))
        if !parts.isEmpty {
            if !value.isEmpty { parts.append(.text(String(value))) }
            return token(.template(parts), text, from: start, followsSpace)
        }
        return token(.string(String(value)), text, from: start, followsSpace)
    }

    /// Whether `c` can start a variable name: a letter or `_` (never a digit).
    private func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c == "_"
    }

    private func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c.isASCIIDigit || c == "_"
    }

    private func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c.isASCIIDigit || c == "_" || c == "-" || c == "." || c == "/" || c == "@" || c == "~"
    }

    private func token(_ kind: Token.Kind, _ text: String, from start: SourceLocation, _ followsSpace: Bool) -> Token {
        Token(kind: kind, text: text, range: SourceRange(start: start, end: location), followsSpace: followsSpace)
    }

    private mutating func report(_ message: String, at start: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, range: SourceRange(start: start, end: location)))
    }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { value >= 48 && value <= 57 }
}
