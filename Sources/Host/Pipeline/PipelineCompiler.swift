import NinepipeCore

/// Turns pipeline text into a validated ``Pipeline``, collecting every diagnostic in one pass.
public struct PipelineCompiler: Sendable {
    /// The steps it knows.
    public var registry: PluginRegistry
    /// Values for `$name` references, set from outside the pipeline text.
    public var variables: [String: String]
    /// Variables every pipeline may use without declaring them, such as `here` (the pipeline
    /// file's folder, which `ninepipe run FILE` sets): a `param` of the same name or a value
    /// in ``variables`` wins, and one that nothing uses is not reported.
    public var predefined: [String: String] = [:]
    /// Whether the pipeline must begin with `load` (true for `ninepipe run FILE`; false when inputs come from elsewhere).
    public var requiresSource: Bool
    /// How messages tell the user to set a variable or where a batch's results go.
    public var wording: Wording

    /// Creates a compiler.
    public init(registry: PluginRegistry = .standard, variables: [String: String] = [:], requiresSource: Bool = true, wording: Wording = .api) {
        self.registry = registry
        self.variables = variables
        self.requiresSource = requiresSource
        self.wording = wording
    }

    /// The result of compiling: a pipeline when there were no errors, and every diagnostic.
    public struct Compilation: Sendable {
        /// The pipeline, or `nil` when any diagnostic is an error.
        public var pipeline: Pipeline?
        /// Errors and warnings in source order.
        public var diagnostics: [Diagnostic]
    }

    /// Compiles `text`, never throwing: check ``Compilation/pipeline``.
    public func compile(_ text: String) -> Compilation {
        let (parsed, syntaxDiagnostics) = Parser.parse(text)
        var diagnostics = syntaxDiagnostics
        var parameters = ScriptParameters(parsed, overrides: variables, wording: wording, into: &diagnostics)
        parameters.predefine(predefined)
        diagnostics += parameters.unusedOverrides(variables, in: parsed)
        let syntax = PipelineSyntax(steps: parsed.steps.filter { $0.name != ScriptParameters.keyword })
        var steps: [PipelineStep] = []
        for step in syntax.steps {
            if let compiled = compile(step, parameters: parameters, into: &diagnostics) { steps.append(compiled) }
        }
        let hasErrors = diagnostics.contains { $0.severity == .error }
        if !hasErrors {
            checkOrder(steps, syntax: syntax, into: &diagnostics)
            checkLossless(steps, syntax: syntax, into: &diagnostics)
        }
        if syntax.steps.isEmpty && !hasErrors {
            let here = SourceLocation(line: 1, column: 1, offset: 0)
            diagnostics.append(
                Diagnostic(
                    .error, "the pipeline is empty; write steps such as: load \"in.png\" | save \"out.png\"",
                    range: SourceRange(start: here, end: here)))
        }
        diagnostics.sort { $0.range.start < $1.range.start }
        let failed = diagnostics.contains { $0.severity == .error }
        return Compilation(pipeline: failed ? nil : Pipeline(steps: steps, codecs: registry.codecs), diagnostics: diagnostics)
    }

    /// Compiles `text` or throws a ``CompilationError`` carrying every diagnostic.
    public func pipeline(_ text: String, fileName: String = "<expression>") throws(CompilationError) -> Pipeline {
        let result = compile(text)
        guard let pipeline = result.pipeline else {
            throw CompilationError(diagnostics: result.diagnostics, fileName: fileName, source: text)
        }
        return pipeline
    }

