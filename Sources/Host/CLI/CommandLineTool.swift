import Foundation
import NinepipeCore
import NinepipePlugins

/// The `ninepipe` command: turns arguments into calls on the host and results into exit codes.
///
/// ```swift
/// let status = CommandLineTool().run(["run", "-e", "load \"a.png\" | save \"b.jpg\""], console: console)
/// ```
public struct CommandLineTool: Sendable {
    /// The steps available to pipelines.
    public var registry: PluginRegistry
    /// The size limits every command starts from; `--max-pixels` and `--max-dimension` change them
    /// for one run (default `ImageLimits.default`; a host for strangers' files may start lower).
    public var limits: ImageLimits

    /// Creates the tool over `registry` (default: the built-in steps) and `limits`.
    public init(registry: PluginRegistry = .standard, limits: ImageLimits = .default) {
        self.registry = registry
        self.limits = limits
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public func run(_ arguments: [String], console: Console) -> Int32 {
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch let error as UsageError {
            console.err("ninepipe: \(error.message)\nRun 'ninepipe --help' for usage.")
            return ExitCode.usage.rawValue
        } catch let error as AssetError {
            console.err("ninepipe: \(error.description.replacingOccurrences(of: " (strict)", with: " (--strict)"))")
            return ExitCode.usage.rawValue
        } catch let error as BatchError {
            // A batch that cannot run as described is a usage error, named in the flags' terms.
            console.err("ninepipe: \(Self.commandLineWording(of: error))")
            return ExitCode.usage.rawValue
        } catch let error as CompilationError {
            let renderer = DiagnosticRenderer(fileName: error.fileName, source: error.source, colors: console.errorIsTerminal)
            console.err(renderer.render(error.diagnostics))
            return ExitCode.usage.rawValue
        } catch {
            console.err("ninepipe: error: \(ErrorText.describe(error))")
            return ExitCode.failure.rawValue
        }
    }

    private func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        if arguments.first == "__complete" { return complete(Array(arguments.dropFirst()), console: console) }
        // Global options before the command: `--plugin PATH` (repeatable) adds the library's transforms.
        var arguments = arguments
        var tool = self
        while let first = arguments.first, first.hasPrefix("-"), first != "-" {
            switch first {
            case "--help", "-h":
                console.out(HelpText.usage)
                return .success
            case "--version", "-V":
                console.out(HelpText.versionText)
                return .success
            default:
                guard first == "--plugin" || first.hasPrefix("--plugin=") else {
                    let spellings = CommandTable.global.map { "--" + $0.name } + ["--help", "--version", "-h", "-V"]
                    throw UsageError(
                        "unknown option '\(first)'\(Suggestions.hint(for: first, in: spellings)); options for a command go after it, e.g. ninepipe run \(first) …"
                    )
                }
                let path: String
                if first == "--plugin" {
                    guard arguments.count >= 2 else { throw UsageError("--plugin needs the path of a plugin library (libX.so)") }
                    path = arguments[1]
                    arguments.removeFirst(2)
                } else {
                    path = String(first.dropFirst("--plugin=".count))
                    arguments.removeFirst()
                }
                tool.registry = try Self.adding(path, to: tool.registry)
            }
        }
        return try tool.dispatchCommand(arguments, console: console)
    }

    /// `registry` with the transforms of the plugin library at `path`.
    static func adding(_ path: String, to registry: PluginRegistry) throws(UsageError) -> PluginRegistry {
        let types: [any TransformPlugin.Type]
        do {
            types = try PluginLoader.load(path)
        } catch {
            throw UsageError(error.description)
        }
        do {
            return try registry.adding(types)
        } catch {
            throw UsageError("\(path): \(error)")
        }
    }

