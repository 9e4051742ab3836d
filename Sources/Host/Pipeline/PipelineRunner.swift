import NinepipeCore

/// Runs compiled pipelines. A runner is a value; one pipeline may run on many runners and threads at once.
public struct PipelineRunner: Sendable {
    /// Pixel and metadata limits for decoding and transforms.
    public var limits: ImageLimits
    /// Which files `load` and `save` may touch.
    public var policy: FilePolicy
    /// Receives one-line warnings (the library never prints).
    public var warningHandler: @Sendable (String) -> Void
    /// Receives a report after each step (name, time taken, resulting size), e.g. to print timings.
    public var stepObserver: (@Sendable (StepReport) -> Void)?
    /// Receives what steps note about their decisions (the window a smart crop chose, as
    /// `crop: entropy chose 600×600 at 120,0`), e.g. to print with timings.
    public var noteObserver: (@Sendable (String) -> Void)?
    /// A stop request besides the task's own cancellation: set it (from any thread, a signal
    /// handler's queue for instance) and runs stop at the next step or band with
    /// `CancellationError`, their temporary files removed.
    public var cancellation: CancellationFlag?
    /// Whole images or streamed bands between steps (see ``Execution``); default `.automatic`.
    public var execution: Execution = .automatic
    /// With `.automatic`, files whose decoded pixels take at least this many bytes are streamed
    /// (default 16 MiB: a 4-megapixel RGBA or 5.6-megapixel RGB image).
    public var streamingThreshold = 16 << 20
    /// The folder that relative paths of a step's own files (an `overlay` image) are taken from,
    /// for a host whose pipelines name such files apart from their inputs and outputs. `nil`
    /// (the default, and what `ninepipe` uses): the working directory, or a rooted policy's
    /// root, as for `load` and `save`. The joined path still goes through ``policy``. The
    /// command line gives pipelines `$here` (``PipelineCompiler/predefined``) instead.
    public var resourceDirectory: String?
    /// Rewrites each `save` path before writing (batch runs fill in placeholders and refuse collisions).
    var savePath: (@Sendable (_ path: String, _ image: Image) throws -> String)?
    /// Whether the result is written somewhere that can animate besides the pipeline's own saves
    /// (a batch's output target), so `load frames=auto` keeps an animation's frames.
    var outputAnimates = false

    /// Creates a runner.
    public init(
        limits: ImageLimits = .default, policy: FilePolicy = .unrestricted,
        warningHandler: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.limits = limits
        self.policy = policy
        self.warningHandler = warningHandler
    }

    /// Runs `pipeline` on `input` (or on what its `load` reads) and returns the final image.
    ///
    /// Cancellation is checked between steps. Errors are ``StepFailure``s naming the step.
    /// With ``execution`` `.streamed`, a pipeline that loads its own file runs streamed and its
    /// result is collected at the end; otherwise every step gets whole images.
    @discardableResult
    public func run(_ pipeline: Pipeline, input: Image? = nil) throws -> Image? {
        let context = RunContext(
            limits: limits, codecs: pipeline.codecs, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
            noteHandler: noteObserver, handler: warningHandler)
        if input == nil, execution == .streamed,
            let result = try streamedRun(pipeline, context: context, minimumBytes: 0).run(keepsResult: true)
        {
            return result
        }
        return try execute(pipeline, image: input, context: context).image
    }

    /// Runs a pipeline that loads and saves its own files, for the files alone (nothing is
    /// returned): a large image is streamed from decoder to encoder as ``execution`` allows, so
    /// memory grows with its width, not its area. This is what `ninepipe run` does.
    public func runToFiles(_ pipeline: Pipeline) throws {
        let context = RunContext(
            limits: limits, codecs: pipeline.codecs, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
            noteHandler: noteObserver, handler: warningHandler)
        if try runLossless(pipeline, context: context) { return }
        if execution != .whole, savePath == nil,
            try streamedRun(pipeline, context: context, minimumBytes: execution == .streamed ? 0 : streamingThreshold).run(keepsResult: false) != nil
        {
            return
        }
        _ = try execute(pipeline, image: nil, context: context)
    }