    private func compile(_ step: StepSyntax, parameters: ScriptParameters, into diagnostics: inout [Diagnostic]) -> PipelineStep? {
        guard let descriptor = registry[step.name] else {
            // Another tool's name first (`scale` is one edit from no step of ours it means), then a typo.
            var hint = ForeignStepNames.replacement(for: step.name, value: step.arguments.first?.value.literalText).map { "; write \($0)" } ?? ""
            if hint.isEmpty { hint = Suggestions.hint(for: step.name, in: registry.names) }
            if hint.isEmpty {
                let owners = registry.names.filter { registry[$0]?.parameter(named: step.name) != nil }
                if !owners.isEmpty { hint = "; '\(step.name)' is a parameter of \(owners.joined(separator: ", ")): write it after its step" }
            }
            let plugin = hint.isEmpty ? wording.unknownStep.map { "; \($0)" } ?? "" : ""
            let list = hint.isEmpty ? "; known steps: \(registry.names.joined(separator: ", "))" : ""
            diagnostics.append(Diagnostic(.error, "unknown step '\(step.name)'\(hint)\(plugin)\(list)", range: step.nameRange))
            return nil
        }
        if let equals = step.equalsRange {
            // A known step written as `resize=50%`: not read as `resize 50%` behind the user's back.
            let value = step.arguments.first?.value.literalText ?? "…"
            diagnostics.append(
                Diagnostic(
                    .error, "'=' after the step name '\(step.name)'; write its parameters after a space: \(step.name) \(value)",
                    range: equals))
            return nil
        }
        var values: [String: ParameterValue] = [:]
        var failed = false
        func error(_ message: String, _ range: SourceRange) {
            diagnostics.append(Diagnostic(.error, message, range: range))
            failed = true
        }
        var positionals = descriptor.parameters.filter(\.isPositional)
        // Parameters given with a value that failed: already reported, not "missing".
        var attempted = Set<String>()
        // Parameters whose value was refused.
        var rejected = Set<String>()
        for argument in step.arguments {
            let spec: ParameterSpec
            let nameRange = argument.labelRange ?? argument.value.range
            if let label = argument.label {
                guard let found = descriptor.parameter(named: label) else {
                    let names = descriptor.parameters.map(\.name)
                    let hint = Suggestions.hint(for: label, in: names)
                    let list =
                        names.isEmpty ? "; '\(step.name)' takes no parameters" : hint.isEmpty ? "; '\(step.name)' takes: \(names.joined(separator: ", "))" : ""
                    error("unknown parameter '\(label)' for '\(step.name)'\(hint)\(list)", nameRange)
                    continue
                }
                spec = found
                positionals.removeAll { $0.name == label }
            } else {
                guard !positionals.isEmpty else {
                    let names = descriptor.parameters.map(\.name)
                    // The one parameter that takes this value, when there is one: `orient 90` → rotate=90.
                    var quiet: [Diagnostic] = []
                    let literal = resolve(argument.value, parameters: parameters, into: &quiet)
                    var hint = ""
                    if let literal {
                        let takers = descriptor.parameters.filter { values[$0.name] == nil && (try? $0.value(from: literal)) != nil }
                        if takers.count == 1 { hint = "; did you mean \(takers[0].name)=\(literal)?" }
                    }
                    error(
                        "'\(step.name)' has no positional parameter here; write name=value (parameters: \(names.isEmpty ? "none" : names.joined(separator: ", ")))\(hint)",
                        nameRange)
                    continue
                }
                spec = positionals.removeFirst()
            }
            if values[spec.name] != nil {
                error("parameter '\(spec.name)' is given twice", nameRange)
                continue
            }
            attempted.insert(spec.name)
            guard let literal = resolve(argument.value, parameters: parameters, into: &diagnostics) else {
                failed = true
                rejected.insert(spec.name)
                continue
            }
            do {
                values[spec.name] = try spec.value(from: literal)
            } catch {
                // A value the lexer already refused (`1.2.3`, a number too large) has its error.
                if !diagnostics.contains(where: { $0.severity == .error && $0.range == argument.value.range }) {
                    // A value given from outside is blamed on the setting that gave it.
                    let given = argument.value.elements.compactMap { element -> String? in
                        guard case .variable(let name) = element.0, let value = variables[name] else { return nil }
                        return wording.setting(name, value)
                    }
                    let origin = given.isEmpty ? "" : " (the value comes from \(given.joined(separator: ", ")))"
                    diagnostics.append(Diagnostic(.error, error.description + origin, range: argument.value.range))
                }
                failed = true
                rejected.insert(spec.name)
            }
        }
        for spec in descriptor.parameters where values[spec.name] == nil {
            if let value = spec.defaultValue {
                values[spec.name] = value
            } else if spec.isRequired && !attempted.contains(spec.name) {
                error("'\(step.name)' needs '\(spec.name)': \(spec.expectation)", step.nameRange)
            }
        }
        if failed {
            checkBuild(descriptor, values: values, rejected: rejected, step: step, into: &diagnostics)
            return nil
        }
        let arguments = Arguments(values)
        do {
            let action = try descriptor.build(arguments)
            return PipelineStep(
                name: descriptor.name, arguments: arguments, version: descriptor.version, location: step.nameRange.start,
                role: descriptor.role, parameters: descriptor.parameters, action: action)
        } catch {
            diagnostics.append(Diagnostic(.error, "\(step.name): \(error)", range: step.nameRange))
            return nil
        }
    }

    /// Runs the step's own checks (its plugin's initialiser) on the values that did validate, so
    /// one pass reports a refused value and a refused combination together: when every refused
    /// parameter has a default (so the step sees a whole configuration), a ``ParameterError``
    /// about a parameter not already reported is added.
    private func checkBuild(
        _ descriptor: StepDescriptor, values: [String: ParameterValue], rejected: Set<String>, step: StepSyntax,
        into diagnostics: inout [Diagnostic]
    ) {
        let complete = descriptor.parameters.allSatisfy { !$0.isRequired || values[$0.name] != nil }
        let defaulted = descriptor.parameters.filter { rejected.contains($0.name) }.allSatisfy { $0.defaultValue != nil }
        guard complete, defaulted else { return }
        do {
            _ = try descriptor.build(Arguments(values))
        } catch let error as ParameterError where !rejected.contains(error.name) {
            diagnostics.append(Diagnostic(.error, "\(step.name): \(error)", range: step.nameRange))
        } catch {
            // Another failure may come from a refused value: the fixed pipeline will say.
        }
    }