    private func dispatchCommand(_ arguments: [String], console: Console) throws -> ExitCode {
        guard let name = arguments.first else {
            console.err(HelpText.usage)
            return .usage
        }
        if name == "version" {
            console.out(HelpText.versionText)
            return .success
        }
        guard var command = CommandTable.command([name]) else {
            // `ninepipe SCRIPT …` runs a pipeline file, so `#!/usr/bin/env ninepipe` works as a shebang.
            if FileIO.exists(name) && !FileIO.isDirectory(name), let run = CommandTable.command(["run"]) {
                let parsed = try ParsedArguments(arguments, for: run, command: "run")
                if parsed.wantsHelp { return help(["run"], console: console) }
                return try runPipeline(try Options(parsed, limits: limits), execute: true, console: console)
            }
            let names = CommandTable.commands.map(\.name)
            throw UsageError("unknown command '\(name)'\(Suggestions.hint(for: name, in: names)); commands: \(names.joined(separator: ", "))")
        }
        var path = [name]
        var rest = Array(arguments.dropFirst())
        if !command.subcommands.isEmpty {
            guard let word = rest.first, !word.hasPrefix("-") else {
                if rest.first == "--help" || rest.first == "-h" { return help(path, console: console) }
                throw UsageError("\(name) needs a subcommand: \(command.subcommands.map(\.name).joined(separator: ", "))\n" + (HelpText.help(for: path) ?? ""))
            }
            guard let subcommand = command.subcommands.first(where: { $0.name == word }) else {
                let names = command.subcommands.map(\.name)
                throw UsageError("unknown \(name) subcommand '\(word)'\(Suggestions.hint(for: word, in: names)); use \(names.joined(separator: ", "))")
            }
            command = subcommand
            path.append(word)
            rest.removeFirst()
        }
        let parsed = try ParsedArguments(rest, for: command, command: path.joined(separator: " "))
        if parsed.wantsHelp { return help(path, console: console) }
        switch path[0] {
        case "run": return try runPipeline(try Options(parsed, limits: limits), execute: true, console: console)
        case "check": return try runPipeline(try Options(parsed, limits: limits), execute: false, console: console)
        case "plugins": return try plugins(parsed, console: console)
        case "info": return try info(parsed, console: console)
        case "ninepatch": return try NinePatchCommand(console: console, limits: limits).run(path[1], parsed)
        case "assets": return try AssetsCommand(console: console, limits: limits).run(path[1], parsed)
        case "completions": return try completions(parsed, console: console)
        default: return try helpCommand(parsed, console: console)
        }
    }

    /// A batch error in the command line's terms (`--output`, `--shard`).
    static func commandLineWording(of error: BatchError) -> String {
        let text = error.description
        switch error {
        case .unclosedPlaceholder, .unknownPlaceholder, .outputNeedsExtension, .outputFormatConflict: return "--" + text
        case .outputSaveWithoutOutput:
            return "the pipeline ends in a save without a path, which writes each result to --output; give --output DIR/ or a name such as 'out/{name}.jpg'"
        case .badShard, .shardOutOfRange, .shardVariableMissing, .shardVariableInvalid: return text.replacingOccurrences(of: "shard ", with: "--shard ")
        default: return text.replacingOccurrences(of: "choose another output", with: "choose another --output")
        }
    }

    /// Prints the help page of the command at `path`.
    private func help(_ path: [String], console: Console) -> ExitCode {
        console.out(HelpText.help(for: path) ?? HelpText.usage)
        return .success
    }

    /// `ninepipe help [COMMAND [SUBCOMMAND]]`, `ninepipe help --man`.
    private func helpCommand(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        if arguments.has("man") {
            console.out(ManPage.render(registry: registry))
            return .success
        }
        guard !arguments.operands.isEmpty else {
            console.out(HelpText.usage)
            return .success
        }
        guard let page = HelpText.help(for: arguments.operands) else {
            let names = CommandTable.commands.map(\.name)
            let word = arguments.operands.last ?? ""
            throw UsageError(
                "no help for '\(arguments.operands.joined(separator: " "))'\(Suggestions.hint(for: word, in: names + CommandTable.commands.flatMap { $0.subcommands.map(\.name) })); commands: \(names.joined(separator: ", "))"
            )
        }
        console.out(page)
        return .success
    }

