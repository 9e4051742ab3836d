import NinepipeCore
import NinepipeHost

/// What `run` and `check` share: the pipeline read from a file or `-e`, compiled, then run once
/// (or only validated), or over many inputs as a batch.
struct PipelineInvocation {
    /// The parsed options.
    let options: PipelineOptions
    /// The steps available.
    let registry: PluginRegistry
    /// Where output and messages go.
    let console: Console

    /// Compiles the pipeline and runs it (`execute`) or only validates it; a batch when inputs follow.
    func run(execute: Bool) throws -> ExitCode {
        let (text, fileName, inputs) = try options.pipelineText()
        let batch = !inputs.isEmpty
        if !batch && options.hasBatchOptions {
            let given = options.batchOptionsGiven
            let list = given.count == 1 ? given[0] : given.dropLast().joined(separator: ", ") + " and " + (given.last ?? "")
            throw UsageError("\(list) \(given.count == 1 ? "is" : "are") for batch runs: give input files after the pipeline")
        }
        var wording = PipelineCompiler.Wording.commandLine
        if registry.names.count == PluginRegistry.standard.names.count {
            // No plugin library was loaded: an unknown step may be one of a plugin's.
            wording.unknownStep = "if a plugin library adds it, load the library first: ninepipe --plugin libNAME.so COMMAND …"
        }
        var compiler = PipelineCompiler(registry: registry, variables: options.variables, requiresSource: !batch, wording: wording)
        compiler.predefined = ["here": options.here]
        let result = compiler.compile(text)
        let renderer = DiagnosticRenderer(fileName: fileName, source: text, colors: console.errorIsTerminal)
        if !result.diagnostics.isEmpty { console.err(renderer.render(result.diagnostics)) }
        guard let pipeline = result.pipeline else { return .usage }
        if batch {
            return try runBatch(pipeline, inputs: inputs, execute: execute, fileName: fileName)
        }
        if options.explain { explain(makeRunner(), pipeline) }
        guard execute else {
            console.out("\(fileName): ok: \(pipeline.steps.count) step\(pipeline.steps.count == 1 ? "" : "s"): \(pipeline)")
            return .success
        }
        var runner = makeRunner()
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
                console.error(message, prefix: fileName)
            }
            return .failure
        }
    }

    /// A runner with the options' limits, execution mode and resource folder, printing warnings.
    private func makeRunner() -> PipelineRunner {
        let quiet = options.quiet
        var runner = PipelineRunner(limits: options.limits) { message in
            guard !quiet else { return }
            console.warn(message)
        }
        runner.execution = options.execution
        runner.policy.followsOutputLinks = options.followsOutputLinks
        return runner
    }

    /// `run FILE INPUT... --output TARGET`: the pipeline once per input.
    private func runBatch(_ pipeline: Pipeline, inputs arguments: [String], execute: Bool, fileName: String) throws -> ExitCode {
        if let load = pipeline.steps.first(where: { $0.loadPath != nil }) {
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
        var inputs = try InputCollector.collect(arguments, recursive: options.recursive, followsLinks: options.followsLinks)
        let found = inputs.count
        if found == 0 {
            let advice = options.recursive ? "" : "; add --recursive for subfolders"
            let extensions = ImageCodecRegistry.builtIn.extensions.keys.sorted().map { "." + $0 }.joined(separator: " ")
            throw InputError("no images found in \(arguments.joined(separator: " ")) (directories contribute their image files: \(extensions)\(advice))")
        }
        if let shard = options.shard {
            let index = try shard.resolvedIndex(environment: console.environment)
            inputs = ShardSpec.slice(inputs, index: index, count: shard.count)
            if !options.quiet { console.err("shard \(index)/\(shard.count): \(inputs.count) of \(found) inputs") }
        }
        var runner = makeRunner()
        if options.timings {
            runner.stepObserver = { report in console.err("timing: \(report)") }
            runner.noteObserver = { note in console.err("timing: \(note)") }
        }
        var batch = BatchRunner(
            runner: runner, output: output, jobs: options.jobs ?? TransformContext.processorCount,
            failFast: options.failFast)
        batch.skipsUpToDate = options.skipExisting
        try batch.check(pipeline, inputs: inputs)
        guard execute && !options.dryRun else {
            for input in inputs {
                let path = (try? batch.losslessDecision(for: pipeline, input: input)).flatMap { $0 == .notApplicable ? nil : " (\($0))" } ?? ""
                console.out("\(input.path) → \(batch.plannedOutputs(of: pipeline, for: input).joined(separator: ", "))\(path)")
            }
            if !options.quiet { console.err("dry run: \(inputs.count) file\(inputs.count == 1 ? "" : "s"), nothing written") }
            return .success
        }
        if options.explain {
            for input in inputs { explain(input.path) { try batch.losslessDecision(for: pipeline, input: input) } }
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

    /// `--explain` for a single run: how its JPEG is written.
    private func explain(_ runner: PipelineRunner, _ pipeline: Pipeline) {
        explain(pipeline.steps.first?.loadPath ?? "the input") { try runner.losslessDecision(for: pipeline) }
    }

    /// One `explain:` line for `name`, unless it is no JPEG written as a JPEG.
    private func explain(_ name: String, _ decision: () throws -> LosslessDecision) {
        do {
            let decision = try decision()
            if decision != .notApplicable { console.err("explain: \(name): \(decision)") }
        } catch {
            console.err("explain: \(name): \(ErrorText.describe(error, step: "save"))")
        }
    }
}
