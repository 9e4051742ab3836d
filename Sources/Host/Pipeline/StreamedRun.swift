import NinepipeCore

/// Runs a pipeline with bands of rows flowing from the decoder through the steps to the encoder
/// (see ``Execution``). Each step's stream is wrapped in a ``StepStream`` that names the step in
/// errors raised while its rows are computed and measures the time spent in it.
struct StreamedRun {
    let pipeline: Pipeline
    let context: RunContext
    /// Files whose decoded pixels take fewer bytes are run with whole images.
    let minimumBytes: Int
    let observer: (@Sendable (StepReport) -> Void)?

    /// Runs the pipeline streamed when its first step is a `load` that can stream; `nil`
    /// (nothing done) otherwise. Returns the final image only when `keepsResult`.
    func run(keepsResult: Bool) throws -> Image?? {
        guard case .load(let load)? = pipeline.steps.first?.action, load.path != nil,
            let first = try start(load, label: StepLabel(pipeline.steps[0], index: 1), next: PipelineRunner.transform(after: 0, in: pipeline))
        else { return nil }
        let (last, consumed) = try run(after: first, from: 1, keepsResult: keepsResult)
        var result: Image?
        if !consumed {
            // What no save consumed is still computed (its errors are the run's), and returned when asked.
            let image = try last.materialized(context: context.transformContext)
            if keepsResult { result = image }
        }
        report(last)
        return .some(result)
    }

    /// Runs the pipeline (a batch pipeline: no `load` with a path) streamed on the file at
    /// `path`, decoded as its pathless first `load` says, and hands the final stream to
    /// `consume`; returns `false`, doing nothing, when the file cannot stream.
    func run(file path: String, consume: (any BandSource) throws -> Void) throws -> Bool {
        var load = LoadStep(path: path, keepsOrientation: false, shrink: 1)
        var label = StepLabel(name: "load", index: 0, location: nil, path: path)
        var next = 0
        if case .load(let given)? = pipeline.steps.first?.action, given.path == nil {
            load = given
            load.path = path
            label = StepLabel(pipeline.steps[0], index: 1)
            label.path = path
            label.reportsFailures = false
            next = 1
        }
        guard let first = try start(load, label: label, next: PipelineRunner.transform(after: next - 1, in: pipeline)) else { return false }
        let (last, consumed) = try run(after: first, from: next, keepsResult: true)
        if !consumed { try consume(last) }
        report(last)
        return true
    }

    /// The load's stream, wrapped; `nil` when it cannot stream.
    private func start(_ load: LoadStep, label: StepLabel, next: (any Transform)?) throws -> StepStream? {
        do {
            guard let source = try load.stream(context, next: next, minimumBytes: minimumBytes) else { return nil }
            return StepStream(source, label: label, upstream: nil)
        } catch {
            throw label.failure(error)
        }
    }

    /// Runs the steps from index `first` on, each reading the stream before it; returns the last
    /// stream and whether a final `save` consumed it (never when `keepsResult`).
    private func run(after source: StepStream, from first: Int, keepsResult: Bool) throws -> (StepStream, consumed: Bool) {
        var last = source
        var consumed = false
        let clock = ContinuousClock()
        for (offset, step) in pipeline.steps.enumerated().dropFirst(first) {
            try context.transformContext.checkCancellation()
            let upstream = last
            let started = clock.now
            let next: any BandSource
            do {
                switch step.action {
                case .load(let load):
                    next = load.path == nil ? upstream : ImageBandSource(try load.run(context).image)
                case .transform(let transform):
                    next = try transform.streamed(from: upstream, context: context.transformContext)
                case .frames(let selection):
                    // A streamed file is one picture: frame 0 (or a range holding it) is the picture.
                    _ = try selection.indices(count: 1)
                    next = upstream
                case .save(let save):
                    let isLast = offset == pipeline.steps.count - 1
                    if isLast && !keepsResult, try save.writeStreamed(upstream, context) {
                        consumed = true
                        next = upstream
                    } else {
                        let image = try upstream.materialized(context: context.transformContext)
                        try save.run(image, context)
                        next = ImageBandSource(image)
                    }
                }
            } catch let error as CancellationError {
                throw error
            } catch let error as StepFailure {
                throw error
            } catch {
                throw StepFailure(stepName: step.name, index: offset + 1, location: step.location, underlying: error)
            }
            last = StepStream(next, label: StepLabel(step, index: offset + 1), upstream: upstream)
            last.inclusive += clock.now - started
        }
        return (last, consumed)
    }

    /// One report per step, in order, with the time spent in the step itself.
    private func report(_ last: StepStream) {
        guard let observer else { return }
        var streams: [StepStream] = []
        var stream: StepStream? = last
        while let current = stream {
            streams.insert(current, at: 0)
            stream = current.upstream
        }
        for stream in streams where stream.label.index > 0 {
            let own = stream.inclusive - (stream.upstream?.inclusive ?? .zero)
            let header = stream.header
            observer(
                StepReport(
                    stepName: stream.label.name, index: stream.label.index, duration: max(.zero, own),
                    width: header.width, height: header.height))
        }
    }
}

/// Which step a stream belongs to, for errors and reports.
struct StepLabel {
    var name: String
    /// 1-based; 0 for the implicit load of a batch input.
    var index: Int
    var location: SourceLocation?
    /// The file a load reads (its errors name it).
    var path: String?
    /// Whether errors are wrapped as this step's ``StepFailure`` (not for the load of a batch
    /// input, whose errors name the file alone, as when it is decoded whole).
    var reportsFailures = true

    init(name: String, index: Int, location: SourceLocation?, path: String?) {
        self.name = name
        self.index = index
        self.location = location
        self.path = path
    }

    /// `error` as this step's failure: a ``StepFailure``, or for the implicit load of a batch
    /// input the error itself, naming the file.
    func failure(_ error: any Error) -> any Error {
        var underlying = error
        if let path, !(error is FileError) { underlying = FileError.inFile(path: path, underlying: error) }
        if index == 0 || !reportsFailures { return underlying }
        return StepFailure(stepName: name, index: index, location: location, underlying: underlying)
    }

    init(_ step: PipelineStep, index: Int) {
        var path: String?
        if case .load(let load) = step.action { path = load.path }
        self.init(name: step.name, index: index, location: step.location, path: path)
    }
}

/// A step's stream, as the steps after it see it: errors raised while its rows are computed
/// name the step, and the time spent computing them is counted (with its upstream's).
final class StepStream: BandSource {
    let label: StepLabel
    let upstream: StepStream?
    /// Time spent in this step and everything upstream of it, setup included.
    var inclusive: Duration = .zero
    private let source: any BandSource
    private let clock = ContinuousClock()

    init(_ source: any BandSource, label: StepLabel, upstream: StepStream?) {
        self.source = source
        self.label = label
        self.upstream = upstream
    }

    var header: ImageHeader { source.header }

    func read(_ rows: Range<Int>) throws -> PixelBand {
        let started = clock.now
        defer { inclusive += clock.now - started }
        do {
            return try source.read(rows)
        } catch let error as CancellationError {
            throw error
        } catch let error as StepFailure {
            throw error
        } catch {
            throw label.failure(error)
        }
    }
}
