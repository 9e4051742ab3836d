import NinepipeCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one pipeline over many files: at most ``jobs`` images in flight, each result written
/// atomically, a failing file reported and the rest carried on (unless ``failFast``).
///
/// ```swift
/// let inputs = try InputCollector.collect(["photos/"], recursive: true)
/// let batch = BatchRunner(runner: PipelineRunner(), output: try OutputTemplate("out/"), jobs: 2)
/// try batch.check(pipeline, inputs: inputs)                  // collisions, overwriting inputs
/// let summary = await batch.run(pipeline, inputs: inputs) { event in print(event) }
/// ```
public struct BatchRunner: Sendable {
    /// Runs each file's pipeline (limits, policy, warnings).
    public var runner: PipelineRunner
    /// Where the final image of each file goes; `nil` when the pipeline's own `save` steps are the outputs.
    public var output: OutputTemplate?
    /// How many files are processed at once (and so at most how many images are in memory);
    /// never more than the inputs or ``maximumJobs``, each a thread of its own.
    public var jobs: Int

    /// The most files a batch (or assets an asset run) processes at once, whatever ``jobs`` says.
    public static let maximumJobs = ParallelWork.maximumWidth
    /// Stop starting new files after the first failure.
    public var failFast: Bool
    /// Receives each file's warnings with the file they belong to; when `nil` they go to the
    /// runner's ``PipelineRunner/warningHandler`` (the command line groups repeated ones).
    public var fileWarningHandler: (@Sendable (_ input: BatchInput, _ message: String) -> Void)?
    /// Turns a file's error into the reason its ``Event/failed(_:reason:)`` carries (default: its
    /// description; the command line words limits in terms of its flags).
    public var describeError: @Sendable (any Error) -> String = { "\($0)" }
    /// Leave out an input whose outputs all exist and are at least as new as it,
    /// so a batch that was stopped resumes instead of starting over; before an input runs again,
    /// the temporaries a killed run left beside its outputs are removed. Outputs named by the
    /// image size (`{width}`, `{height}`) are only known after running: such inputs always run.
    public var skipsUpToDate = false
    /// Receives one ``FileRecord`` per input as it finishes (from any thread): what a job
    /// controller aggregates (the command line can write them as JSON lines).
    public var recordHandler: (@Sendable (FileRecord) -> Void)?

    /// Creates a batch runner.
    public init(runner: PipelineRunner, output: OutputTemplate?, jobs: Int, failFast: Bool = false) {
        self.runner = runner
        self.output = output
        self.jobs = min(max(1, jobs), Self.maximumJobs)
        self.failFast = failFast
    }

    /// What happened to one file.
    public enum Event: Sendable {
        /// Written: the files it produced and the final size.
        case succeeded(BatchInput, outputs: [String], width: Int, height: Int)
        /// Failed, with the reason (the rest of the batch goes on).
        case failed(BatchInput, reason: String)
        /// Left out because its outputs exist and are as new as it (``BatchRunner/skipsUpToDate``).
        case upToDate(BatchInput, outputs: [String])
    }

    /// What happened to one input, for machines: ``BatchRunner/recordHandler``.
    public struct FileRecord: Sendable, Hashable {
        /// The outcome.
        public enum Status: String, Sendable, Hashable {
            /// Processed and written.
            case ok
            /// Failed (``error`` says why).
            case failed
            /// Left out: its outputs were up to date.
            case upToDate = "up-to-date"
        }
        /// The input file.
        public var input: String
        /// The files written (or found up to date).
        public var outputs: [String]
        /// The outcome.
        public var status: Status
        /// Why it failed; `nil` otherwise.
        public var error: String?
        /// Wall time spent on it, in seconds.
        public var seconds: Double
        /// The bytes of its outputs as they are on disk now.
        public var bytesWritten: Int
    }

    /// The outcome of a batch.
    public struct Summary: Sendable {
        /// Files processed and written.
        public var succeeded = 0
        /// Files that failed, with their reasons, in input order.
        public var failures: [(input: BatchInput, reason: String)] = []
        /// Files not processed (after a failure with ``BatchRunner/failFast``, or cancellation).
        public var skipped = 0
        /// Files left out because their outputs were up to date (``BatchRunner/skipsUpToDate``).
        public var upToDate = 0
    }