    /// Streams a batch pipeline over the file at `path` (as ``execution`` allows: large files for
    /// `.automatic`) and hands the final stream to `consume`; `false`, nothing done, when the
    /// file is run with whole images instead.
    func streamFile(_ pipeline: Pipeline, path: String, consume: (any BandSource) throws -> Void) throws -> Bool {
        guard execution != .whole else { return false }
        let context = RunContext(
            limits: limits, codecs: pipeline.codecs, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
            noteHandler: noteObserver, handler: warningHandler)
        return try streamedRun(pipeline, context: context, minimumBytes: execution == .streamed ? 0 : streamingThreshold)
            .run(file: path, consume: consume)
    }

    private func streamedRun(_ pipeline: Pipeline, context: RunContext, minimumBytes: Int) -> StreamedRun {
        StreamedRun(pipeline: pipeline, context: context, minimumBytes: minimumBytes, observer: stepObserver)
    }

    /// Decodes `encoded` (PNG or JPEG bytes) as `load` would (EXIF orientation applied, nine-patch
    /// frame read when `name` ends in `.9.png`, shrink-on-load for a first step that wants less), then
    /// runs `pipeline` on it. No file is touched unless the pipeline loads or saves one itself.
    ///
    /// A pathless `load` as the first step (`load orient=keep | …`) gives the decoding options.
    ///
    /// - Parameters:
    ///   - pipeline: the steps to run (a first `load` without a path gives the decoding options).
    ///   - encoded: the image file's bytes.
    ///   - name: names the input in messages (and decides `.9.png` handling).
    public func run(_ pipeline: Pipeline, encoded: [UInt8], name: String = "<input>") throws -> Image {
        guard let image = try flow(pipeline, encoded: encoded, name: name).image else { throw NoImageError() }
        return image
    }

    /// Like ``run(_:encoded:name:)``, keeping every frame of an animated input when the pipeline's
    /// `load frames=` asks for them (`all`, or `auto` with an output that can animate): the result
    /// is the animation, or `nil` for a still result (then ``run(_:encoded:name:)`` gives it).
    public func runAnimation(_ pipeline: Pipeline, encoded: [UInt8], name: String = "<input>") throws -> Animation? {
        try flow(pipeline, encoded: encoded, name: name).animation
    }

    /// What a pipeline makes of `encoded`: one picture, or an animation.
    func flow(_ pipeline: Pipeline, encoded: [UInt8], name: String) throws -> Flow {
        let context = RunContext(
            limits: limits, codecs: pipeline.codecs, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
            noteHandler: noteObserver, handler: warningHandler)
        // A pathless first `load` says how to decode; it then passes the image on.
        var source = LoadStep(path: name, keepsOrientation: false, shrink: 1)
        var hintIndex = -1
        if case .load(let load)? = pipeline.steps.first?.action, load.path == nil {
            source = load
            source.path = name
            hintIndex = 0
        }
        let keepsFrames = source.keepsFrames(animatedOutput: outputAnimates || Self.animates(after: hintIndex, in: pipeline))
        let decoded = try source.decode(
            encoded, context, next: Self.transform(after: hintIndex, in: pipeline), keepsFrames: keepsFrames,
            frameSteps: frameSteps(after: hintIndex, in: pipeline, context: context))
        // A crop decoded as its rectangle is done, as are steps run on each frame while decoding: they are skipped.
        var skipped: Set<Int> = decoded.appliedNext ? [hintIndex + 1] : []
        for applied in 0..<decoded.appliedSteps { skipped.insert(hintIndex + 1 + applied) }
        let flow = try execute(pipeline, flow: Flow(image: decoded.image, animation: decoded.animation), context: context, skipping: skipped)
        guard flow.image != nil else { throw NoImageError() }
        return flow
    }

