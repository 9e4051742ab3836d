import Foundation
import NinepipeCore

/// The `ninepipe` command: turns arguments into calls on the host and results into exit codes.
///
/// ```swift
/// let status = CommandLineTool().run(["run", "-e", "load \"a.png\" | save \"b.jpg\""], console: console)
/// ```
public struct CommandLineTool: Sendable {
    /// The steps available to pipelines.
    public var registry: PluginRegistry

    /// Creates the tool over `registry` (default: the built-in steps).
    public init(registry: PluginRegistry = .standard) { self.registry = registry }

    private static let commands = ["run", "check", "plugins", "info", "ninepatch", "assets", "help"]

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public func run(_ arguments: [String], console: Console) -> Int32 {
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch let error as UsageError {
            console.err("ninepipe: \(error.message)\nRun 'ninepipe --help' for usage.")
            return ExitCode.usage.rawValue
        } catch let error as CompilationError {
            let renderer = DiagnosticRenderer(fileName: error.fileName, source: error.source, colors: console.errorIsTerminal)
            console.err(renderer.render(error.diagnostics))
            return ExitCode.usage.rawValue
        } catch {
            console.err("ninepipe: error: \(error)")
            return ExitCode.failure.rawValue
        }
    }

    private func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        // `--plugin PATH` (repeatable) before the command adds the library's transforms.
        var arguments = arguments
        var tool = self
        while arguments.first == "--plugin" {
            guard arguments.count >= 2 else { throw UsageError("--plugin needs the path of a plugin library (libX.so)") }
            let types: [any TransformPlugin.Type]
            do {
                types = try PluginLoader.load(arguments[1])
            } catch {
                throw UsageError(error.description)
            }
            do {
                tool.registry = try tool.registry.adding(types)
            } catch {
                throw UsageError("\(arguments[1]): \(error)")
            }
            arguments.removeFirst(2)
        }
        return try tool.dispatchCommand(arguments, console: console)
    }

    private func dispatchCommand(_ arguments: [String], console: Console) throws -> ExitCode {
        guard let command = arguments.first else {
            console.err(HelpText.usage)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            console.out(HelpText.usage)
            return .success
        case "--version", "-V", "version":
            console.out("ninepipe \(HelpText.version)")
            return .success
        case "run":
            return try runPipeline(try Options(rest), execute: true, console: console)
        case "check":
            return try runPipeline(try Options(rest), execute: false, console: console)
        case "plugins":
            return try plugins(rest, console: console)
        case "info":
            return try info(rest, console: console)
        case "ninepatch":
            return try NinePatchCommand(console: console, limits: ImageLimits()).run(rest)
        case "assets":
            return try AssetsCommand(console: console).run(rest)
        default:
            // `ninepipe SCRIPT …` runs a pipeline file, so `#!/usr/bin/env ninepipe` works as a shebang.
            if !command.hasPrefix("-") && FileIO.exists(command) && !FileIO.isDirectory(command) {
                return try runPipeline(try Options(arguments), execute: true, console: console)
            }
            throw UsageError("unknown command '\(command)'\(Suggestions.hint(for: command, in: Self.commands)); commands: run, check, plugins, info, ninepatch, assets")
        }
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
        if options.timings { runner.stepObserver = { report in console.err("timing: \(report)") } }
        let interrupts = InterruptWatch()
        defer { interrupts.end() }
        runner.cancellation = interrupts.flag
        do {
            try runner.run(pipeline)
            return .success
        } catch is CancellationError {
            console.err("\(fileName): stopped by \(interrupts.signalName); nothing was left half-written")
            return interrupts.exitCode ?? .failure
        } catch let failure as StepFailure {
            let place = failure.location.map { "\(fileName):\($0): " } ?? "\(fileName): "
            console.err(place + (console.errorIsTerminal ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + "\(failure.stepName): \(failure.underlying)")
            return .failure
        }
    }

    private func makeRunner(_ options: Options, console: Console) -> PipelineRunner {
        let paint = console.errorIsTerminal
        return PipelineRunner(limits: options.limits) { message in
            console.err((paint ? "\u{1B}[1;35mwarning:\u{1B}[0m " : "warning: ") + message)
        }
    }

    /// `run FILE INPUT... --output TARGET`: the pipeline once per input.
    private func runBatch(_ pipeline: Pipeline, inputs arguments: [String], options: Options, execute: Bool,
                          fileName: String, console: Console) throws -> ExitCode {
        if let load = pipeline.steps.first(where: { $0.role == .source }) {
            let place = load.location.map { " (\(fileName):\($0))" } ?? ""
            throw UsageError("the pipeline loads its own file\(place); for a batch run leave 'load' out: each input is loaded for it")
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
            throw UsageError("no images found in \(arguments.joined(separator: " ")) (directories contribute .png and .jpg files\(advice))")
        }
        if let shard = options.shard {
            let index = try shard.resolvedIndex(environment: console.environment)
            inputs = ShardSpec.slice(inputs, index: index, count: shard.count)
            if !options.quiet { console.err("shard \(index)/\(shard.count): \(inputs.count) of \(found) inputs") }
        }
        var runner = makeRunner(options, console: console)
        if options.timings { runner.stepObserver = { report in console.err("timing: \(report)") } }
        let batch = BatchRunner(runner: runner, output: output, jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                failFast: options.failFast)
        try batch.check(pipeline, inputs: inputs)
        guard execute && !options.dryRun else {
            for input in inputs {
                console.out("\(input.path) → \(batch.plannedOutputs(of: pipeline, for: input).joined(separator: ", "))")
            }
            if !options.quiet { console.err("dry run: \(inputs.count) file\(inputs.count == 1 ? "" : "s"), nothing written") }
            return .success
        }
        let reporter = BatchReporter(console: console, total: inputs.count, quiet: options.quiet)
        let interrupts = InterruptWatch()
        defer { interrupts.end() }
        var stoppable = batch
        stoppable.runner.cancellation = interrupts.flag
        let summary = stoppable.runBlocking(pipeline, inputs: inputs) { reporter.report($0) }
        reporter.finish(summary)
        if let code = interrupts.exitCode {
            console.err("stopped by \(interrupts.signalName): \(summary.skipped) file\(summary.skipped == 1 ? "" : "s") not processed; files in flight were abandoned and their temporaries removed")
            return code
        }
        return summary.failures.isEmpty && summary.skipped == 0 ? .success : .failure
    }

    private func plugins(_ arguments: [String], console: Console) throws -> ExitCode {
        if arguments == ["--markdown"] {
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

    private func info(_ arguments: [String], console: Console) throws -> ExitCode {
        let options = try Options(arguments)
        guard !options.positionals.isEmpty else { throw UsageError("info needs at least one image file") }
        if options.expression != nil { throw UsageError("info does not take -e") }
        var status = ExitCode.success
        var blocks: [String] = []
        for path in options.positionals {
            do {
                let bytes = try FileIO.read(path)
                do {
                    let info = try ImageCodecs.info(bytes, limits: options.limits)
                    // Only an alpha channel needs the pixels: are any of them actually see-through?
                    let transparent = info.hasAlpha
                        ? try ImageCodecs.decode(bytes, options: DecodeOptions(limits: options.limits)).transparentPixelCount : nil
                    blocks.append(InfoFormatter.format(path: path, info: info, byteCount: bytes.count, transparentPixels: transparent))
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