    /// Resolves `$name` references and folds elements into one literal.
    private func resolve(_ value: ValueSyntax, parameters: ScriptParameters, into diagnostics: inout [Diagnostic]) -> ArgumentLiteral? {
        var literals: [ArgumentLiteral] = []
        for (element, range) in value.elements {
            switch element {
            case .literal(let literal):
                literals.append(literal)
            case .variable(let name):
                guard let literal = parameters.value(of: name, at: range, into: &diagnostics) else { return nil }
                literals.append(literal)
            case .template(let parts):
                var text = ""
                for part in parts {
                    switch part {
                    case .text(let piece):
                        text += piece
                    case .variable(let name):
                        guard let literal = parameters.value(of: name, at: range, into: &diagnostics) else { return nil }
                        text += literal.text
                    }
                }
                literals.append(.string(text))
            }
        }
        return literals.count == 1 ? literals[0] : .list(literals)
    }

    /// A variable's value set from outside read as the literal it spells (number, percentage, colour, word), else as a string.
    static func literal(fromVariable text: String) -> ArgumentLiteral {
        let (tokens, problems) = Lexer.tokenize("x " + text)
        guard problems.isEmpty, tokens.count == 3 else { return .string(text) }
        switch tokens[1].kind {
        case .number(let value): return .number(value, text: tokens[1].text)
        case .percentage(let value): return .percentage(value, text: tokens[1].text)
        case .color(let hex): return .color(hex)
        case .word: return .word(text)
        default: return .string(text)
        }
    }

    private func checkOrder(_ steps: [PipelineStep], syntax: PipelineSyntax, into diagnostics: inout [Diagnostic]) {
        guard let first = steps.first, let firstRange = syntax.steps.first?.nameRange else { return }
        // A load without a path reads the batch input (first step only); a save without a path
        // writes the batch output (last step only). A single run needs both paths.
        for (index, step) in steps.enumerated() where index < syntax.steps.count {
            let message: String?
            switch step.action {
            case .load(let load) where load.path == nil:
                message =
                    requiresSource
                    ? "'load' needs 'path': the file to read, e.g. load \"in.png\" (only a batch run's first step may leave it out)"
                    : index > 0 ? "a load without a path reads the batch input, so it must be the first step" : nil
            case .save(let save) where save.path == nil:
                message =
                    requiresSource
                    ? "'save' needs 'path': the file to write, e.g. save \"out.png\" (only a batch run's last step may leave it out: each result then goes to \(wording.batchOutput))"
                    : index != steps.count - 1 ? "a save without a path writes each batch result to \(wording.batchOutput), so it must be the last step" : nil
            default:
                message = nil
            }
            if let message { diagnostics.append(Diagnostic(.error, message, range: syntax.steps[index].nameRange)) }
        }
        if requiresSource && first.role != .source {
            diagnostics.append(Diagnostic(.error, "'\(first.name)' has no image to work on; start the pipeline with load \"PATH\"", range: firstRange))
        }
        if !steps.contains(where: { $0.role == .sink }), requiresSource, let lastRange = syntax.steps.last?.nameRange {
            diagnostics.append(Diagnostic(.warning, "the pipeline has no save step; its result is discarded", range: lastRange))
        }
    }

    /// A save with `lossless=always`, in a format whose codec edits losslessly, in a pipeline that
    /// could never take the lossless path is refused now, not once per file.
    private func checkLossless(_ steps: [PipelineStep], syntax: PipelineSyntax, into diagnostics: inout [Diagnostic]) {
        for (index, step) in steps.enumerated() where index < syntax.steps.count {
            guard case .save(let save) = step.action, save.options.losslessPolicy == .always,
                registry.codecs.decoder(for: save.options.format) is any LosslessEditor,
                !save.formatFromInput
            else {
                continue
            }
            let problem: String?
            if registry.codecs.losslessEditor(for: save.options.format) == nil {
                problem = Remedy.pipelineDescription(of: LosslessEditError.unavailable)
            } else if index != steps.count - 1 {
                problem = "the steps after this save need the pixels"
            } else if let path = LosslessPath(Pipeline(steps: steps, codecs: registry.codecs), batchOutput: save.path == nil) {
                problem = path.shapeProblem ?? path.encodingProblem(save.options)
            } else {
                problem = "the pipeline does not load the JPEG it saves"
            }
            if let problem {
                diagnostics.append(Diagnostic(.error, "save: \(LosslessPathError(reason: problem).description)", range: syntax.steps[index].nameRange))
            }
        }
    }
}
