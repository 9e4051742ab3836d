/// What a running transform may use besides its input: limits, a warning channel and cancellation.
public struct TransformContext: Sendable {
    /// Limits the output must respect (e.g. a resize may not exceed ``ImageLimits/maxPixelCount``).
    public var limits: ImageLimits
    /// A stop request from outside the task (a signal, a batch stopping); `nil` for none.
    public var cancellation: CancellationFlag?
    private let warningHandler: @Sendable (String) -> Void

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - limits: output limits (default ``ImageLimits/default``).
    ///   - cancellation: a stop request to honour besides the task's own cancellation.
    public init(limits: ImageLimits = .default, cancellation: CancellationFlag? = nil,
                warningHandler: @escaping @Sendable (String) -> Void = { _ in }) {
        self.limits = limits
        self.cancellation = cancellation
        self.warningHandler = warningHandler
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