    /// The patterns ``plannedOutputs(of:for:)`` fills in, in its order: the pipeline's own `save`
    /// paths, then the output target's.
    static func outputPatterns(of pipeline: Pipeline, output: OutputTemplate?) -> [String] {
        let saves = pipeline.steps.compactMap { step -> String? in
            if case .save(let save) = step.action { return save.path }
            return nil
        }
        return saves + (output.map { [$0.pattern] } ?? [])
    }

    /// The outputs `input` will be written to, with `{width}`/`{height}` left as written: the pipeline's
    /// own `save` paths, then the output target.
    public func plannedOutputs(of pipeline: Pipeline, for input: BatchInput) -> [String] {
        let saves = pipeline.steps.compactMap { step -> String? in
            if case .save(let save) = step.action, let path = save.path { return OutputTemplate.expand(path, input: input, size: nil, codecs: pipeline.codecs) }
            return nil
        }
        let save = Self.outputSave(of: pipeline)
        return saves + (output.map { [Self.formatted($0.path(for: input, codecs: pipeline.codecs), pattern: $0.pattern, save: save)] } ?? [])
    }

    /// The pipeline's last step when it is a save without a path: how each result is written to
    /// ``output`` (format, quality, metadata, nine-patch framing).
    static func outputSave(of pipeline: Pipeline) -> SaveStep? {
        if case .save(let save)? = pipeline.steps.last?.action, save.path == nil { return save }
        return nil
    }

    /// `path` with the extension of the output save's `format=`, when the template's name ends in
    /// `{ext}` (a directory target mirrors the input's extension): `photos/a.png` with
    /// `save format=jpeg` becomes `a.jpg`. Other names are left as they are.
    static func formatted(_ path: String, pattern: String, save: SaveStep?) -> String {
        let name = FileIO.baseName(of: path)
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { name[name.index(after: $0)...].lowercased() }
        guard let save, !save.formatFromInput, pattern.hasSuffix("{ext}"), !save.options.format.fileExtensions.contains(ext ?? "") else { return path }
        let stem = dot.map { String(name[..<$0]) } ?? name
        return String(path.dropLast(name.count)) + stem + "." + save.options.format.fileExtension
    }

    /// Refuses, before anything runs, a batch whose outputs would overwrite an input or map two
    /// inputs onto one file (when the names do not depend on the image size, which only running tells).
    public func check(_ pipeline: Pipeline, inputs: [BatchInput]) throws(BatchError) {
        if let save = Self.outputSave(of: pipeline) {
            guard let output else { throw .outputSaveWithoutOutput }
            if !save.formatFromInput, !output.pattern.hasSuffix("{ext}"), let named = pipeline.codecs.format(forPath: output.pattern),
                named != save.options.format
            {
                throw .outputFormatConflict(template: output.pattern, named: named, format: save.options.format)
            }
        }
        let inputPaths = Dictionary(inputs.map { (Self.identity(of: $0.path), $0) }, uniquingKeysWith: { first, _ in first })
        var claimed: [String: BatchInput] = [:]
        let patterns = Self.outputPatterns(of: pipeline, output: output)
        for input in inputs {
            for (path, pattern) in zip(plannedOutputs(of: pipeline, for: input), patterns) {
                try OutputTemplate.checkStaysInside(path, pattern: pattern, input: input.path)
                if let original = inputPaths[Self.identity(of: path)] {
                    throw .outputIsInput(input: input.path, output: path, original: original.path)
                }
                guard !path.contains("{width}") && !path.contains("{height}") else { continue }
                let key = Self.identity(of: path)
                if let other = claimed[key] {
                    throw .outputCollision(first: other.path, second: input.path, output: path)
                }
                claimed[key] = input
            }
        }
    }

