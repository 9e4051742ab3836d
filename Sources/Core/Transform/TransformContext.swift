/// What a running transform may use besides its input: limits, a warning channel, cancellation,
/// and the files the host lets it read.
public struct TransformContext: Sendable {
    /// Limits the output must respect (e.g. a resize may not exceed ``ImageLimits/maxPixelCount``).
    public var limits: ImageLimits
    /// A stop request from outside the task (a signal, a batch stopping); `nil` for none.
    public var cancellation: CancellationFlag?
    /// The codecs a step decodes its own files with (an overlay's image): the host's registry,
    /// ``ImageCodecRegistry/builtIn`` unless it was given another.
    public var codecs: ImageCodecRegistry = .builtIn
    private let warningHandler: @Sendable (String) -> Void
    private let fileReader: (@Sendable (String) throws -> [UInt8])?
    private let noteHandler: (@Sendable (String) -> Void)?

    /// Creates a context whose steps may read any file the process can.
    ///
    /// - Parameters:
    ///   - limits: output limits (default ``ImageLimits/default``).
    ///   - cancellation: a stop request to honour besides the task's own cancellation.
    ///   - warningHandler: receives each ``warn(_:)`` (default: dropped).
    public init(
        limits: ImageLimits = .default, cancellation: CancellationFlag? = nil,
        warningHandler: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.limits = limits
        self.cancellation = cancellation
        self.fileReader = nil
        self.noteHandler = nil
        self.warningHandler = warningHandler
    }

    /// Creates a context whose steps read files through `fileReader` (a host's file policy).
    ///
    /// - Parameters:
    ///   - limits: output limits.
    ///   - cancellation: a stop request to honour besides the task's own cancellation.
    ///   - fileReader: reads a file a step names (an overlay's image), or throws why not.
    ///   - noteHandler: receives ``note(_:)``s (a host's timing report); `nil` drops them.
    ///   - warningHandler: receives each ``warn(_:)``.
    public init(
        limits: ImageLimits, cancellation: CancellationFlag?, fileReader: @escaping @Sendable (String) throws -> [UInt8],
        noteHandler: (@Sendable (String) -> Void)? = nil, warningHandler: @escaping @Sendable (String) -> Void
    ) {
        self.limits = limits
        self.cancellation = cancellation
        self.fileReader = fileReader
        self.noteHandler = noteHandler
        self.warningHandler = warningHandler
    }

    /// Throws when a `width`×`height` result with `source`'s depth (and up to four channels)
    /// is over ``limits`` or cannot be allocated now (``MemoryAvailability``): call it before
    /// building a whole result of a new size, so that neither becomes a trap.
    public func checkResult(width: Int, height: Int, like source: Image) throws(LimitError) {
        try limits.check(width: width, height: height)
        let channels = Swift.max(source.layout.channelCount, 4)
        try MemoryAvailability.check("the \(width)×\(height) result", size: width * height * channels * source.depth.bytesPerSample)
    }

    /// Reports a one-line fact about what the step decided (the window a smart crop chose), for
    /// hosts that show them; not a warning.
    public func note(_ message: String) { noteHandler?(message) }

    /// The bytes of the file at `path` (a step's own input, such as a watermark), read as the
    /// host allows: an embedding host confined to a directory confines this too, and a host
    /// running a pipeline file takes a relative `path` from that file's folder.
    public func readFile(_ path: String) throws -> [UInt8] {
        if let fileReader { return try fileReader(path) }
        return try FileIO.read(path)
    }

    /// Reports a one-line warning (for example, nine-patch information dropped by a geometry change).
    public func warn(_ message: String) { warningHandler(message) }

    /// Whether the surrounding task was cancelled or ``cancellation`` was set.
    public var isCancelled: Bool { Task.isCancelled || cancellation?.isCancelled == true }

    /// Throws `CancellationError` when the surrounding task was cancelled or ``cancellation`` was
    /// set. Call it between rows of long loops.
    public func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }
}
