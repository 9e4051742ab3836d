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
        guard case .load(let load)? = pipeline.steps.first?.action, load.path != nil else { return nil }
        let first: any BandSource
        do {
            guard let source = try load.stream(context, next: PipelineRunner.transform(after: 0, in: pipeline), minimumBytes: minimumBytes) else { return nil }
            first = source
        } catch {
            throw StepFailure(stepName: "load", index: 1, location: pipeline.steps[0].location, underlying: error)
        }
        var streams = [StepStream(first, step: pipeline.steps[0], index: 1, upstream: nil)]
        var consumed = false
        let clock = ContinuousClock()
        for (offset, step) in pipeline.steps.enumerated().dropFirst() {
            try context.transformContext.checkCancellation()
            let upstream = streams[streams.count - 1]
            let started = clock.now
            let next: any BandSource
            do {
                switch step.action {
                case .load(let load):
                    if load.path == nil {
                        next = upstream
                    } else {
                        next = ImageBandSource(try load.run(context).image)
                    }
                case .transform(let transform):
                    next = try transform.streamed(from: upstream, context: context.transformContext)
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
            let stream = StepStream(next, step: step, index: offset + 1, upstream: upstream)
            stream.inclusive += clock.now - started
            streams.append(stream)
        }
        var result: Image?
        if !consumed {
            // What no save consumed is still computed (its errors are the run's), and returned when asked.
            let image = try streams[streams.count - 1].materialized(context: context.transformContext)
            if keepsResult { result = image }
        }
        report(streams, consumedBySave: consumed)
        return .some(result)
    }

    /// One report per step, in order, with the time spent in the step itself.
    private func report(_ streams: [StepStream], consumedBySave: Bool) {
        guard let observer else { return }
        for stream in streams {
            let own = stream.inclusive - (stream.upstream?.inclusive ?? .zero)
            let header = stream.header
            observer(StepReport(stepName: stream.step.name, index: stream.index, duration: max(.zero, own),
                                width: header.width, height: header.height))
        }
    }
}

/// A step's stream, as the steps after it see it: errors raised while its rows are computed
/// name the step, and the time spent computing them is counted (with its upstream's).
final class StepStream: BandSource {
    let step: PipelineStep
    let index: Int
    let upstream: StepStream?
    /// Time spent in this step and everything upstream of it, setup included.
    var inclusive: Duration = .zero
    private let source: any BandSource
    private let clock = ContinuousClock()

    init(_ source: any BandSource, step: PipelineStep, index: Int, upstream: StepStream?) {
        self.source = source
        self.step = step
        self.index = index
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
            var underlying: any Error = error
            if case .load(let load) = step.action, let path = load.path, !(error is FileError) {
                underlying = FileError.inFile(path: path, underlying: error)
            }
            throw StepFailure(stepName: step.name, index: index, location: step.location, underlying: underlying)
        }
    }
}