    /// Processes `inputs` as a task group ``jobs`` wide (one child task per file in flight),
    /// reporting each file to `events` as it finishes (from any thread). Cancelling the task
    /// stops new files from starting, and files in flight stop at their next step or band (their
    /// temporaries removed); they count as skipped. The runner's
    /// ``PipelineRunner/cancellation`` flag, when set, does the same.
    public func run(_ pipeline: Pipeline, inputs: [BatchInput], events: @escaping @Sendable (Event) -> Void) async -> Summary {
        let stop = runner.cancellation ?? CancellationFlag()
        let (queue, work, summary) = prepare(pipeline, inputs: inputs, stop: stop, events: events)
        await withTaskCancellationHandler {
            await ParallelWork.run(jobs: jobs, queue: queue, body: work)
        } onCancel: {
            stop.cancel()
        }
        return summary()
    }

    /// ``run(_:inputs:events:)`` for callers outside any task (the command line's main thread):
    /// blocks until done. Setting the runner's ``PipelineRunner/cancellation`` flag (from a
    /// signal handler, say) stops it the same way a cancelled task does.
    public func runBlocking(_ pipeline: Pipeline, inputs: [BatchInput], events: @escaping @Sendable (Event) -> Void) -> Summary {
        let (queue, work, summary) = prepare(pipeline, inputs: inputs, stop: runner.cancellation ?? CancellationFlag(), events: events)
        ParallelWork.runBlocking(jobs: jobs, queue: queue, body: work)
        return summary()
    }

    /// The queue of input positions, the work for one position, and the summary of what was done.
    private func prepare(_ pipeline: Pipeline, inputs: [BatchInput], stop: CancellationFlag, events: @escaping @Sendable (Event) -> Void)
        -> (WorkQueue, @Sendable (Int) -> Void, () -> Summary)
    {
        let queue = WorkQueue(count: inputs.count, cancellation: stop)
        var stoppable = self
        stoppable.runner.cancellation = stop
        let inputPaths = Set(inputs.map { Self.identity(of: $0.path) })
        let claims = OutputClaims()
        let results = Mutex<(succeeded: Int, upToDate: Int, failures: [(Int, BatchInput, String)])>((0, 0, []))
        let failFast = failFast
        let work: @Sendable (Int) -> Void = { [stoppable] position in
            let input = inputs[position]
            let started = ContinuousClock.now
            let event: Event
            do {
                // Resuming: the planned outputs, worked out once, say whether the input is up to date
                // and where a killed earlier run may have left half-written temporaries.
                let planned = stoppable.skipsUpToDate ? stoppable.plannedOutputs(of: pipeline, for: input) : []
                if stoppable.skipsUpToDate, Self.isUpToDate(planned, input: input) {
                    event = .upToDate(input, outputs: planned)
                } else {
                    for output in planned { AtomicFile.removeLeftovers(of: output) }
                    event = try stoppable.process(input, pipeline: pipeline, inputPaths: inputPaths, claims: claims)
                }
            } catch is CancellationError {
                return  // stopped on request: counted as skipped
            } catch {
                event = .failed(input, reason: describeError(error))
            }
            results.withLock { results in
                switch event {
                case .succeeded: results.succeeded += 1
                case .upToDate: results.upToDate += 1
                case .failed(let input, let reason): results.failures.append((position, input, reason))
                }
            }
            if case .failed = event, failFast { queue.stop() }
            stoppable.recordHandler?(Self.record(of: event, seconds: (ContinuousClock.now - started).seconds))
            events(event)
        }
        return (
            queue, work,
            {
                results.withLock { results in
                    var summary = Summary()
                    summary.succeeded = results.succeeded
                    summary.upToDate = results.upToDate
                    summary.failures = results.failures.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
                    summary.skipped = inputs.count - results.succeeded - results.upToDate - results.failures.count
                    return summary
                }
            }
        )
    }

    /// Whether every one of `input`'s planned `outputs` exists and is at least as new as the
    /// input (as make decides); `false` when it must run: an output is missing or older, a name
    /// depends on the image size, or there are no outputs to look at.
    static func isUpToDate(_ outputs: [String], input: BatchInput) -> Bool {
        guard !outputs.isEmpty, !outputs.contains(where: { $0.contains("{width}") || $0.contains("{height}") }),
            let source = FileIO.sizeAndModificationTime(of: input.path)
        else { return false }
        return outputs.allSatisfy { output in (FileIO.sizeAndModificationTime(of: output)?.modified).map { $0 >= source.modified } ?? false }
    }

