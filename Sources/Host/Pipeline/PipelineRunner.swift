import Foundation
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
    /// The folder that relative paths of a step's own files (an `overlay` image) are taken from:
    /// `ninepipe run FILE` sets the pipeline file's folder, so a script and its watermark travel
    /// together. `nil` (the default): the working directory, or a rooted policy's root. The
    /// joined path still goes through ``policy``; `load` and `save` paths are not affected.
    public var resourceDirectory: String?
    /// Rewrites each `save` path before writing (batch runs fill in placeholders and refuse collisions).
    var savePath: (@Sendable (_ path: String, _ image: Image) throws -> String)?

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
            limits: limits, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
            noteHandler: noteObserver, handler: warningHandler)
        if input == nil, execution == .streamed,
            let result = try streamedRun(pipeline, context: context, minimumBytes: 0).run(keepsResult: true)
        {
            return result
        }
        return try execute(pipeline, image: input, context: context)
    }

    /// Runs a pipeline that loads and saves its own files, for the files alone (nothing is
    /// returned): a large image is streamed from decoder to encoder as ``execution`` allows, so
    /// memory grows with its width, not its area. This is what `ninepipe run` does.
    public func runToFiles(_ pipeline: Pipeline) throws {
        let context = RunContext(
            limits: limits, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
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
            limits: limits, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
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
        let context = RunContext(
            limits: limits, policy: policy, resourceDirectory: resourceDirectory, savePath: savePath, cancellation: cancellation,
            noteHandler: noteObserver, handler: warningHandler)
        // A pathless first `load` says how to decode; it then passes the image on.
        var source = LoadStep(path: name, keepsOrientation: false, shrink: 1)
        var hintIndex = -1
        if case .load(let load)? = pipeline.steps.first?.action, load.path == nil {
            source = load
            source.path = name
            hintIndex = 0
        }
        let decoded = try source.decode(encoded, context, next: Self.transform(after: hintIndex, in: pipeline))
        // A crop decoded as its rectangle is done: its step is skipped.
        let skipped: Set<Int> = decoded.appliedNext ? [hintIndex + 1] : []
        guard let result = try execute(pipeline, image: decoded.image, context: context, skipping: skipped) else { throw NoImageError() }
        return result
    }

    /// Like ``run(_:encoded:name:)``, then encodes the result with `output` and returns the bytes.
    public func run(_ pipeline: Pipeline, encoded: [UInt8], name: String = "<input>", output: EncodeOptions) throws -> [UInt8] {
        let image = try run(pipeline, encoded: encoded, name: name)
        return try ImageCodecs.encode(image, options: output) { warningHandler("\(name): \($0)") }
    }

    /// The transform after step `index`, which `load` may ask how much it needs (a smaller
    /// decode, or a region only).
    static func transform(after index: Int, in pipeline: Pipeline) -> (any Transform)? {
        guard index + 1 < pipeline.steps.count, case .transform(let transform) = pipeline.steps[index + 1].action else { return nil }
        return transform
    }

    private func execute(_ pipeline: Pipeline, image input: Image?, context: RunContext, skipping: Set<Int> = []) throws -> Image? {
        var image = input
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
                    let decoded = try load.run(context, next: Self.transform(after: index, in: pipeline))
                    image = decoded.image
                    if decoded.appliedNext { skipping.insert(index + 1) }
                case .save(let save):
                    guard let current = image else { throw NoImageError() }
                    try save.run(current, context)
                case .transform(let transform):
                    guard let current = image else { throw NoImageError() }
                    image = try transform.apply(to: current, context: context.transformContext)
                }
            } catch let error as CancellationError {
                throw error
            } catch {
                throw StepFailure(stepName: step.name, index: index + 1, location: step.location, underlying: error)
            }
            stepObserver?(
                StepReport(
                    stepName: step.name, index: index + 1, duration: clock.now - started,
                    width: image?.width, height: image?.height))
        }
        return image
    }
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
        return "step \(index) '\(stepName)': \(String(format: "%.3f", duration.seconds)) s\(size)"
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

    /// `step 2 'save' (1:20): out.bmp: …`.
    public var description: String {
        let place = location.map { " (\($0))" } ?? ""
        return "step \(index) '\(stepName)'\(place): \(underlying)"
    }
}

struct NoImageError: NinepipeError {
    var description: String { "there is no image yet: put load \"PATH\" first, or pass an input image" }
}
