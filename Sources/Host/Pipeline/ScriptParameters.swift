import NinepipeCore

/// The variables a pipeline text can use: `param` declarations with their defaults, overridden by
/// values set from outside (``PipelineCompiler/variables``).
///
/// ```
/// param size=256        # $size is 256 unless a value is set from outside
/// param output          # required: a value must be set from outside
/// ```
struct ScriptParameters {
    /// The step-like keyword that declares variables; no plugin may use it as a step name.
    static let keyword = "param"

    /// The value of every variable a step may refer to.
    private(set) var bindings: [String: ArgumentLiteral] = [:]
    /// Declared names, in order, with where they were declared.
    private var declared: [(name: String, range: SourceRange)] = []
    /// How messages say to set a variable.
    private let wording: PipelineCompiler.Wording

    /// Collects the `param` lines of `syntax` and combines them with `overrides`.
    ///
    /// Errors: a name declared twice, a default that uses a variable, a required parameter not set.
    init(_ syntax: PipelineSyntax, overrides: [String: String], wording: PipelineCompiler.Wording, into diagnostics: inout [Diagnostic]) {
        self.wording = wording
        for (name, text) in overrides { bindings[name] = PipelineCompiler.literal(fromVariable: text) }
        for step in syntax.steps where step.name == Self.keyword {
            if step.arguments.isEmpty {
                diagnostics.append(Diagnostic(.error, "'param' needs a name and usually a default, e.g. param size=256", range: step.nameRange))
            }
            for argument in step.arguments {
                declare(argument, into: &diagnostics)
            }
        }
    }

    /// Binds each of `values` that no `param` declares and nothing set from outside.
    mutating func predefine(_ values: [String: String]) {
        for (name, text) in values where bindings[name] == nil && !declared.contains(where: { $0.name == name }) {
            bindings[name] = .string(text)
        }
    }

    private mutating func declare(_ argument: ArgumentSyntax, into diagnostics: inout [Diagnostic]) {
        // `param size=256` has a label and a default; `param size` is a bare word: required.
        let name: String
        let range: SourceRange
        var defaultValue: ValueSyntax?
        if let label = argument.label, let labelRange = argument.labelRange {
            (name, range, defaultValue) = (label, labelRange, argument.value)
        } else if argument.value.elements.count == 1, case .literal(.word(let word)) = argument.value.elements[0].element {
            (name, range) = (word, argument.value.range)
        } else {
            diagnostics.append(Diagnostic(.error, "expected a parameter name, as in param size=256 or param size", range: argument.value.range))
            return
        }
        if let earlier = declared.first(where: { $0.name == name }) {
            diagnostics.append(Diagnostic(.error, "param '\(name)' is already declared at \(earlier.range.start)", range: range))
            return
        }
        declared.append((name, range))
        guard bindings[name] == nil else { return }  // set from outside: the default does not matter
        guard let defaultValue else {
            diagnostics.append(Diagnostic(.error, "param '\(name)' has no default; set it from outside: \(wording.setting(name, nil))", range: range))
            return
        }
        var literals: [ArgumentLiteral] = []
        for (element, elementRange) in defaultValue.elements {
            switch element {
            case .literal(let literal):
                literals.append(literal)
            case .template:
                diagnostics.append(Diagnostic(.error, "the default of param '\(name)' cannot use variables; write a value", range: elementRange))
                return
            case .variable(let other):
                diagnostics.append(
                    Diagnostic(.error, "the default of param '\(name)' cannot use another variable ('$\(other)'); write a value", range: elementRange))
                return
            }
        }
        bindings[name] = literals.count == 1 ? literals[0] : .list(literals)
    }

    /// The value of `$name`, or an error naming it.
    func value(of name: String, at range: SourceRange, into diagnostics: inout [Diagnostic]) -> ArgumentLiteral? {
        if let value = bindings[name] { return value }
        // A declared parameter without a value already has its error at the declaration.
        guard !declared.contains(where: { $0.name == name }) else { return nil }
        let hint = Suggestions.closest(to: name, in: (Array(bindings.keys) + declared.map(\.name)).sorted()).map { " (did you mean '$\($0)'?)" } ?? ""
        diagnostics.append(
            Diagnostic(
                .error, "variable '$\(name)' is not set\(hint); declare it with param \(name)=VALUE or set it from outside: \(wording.setting(name, nil))",
                range: range))
        return nil
    }

    /// Warnings for variables set from outside that nothing in `syntax` uses (usually a typo), each pointing at
    /// the declaration it probably meant, else at the first step.
    func unusedOverrides(_ overrides: [String: String], in syntax: PipelineSyntax) -> [Diagnostic] {
        var used = Set<String>()
        for step in syntax.steps where step.name != Self.keyword {
            for argument in step.arguments {
                for (element, _) in argument.value.elements {
                    switch element {
                    case .variable(let name): used.insert(name)
                    case .template(let parts): for case .variable(let name) in parts { used.insert(name) }
                    case .literal: break
                    }
                }
            }
        }
        let names = declared.map(\.name) + used.sorted()
        guard let fallback = syntax.steps.first?.nameRange else { return [] }
        return overrides.keys.sorted().filter { !names.contains($0) }.map { name in
            let guess = Suggestions.closest(to: name, in: names)
            let range = declared.first { $0.name == guess }?.range ?? fallback
            let hint = guess.map { "; did you mean '\($0)'?" } ?? ""
            return Diagnostic(.warning, "\(wording.setting(name, "…")) is not used by the pipeline\(hint)", range: range)
        }
    }
}

extension ArgumentLiteral {
    /// The literal as plain text, for interpolation into a string: strings unquoted, the rest as written.
    var text: String {
        switch self {
        case .string(let value): value
        case .list(let items): items.map(\.text).joined(separator: ",")
        default: description
        }
    }
}