    /// The machine-readable record of `event`.
    static func record(of event: Event, seconds: Double) -> FileRecord {
        func bytes(_ outputs: [String]) -> Int { outputs.reduce(0) { $0 + (FileIO.sizeAndModificationTime(of: $1)?.size ?? 0) } }
        switch event {
        case .succeeded(let input, let outputs, _, _):
            return FileRecord(input: input.path, outputs: outputs, status: .ok, error: nil, seconds: seconds, bytesWritten: bytes(outputs))
        case .upToDate(let input, let outputs):
            return FileRecord(input: input.path, outputs: outputs, status: .upToDate, error: nil, seconds: seconds, bytesWritten: 0)
        case .failed(let input, let reason):
            return FileRecord(input: input.path, outputs: [], status: .failed, error: reason, seconds: seconds, bytesWritten: 0)
        }
    }

    /// Reads, runs and writes one file.
    private func process(_ input: BatchInput, pipeline: Pipeline, inputPaths: Set<String>, claims: OutputClaims) throws -> Event {
        let written = Mutex<[String]>([])
        // Every path this file writes: placeholders filled in, inputs and other files' outputs refused.
        let save = Self.outputSave(of: pipeline)
        let claim: @Sendable (String, _ width: Int, _ height: Int, _ metadata: ImageMetadata) throws -> String = { pattern, width, height, metadata in
            let expanded = OutputTemplate.expand(pattern, input: input, size: (width, height), codecs: pipeline.codecs)
            let path = Self.plainName(Self.formatted(expanded, pattern: pattern, save: save), pattern: pattern, metadata: metadata)
            try OutputTemplate.checkStaysInside(path, pattern: pattern, input: input.path)
            // A FIFO, socket or device where an output goes would be written into (a FIFO blocks
            // until read): a batch writes files.
            if FileIO.isSpecialFile(path, followingLinks: false) {
                throw FileError.cannotWrite(
                    path: path, reason: "it is a FIFO, socket or device; a batch writes files: remove it or choose another output folder")
            }
            let key = Self.identity(of: path)
            if inputPaths.contains(key) {
                throw BatchError.outputIsInput(input: input.path, output: path, original: path)
            }
            try claims.claim(key, for: input.path, path: path)
            try runner.policy.createParentDirectories(of: path)
            written.withLock { $0.append(path) }
            return path
        }
        var fileRunner = runner
        fileRunner.savePath = { pattern, image in try claim(pattern, image.width, image.height, image.metadata) }
        if let handler = fileWarningHandler { fileRunner.warningHandler = { handler(input, $0) } }
        let warn = fileRunner.warningHandler
        // A JPEG that is only turned or cropped moves its coefficients instead of being decoded.
        let context = RunContext(limits: runner.limits, codecs: pipeline.codecs, policy: runner.policy, cancellation: runner.cancellation, handler: warn)
        var alreadyRead: [UInt8]?
        switch try runLossless(input, pipeline: pipeline, claim: claim, context: context) {
        case .written(let width, let height): return .succeeded(input, outputs: written.withLock { $0 }, width: width, height: height)
        case .declined(let bytes): alreadyRead = bytes
        }
        let writer = OutputWriter(save: save, codecs: pipeline.codecs, policy: runner.policy, warn: warn)
        // A large file streams from its decoder to its output, never whole in memory.
        if let output {
            var size = (width: 0, height: 0)
            let streamed = try fileRunner.streamFile(pipeline, path: input.path) { stream in
                size = (stream.header.width, stream.header.height)
                let (path, format) = try Self.destination(
                    claim(output.pattern, size.width, size.height, stream.header.metadata), codecs: pipeline.codecs)
                var context = TransformContext(limits: runner.limits, cancellation: runner.cancellation)
                context.codecs = pipeline.codecs
                guard try writer.write(stream, to: path, format: format, context: context) else {
                    return try writer.write(stream.materialized(), to: path, format: format)
                }
            }
            if streamed { return .succeeded(input, outputs: written.withLock { $0 }, width: size.width, height: size.height) }
        }
        let bytes = try alreadyRead ?? runner.policy.read(input.path)
        // An animated input stays animated when the output's format can animate (a mirrored
        // `{ext}` keeps a GIF a GIF).
        if let output {
            fileRunner.outputAnimates =
                output.pattern.hasSuffix("{ext}") || pipeline.codecs.format(forPath: output.pattern).map(pipeline.codecs.animates) == true
        }
        let flow = try fileRunner.flow(pipeline, encoded: bytes, name: input.path)
        guard let image = flow.image else { throw NoImageError() }
        if let output {
            let (path, format) = try Self.destination(claim(output.pattern, image.width, image.height, image.metadata), codecs: pipeline.codecs)
            if let animation = flow.animation {
                try writer.write(animation, to: path, format: format)
            } else {
                try writer.write(image, to: path, format: format)
            }
        }
        return .succeeded(input, outputs: written.withLock { $0 }, width: image.width, height: image.height)
    }