    /// Like ``run(_:encoded:name:)``, then encodes the result with `output` and returns the bytes:
    /// every frame of an animation when `output`'s format can animate (GIF, WebP).
    public func run(_ pipeline: Pipeline, encoded: [UInt8], name: String = "<input>", output: EncodeOptions) throws -> [UInt8] {
        var runner = self
        runner.outputAnimates = outputAnimates || pipeline.codecs.animates(output.format)
        let flow = try runner.flow(pipeline, encoded: encoded, name: name)
        if let animation = flow.animation { return try pipeline.codecs.encode(animation, options: output) { warningHandler("\(name): \($0)") } }
        guard let image = flow.image else { throw NoImageError() }
        return try pipeline.codecs.encode(image, options: output) { warningHandler("\(name): \($0)") }
    }

    /// The transforms right after step `index`, up to the first step that is not one: an
    /// animation's frames run through them as they are decoded. Their failures name their step.
    func frameSteps(after index: Int, in pipeline: Pipeline, context: RunContext) -> LoadStep.FrameSteps {
        var steps: [(offset: Int, step: PipelineStep, transform: any Transform)] = []
        for (offset, step) in pipeline.steps.enumerated().dropFirst(index + 1) {
            // A step that decides from the pixels decides once, from all the frames: it waits for them.
            guard case .transform(let transform) = step.action, (transform as? any FrameConsistentTransform)?.decidesFromPixels != true else { break }
            steps.append((offset, step, transform))
        }
        let transformContext = context.transformContext
        return LoadStep.FrameSteps(count: steps.count) { frame in
            var frame = frame
            for (offset, step, transform) in steps {
                try transformContext.checkCancellation()
                do {
                    try Self.checkRoom(for: frame, transform)
                    frame = try transform.apply(to: frame, context: transformContext)
                } catch let error as CancellationError {
                    throw error
                } catch {
                    throw StepFailure(stepName: step.name, index: offset + 1, location: step.location, underlying: error)
                }
            }
            return frame
        }
    }

    /// Throws when `transform` could not allocate what it needs on `image` now: a result the
    /// size of `image` (every step makes at least one while its input is still held), or what
    /// it says it needs (``PeakMemoryEstimating``). A failed allocation would be a trap. (Steps
    /// whose result is larger also check that size themselves, with
    /// ``TransformContext/checkResult(width:height:like:)``.)
    static func checkRoom(for image: Image, _ transform: any Transform) throws(LimitError) {
        let size = (transform as? any PeakMemoryEstimating)?.peakMemory(for: image) ?? image.byteCount
        try MemoryAvailability.check("working on the \(image.width)×\(image.height) image", size: size)
    }

    /// Whether a step after `index` keeps an animation animated: a `frame`/`frames` step, or a
    /// `save` whose format can animate or is decided when writing (a batch's `{ext}`, a stream).
    static func animates(after index: Int, in pipeline: Pipeline) -> Bool {
        pipeline.steps.dropFirst(index + 1).contains { step in
            switch step.action {
            case .frames: true
            case .save(let save): save.formatFromInput || pipeline.codecs.animates(save.options.format)
            case .load, .transform: false
            }
        }
    }

    /// The transform after step `index`, which `load` may ask how much it needs (a smaller
    /// decode, or a region only).
    static func transform(after index: Int, in pipeline: Pipeline) -> (any Transform)? {
        guard index + 1 < pipeline.steps.count, case .transform(let transform) = pipeline.steps[index + 1].action else { return nil }
        return transform
    }

    private func execute(_ pipeline: Pipeline, image input: Image?, context: RunContext) throws -> Flow {
        try execute(pipeline, flow: Flow(image: input, animation: nil), context: context)
    }

