import NinepipeCore

/// Builds ``PipelineSyntax`` from tokens. Never throws: it records diagnostics,
/// skips to the next step separator, and goes on, so one pass reports every error.
struct Parser {
    private var tokens: [Token]
    private var position = 0
    private(set) var diagnostics: [Diagnostic] = []

    static func parse(_ text: String) -> (syntax: PipelineSyntax, diagnostics: [Diagnostic]) {
        let (tokens, lexical) = Lexer.tokenize(text)
        var parser = Parser(tokens: tokens)
        let syntax = parser.parsePipeline()
        return (syntax, (lexical + parser.diagnostics).sorted { $0.range.start < $1.range.start })
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    private var current: Token { tokens[min(position, tokens.count - 1)] }
    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private mutating func parsePipeline() -> PipelineSyntax {
        var steps: [StepSyntax] = []
        while current.kind != .end {
            if current.kind == .separator {
                advance()
                continue
            }
            if let step = parseStep() { steps.append(step) }
            // Anything left on this step's line is an error already reported; skip it.
            while current.kind != .separator && current.kind != .end { advance() }
        }
        return PipelineSyntax(steps: steps)
    }

    private mutating func parseStep() -> StepSyntax? {
        guard current.kind == .word else {
            report("expected a step name such as load, resize or save, found \(describe(current))", current.range)
            return nil
        }
        var step = StepSyntax(name: current.text, nameRange: current.range, arguments: [])
        advance()
        // `rotate=90` where a step belongs: a parameter written as a step. Read as `rotate 90`, so
        // that the unknown step's message (which knows every step) says where it goes.
        if current.kind == .equals, !current.followsSpace, position + 1 < tokens.count, !tokens[position + 1].followsSpace,
            tokens[position + 1].kind != .separator, tokens[position + 1].kind != .end
        {
            step.equalsRange = current.range
            advance()
        }
        while current.kind != .separator && current.kind != .end {
            guard let argument = parseArgument() else { return step }
            step.arguments.append(argument)
        }
        return step
    }

    private mutating func parseArgument() -> ArgumentSyntax? {
        let first = current
        if first.kind == .word, position + 1 < tokens.count, tokens[position + 1].kind == .equals {
            advance()
            let equals = current
            advance()
            if current.kind == .separator || current.kind == .end || current.followsSpace {
                report("missing value after '\(first.text)='", equals.range)
                return nil
            }
            guard let value = parseValue() else { return nil }
            return ArgumentSyntax(label: first.text, labelRange: first.range, value: value)
        }
        if first.kind == .equals {
            report("'=' must follow a parameter name, as in width=320", first.range)
            return nil
        }
        guard let value = parseValue() else { return nil }
        return ArgumentSyntax(label: nil, labelRange: nil, value: value)
    }

    private mutating func parseValue() -> ValueSyntax? {
        var elements: [(ValueSyntax.Element, SourceRange)] = []
        let start = current.range.start
        var end = current.range.end
        while true {
            guard let element = parseAtom() else { return nil }
            elements.append((element, current.range))
            end = current.range.end
            advance()
            guard current.kind == .comma else { break }
            advance()
            if current.kind == .separator || current.kind == .end {
                report("a list cannot end with ','", current.range)
                return nil
            }
        }
        return ValueSyntax(elements: elements.map { (element: $0.0, range: $0.1) }, range: SourceRange(start: start, end: end))
    }

    private mutating func parseAtom() -> ValueSyntax.Element? {
        switch current.kind {
        case .number(let value): return .literal(.number(value, text: current.text))
        case .percentage(let value): return .literal(.percentage(value, text: current.text))
        case .string(let value): return .literal(.string(value))
        case .template(let parts): return .template(parts)
        case .color(let hex): return .literal(.color(hex))
        case .word: return .literal(.word(current.text))
        case .variable(let name): return .variable(name)
        case .equals, .comma, .separator, .end:
            report("expected a value, found \(describe(current))", current.range)
            return nil
        }
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .end: "the end of the text"
        case .separator: token.text == "\n" ? "a line break" : "'\(token.text)'"
        default: "'\(token.text)'"
        }
    }

    private mutating func report(_ message: String, _ range: SourceRange) {
        diagnostics.append(Diagnostic(.error, message, range: range))
    }
}