    /// `path` without the `.9` of its `.9.png` when that came from the input's name (the
    /// output folder mirror, or `{name}` of `button.9.png`) and the image being written is no
    /// nine-patch (no `npTc`, as after `load ninepatch=none`): a plain picture under a `.9.png`
    /// name would be misread as a frame by every reader, so it is written as `button.png`. A
    /// template that spells `.9.png` itself keeps it (and the save then explains what is missing).
    static func plainName(_ path: String, pattern: String, metadata: ImageMetadata) -> String {
        guard metadata.ninePatch?.chunk == nil, NinePatchSource.hasSourceName(path), !NinePatchSource.hasSourceName(pattern) else { return path }
        return String(path.dropLast(".9.png".count)) + String(path.suffix(".png".count))
    }

    /// The output path and the format its extension names.
    private static func destination(_ path: String, codecs: ImageCodecRegistry) throws -> (String, ImageFormat) {
        guard let format = codecs.format(forPath: path) else {
            throw BatchError.outputNeedsExtension(template: path, looksLikeFolder: false, extensions: codecs.writableExtensionList)
        }
        guard codecs.writes(format) else { throw UnwritableFormatError(format: format) }
        return (path, format)
    }

    /// A path's identity for comparisons: its real path when it exists, else its parent's real path plus its name.
    static func identity(of path: String) -> String {
        if let real = FilePolicy.realPath(path) { return real }
        let parent = FileIO.parentDirectory(of: path)
        return (FilePolicy.realPath(parent) ?? parent) + "/" + FileIO.baseName(of: path)
    }
}

/// Which input each output path of a running batch belongs to: a second input writing the same
/// file is refused instead of silently replacing the first one's result.
final class OutputClaims: Sendable {
    private let owners = Mutex<[String: String]>([:])

    /// Records that `input` writes `path` (compared by `key`); throws when another input already does.
    func claim(_ key: String, for input: String, path: String) throws(BatchError) {
        let owner = owners.withLock { owners -> String? in
            if let owner = owners[key], owner != input { return owner }
            owners[key] = input
            return nil
        }
        if let owner { throw .outputClaimed(path: path, owner: owner) }
    }
}

/// Hands out input positions to worker threads, in order, until told to stop.
final class WorkQueue: Sendable {
    /// How many positions there are.
    let count: Int
    private let position = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let cancellation: CancellationFlag?

    /// A queue of `count` positions that also stops when `cancellation` is set.
    init(count: Int, cancellation: CancellationFlag? = nil) {
        self.count = count
        self.cancellation = cancellation
    }

    /// The next position, or `nil` when all are taken or the queue stopped.
    func next() -> Int? {
        guard !isStopped else { return nil }
        let taken = position.add(1, ordering: .relaxed).oldValue
        return taken < count ? taken : nil
    }

    /// Stops handing out work (fail-fast).
    func stop() { stopped.store(true, ordering: .relaxed) }

    var isStopped: Bool { stopped.load(ordering: .relaxed) || cancellation?.isCancelled == true }
}