    private func execute(_ pipeline: Pipeline, flow input: Flow, context: RunContext, skipping: Set<Int> = []) throws -> Flow {
        var image = input.image
        var animation = input.animation
        var skipping = skipping
        let clock = ContinuousClock()
        for (index, step) in pipeline.steps.enumerated() {
            try context.transformContext.checkCancellation()
            let started = clock.now
            do {
                switch step.action {
                case _ where skipping.contains(index):
                    break  // done while loading (a crop decoded as its rectangle)
                case .load(let load):
                    // A pathless load of a given image (batch, or an embedder's input) passes it on.
                    if load.path == nil, image != nil { break }
                    let keepsFrames = load.keepsFrames(animatedOutput: outputAnimates || Self.animates(after: index, in: pipeline))
                    let decoded = try load.run(
                        context, next: Self.transform(after: index, in: pipeline), keepsFrames: keepsFrames,
                        frameSteps: frameSteps(after: index, in: pipeline, context: context))
                    image = decoded.image
                    animation = decoded.animation
                    if decoded.appliedNext { skipping.insert(index + 1) }
                    for applied in 0..<decoded.appliedSteps { skipping.insert(index + 1 + applied) }
                case .save(let save):
                    guard let current = image else { throw NoImageError() }
                    if let animation { try save.run(animation, context) } else { try save.run(current, context) }
                case .transform(let transform):
                    guard let current = image else { throw NoImageError() }
                    if let frames = animation {
                        // A step that decides from the pixels (a smart crop, trim) decides once for all frames.
                        var perFrame = transform
                        if let deciding = transform as? any FrameConsistentTransform, deciding.decidesFromPixels {
                            perFrame = try deciding.decided(by: frames.frames.map(\.image), context: context.transformContext)
                        }
                        let transformed = try frames.mapImages {
                            try Self.checkRoom(for: $0, perFrame)
                            return try perFrame.apply(to: $0, context: context.transformContext)
                        }
                        animation = transformed
                        image = transformed.firstImage
                    } else {
                        try Self.checkRoom(for: current, transform)
                        image = try transform.apply(to: current, context: context.transformContext)
                    }
                case .frames(let selection):
                    guard let current = image else { throw NoImageError() }
                    if let frames = animation {
                        (animation, image) = try selection.apply(to: frames)
                    } else {
                        _ = try selection.indices(count: 1)
                        image = current
                    }
                }
            } catch let error as CancellationError {
                throw error
            } catch let failure as StepFailure {
                throw failure  // a step run on an animation's frames while loading
            } catch {
                throw StepFailure(stepName: step.name, index: index + 1, location: step.location, underlying: error)
            }
            stepObserver?(
                StepReport(
                    stepName: step.name, index: index + 1, duration: clock.now - started,
                    width: image?.width, height: image?.height))
        }
        return Flow(image: image, animation: animation)
    }
}

/// What flows between steps: one picture, or an animation (whose first frame is `image`).
struct Flow {
    var image: Image?
    var animation: Animation?
}

/// What one step did: reported to ``PipelineRunner/stepObserver`` after it finishes.
public struct StepReport: Sendable, Hashable, CustomStringConvertible {
    /// The step name.
    public var stepName: String
    /// The step's 1-based position in the pipeline.
    public var index: Int
    /// Wall time the step took.
    public var duration: Duration
    /// The image size after the step, when there is an image.
    public var width: Int?, height: Int?

    /// `step 2 'resize': 0.123 s → 1000×750`.
    public var description: String {
        let size = width.flatMap { w in height.map { " → \(w)×\($0)" } } ?? ""
        return "step \(index) '\(stepName)': \(DecimalText.fixed(duration.seconds, places: 3)) s\(size)"
    }
}

/// A step failed while running; names the step, where it was written, and why.
public struct StepFailure: NinepipeError {
    /// The step name.
    public var stepName: String
    /// The step's 1-based position in the pipeline.
    public var index: Int
    /// Where the step was written.
    public var location: SourceLocation?
    /// What went wrong.
    public var underlying: any Error

    /// `step 2 'save' (1:20): out.bmp: …`, with what avoids the error in pipeline words.
    public var description: String {
        let place = location.map { " (\($0))" } ?? ""
        return "step \(index) '\(stepName)'\(place): \(Remedy.pipelineDescription(of: underlying))"
    }
}