    /// `ninepipe __complete INDEX WORD...`: what the completion scripts ask (never an error:
    /// a line that cannot be read completes to nothing). Plugins on the line are loaded.
    private func complete(_ arguments: [String], console: Console) -> ExitCode {
        guard let index = arguments.first.flatMap({ Int($0) }) else { return .usage }
        let words = Array(arguments.dropFirst())
        var registry = self.registry
        var position = 0
        while position + 1 < words.count, position < index, words[position].hasPrefix("-") {
            if words[position] == "--plugin", let extended = try? Self.adding(words[position + 1], to: registry) { registry = extended }
            position += words[position] == "--plugin" ? 2 : 1
        }
        console.out(Completer(registry: registry).answer(words, index: index).joined(separator: "\n"))
        return .success
    }

    /// `ninepipe completions bash|zsh|fish`.
    private func completions(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.count == 1, let shell = CompletionScript.Shell(rawValue: arguments.operands[0]) else {
            throw UsageError("completions needs one shell: bash, zsh or fish, e.g. source <(ninepipe completions bash)")
        }
        console.out(CompletionScript.script(for: shell))
        return .success
    }

    private func runPipeline(_ options: Options, execute: Bool, console: Console) throws -> ExitCode {
        let (text, fileName, inputs) = try options.pipelineText()
        let batch = !inputs.isEmpty
        if !batch && options.hasBatchOptions {
            throw UsageError("--output, --recursive, --jobs, --fail-fast, --dry-run and --shard are for batch runs: give input files after the pipeline")
        }
        let compiler = PipelineCompiler(registry: registry, variables: options.variables, requiresSource: !batch)
        let result = compiler.compile(text)
        let renderer = DiagnosticRenderer(fileName: fileName, source: text, colors: console.errorIsTerminal)
        if !result.diagnostics.isEmpty { console.err(renderer.render(result.diagnostics)) }
        guard let pipeline = result.pipeline else { return .usage }
        if batch {
            return try runBatch(pipeline, inputs: inputs, options: options, execute: execute, fileName: fileName, console: console)
        }
        guard execute else {
            console.out("\(fileName): ok: \(pipeline.steps.count) step\(pipeline.steps.count == 1 ? "" : "s"): \(pipeline)")
            return .success
        }
        var runner = makeRunner(options, console: console)
        if options.timings {
            runner.stepObserver = { report in console.err("timing: \(report)") }
            runner.noteObserver = { note in console.err("timing: \(note)") }
        }
        let interrupts = InterruptWatch()
        defer { interrupts.end() }
        runner.cancellation = interrupts.flag
        do {
            try runner.runToFiles(pipeline)
            if options.timings { console.err("timing: peak memory \(PeakMemory.description)") }
            return .success
        } catch is CancellationError {
            console.err("\(fileName): stopped by \(interrupts.signalName); nothing was left half-written")
            return interrupts.exitCode ?? .failure
        } catch let failure as StepFailure {
            // The step's line with a caret under its name, as compile errors show.
            let message = "\(failure.stepName): \(ErrorText.describe(failure.underlying, step: failure.stepName))"
            if let start = failure.location {
                let end = SourceLocation(
                    line: start.line, column: start.column + failure.stepName.unicodeScalars.count,
                    offset: start.offset + failure.stepName.unicodeScalars.count)
                console.err(renderer.render(Diagnostic(.error, message, range: SourceRange(start: start, end: end))))
            } else {
                console.err("\(fileName): " + (console.errorIsTerminal ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + message)
            }
            return .failure
        }
    }

    private func makeRunner(_ options: Options, console: Console) -> PipelineRunner {
        let paint = console.errorIsTerminal
        let quiet = options.quiet
        var runner = PipelineRunner(limits: options.limits) { message in
            guard !quiet else { return }
            console.err((paint ? "\u{1B}[1;35mwarning:\u{1B}[0m " : "warning: ") + message)
        }
        runner.execution = options.execution
        runner.resourceDirectory = options.resourceDirectory
        return runner
    }

    /// `run FILE INPUT... --output TARGET`: the pipeline once per input.
    private func runBatch(
        _ pipeline: Pipeline, inputs arguments: [String], options: Options, execute: Bool,
        fileName: String, console: Console
    ) throws -> ExitCode {
        if let load = pipeline.steps.first(where: { step in if case .load(let load) = step.action { load.path != nil } else { false } }) {
            let place = load.location.map { " (\(fileName):\($0))" } ?? ""
            throw UsageError(
                "the pipeline loads its own file\(place); for a batch run leave 'load' out, or keep its options without the path (load orient=keep | …): each input is loaded for it"
            )
        }
        let hasSave = pipeline.steps.contains { $0.role == .sink }
        guard options.output != nil || hasSave else {
            throw UsageError("a batch run needs --output DIR/ or --output 'out/{name}.png' (or save steps in the pipeline)")
        }
        let output = try options.output.map { try OutputTemplate($0) }
        var inputs = try InputCollector.collect(arguments, recursive: options.recursive)
        let found = inputs.count
        if found == 0 {
            let advice = options.recursive ? "" : "; add --recursive for subfolders"
            let extensions = ImageFormat.extensions.keys.sorted().map { "." + $0 }.joined(separator: " ")
            throw UsageError("no images found in \(arguments.joined(separator: " ")) (directories contribute their image files: \(extensions)\(advice))")
        }
        if let shard = options.shard {
            let index = try shard.resolvedIndex(environment: console.environment)
            inputs = ShardSpec.slice(inputs, index: index, count: shard.count)
            if !options.quiet { console.err("shard \(index)/\(shard.count): \(inputs.count) of \(found) inputs") }
        }
        var runner = makeRunner(options, console: console)
        if options.timings {
            runner.stepObserver = { report in console.err("timing: \(report)") }
            runner.noteObserver = { note in console.err("timing: \(note)") }
        }
        var batch = BatchRunner(
            runner: runner, output: output, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            failFast: options.failFast)
        batch.skipsUpToDate = options.skipExisting
        try batch.check(pipeline, inputs: inputs)
        guard execute && !options.dryRun else {
            for input in inputs {
                console.out("\(input.path) → \(batch.plannedOutputs(of: pipeline, for: input).joined(separator: ", "))")
            }
            if !options.quiet { console.err("dry run: \(inputs.count) file\(inputs.count == 1 ? "" : "s"), nothing written") }
            return .success
        }
        if let report = options.report {
            let log = try RecordLog(path: report, console: console)
            batch.recordHandler = { log.write($0) }
        }
        let reporter = BatchReporter(
            console: console, total: inputs.count, quiet: options.quiet, verbose: options.verbose,
            printsLines: options.report != "-")
        let interrupts = InterruptWatch()
        defer { interrupts.end() }
        var stoppable = batch
        stoppable.runner.cancellation = interrupts.flag
        stoppable.fileWarningHandler = { input, message in reporter.warn(message, subject: input.path) }
        stoppable.describeError = { ErrorText.describe($0) }
        let summary = stoppable.runBlocking(pipeline, inputs: inputs) { reporter.report($0) }
        reporter.finish(summary)
        if options.timings { console.err("timing: peak memory \(PeakMemory.description)") }
        if let code = interrupts.exitCode {
            console.err(
                "stopped by \(interrupts.signalName): \(summary.skipped) file\(summary.skipped == 1 ? "" : "s") not processed; files in flight were abandoned and their temporaries removed"
            )
            return code
        }
        return summary.failures.isEmpty && summary.skipped == 0 ? .success : .failure
    }

    private func plugins(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let arguments = parsed.operands
        if parsed.has("markdown") {
            guard arguments.isEmpty else { throw UsageError("plugins --markdown takes no step name") }
            console.out(StepTable.markdown(registry))
            return .success
        }
        guard let name = arguments.first else {
            let width = registry.names.map(\.count).max() ?? 0
            var lines = ["Steps (ninepipe plugins NAME for parameters):"]
            for descriptor in registry.descriptors {
                lines.append("  " + descriptor.name.padding(width) + "  " + descriptor.summary)
            }
            console.out(lines.joined(separator: "\n"))
            return .success
        }
        guard arguments.count == 1 else { throw UsageError("plugins takes at most one step name") }
        guard let descriptor = registry[name] else {
            throw UsageError("unknown step '\(name)'\(Suggestions.hint(for: name, in: registry.names))")
        }
        var lines = ["\(descriptor.name) \(descriptor.version) (\(descriptor.role.rawValue))", "  \(descriptor.summary)", ""]
        if descriptor.parameters.isEmpty {
            lines.append("  no parameters")
        } else {
            lines.append("Parameters:")
            let width = descriptor.parameters.map(\.name.count).max() ?? 0
            for spec in descriptor.parameters {
                var detail = spec.type.summary
                if let value = spec.defaultValue { detail += ", default \(value)" } else if spec.isRequired { detail += ", required" }
                if spec.isPositional { detail += ", may be written without '\(spec.name)='" }
                lines.append("  \(spec.name.padding(width))  \(spec.summary) (\(detail))")
            }
        }
        console.out(lines.joined(separator: "\n"))
        return .success
    }

    /// `--components 5x4` (or `5×4`) as BlurHash components; `nil` when not given.
    static func blurHashComponents(_ text: String?) throws(UsageError) -> (x: Int, y: Int)? {
        guard let text else { return nil }
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" }).map(String.init)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), (1...9).contains(x), (1...9).contains(y) else {
            throw UsageError("--components '\(text)': give the components across and down, each 1…9, as in --components 4x3")
        }
        return (x, y)
    }

    private func info(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let options = try Options(arguments, limits: limits)
        guard !options.positionals.isEmpty else { throw UsageError("info needs at least one image file") }
        let components = try Self.blurHashComponents(arguments.value("components"))
        let precision: Placeholder.Precision = arguments.has("approximate") ? .approximate : .exact
        let wantsPlaceholder = arguments.has("placeholder") || components != nil || precision == .approximate
        var status = ExitCode.success
        var blocks: [String] = []
        for path in options.positionals {
            do {
                let bytes = try FileIO.read(path)
                do {
                    let info = try ImageCodecs.info(bytes, limits: options.limits)
                    // Headers only, unless asked about the pixels.
                    let image =
                        arguments.has("alpha") || arguments.has("trim")
                        ? try ImageCodecs.decode(bytes, options: DecodeOptions(limits: options.limits)) : nil
                    let transparent = info.hasAlpha && arguments.has("alpha") ? image?.transparentPixelCount : nil
                    var block = InfoFormatter.format(path: path, info: info, byteCount: bytes.count, transparentPixels: transparent)
                    if arguments.has("trim"), let image { block += "\n" + (try InfoFormatter.trim(image)) }
                    if wantsPlaceholder {
                        block +=
                            "\n"
                            + InfoFormatter.placeholder(
                                try Placeholder(bytes: bytes, components: components ?? (4, 3), precision: precision, limits: options.limits))
                    }
                    blocks.append(block)
                } catch {
                    throw FileError.inFile(path: path, underlying: error)
                }
            } catch {
                console.err("ninepipe: error: \(error)")
                status = .failure
            }
        }
        if !blocks.isEmpty { console.out(blocks.joined(separator: "\n\n")) }
        return status
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
