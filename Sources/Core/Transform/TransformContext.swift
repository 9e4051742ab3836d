/// What a running transform may use besides its input: limits, a warning channel and cancellation.
public struct TransformContext: Sendable {
    /// Limits the output must respect (e.g. a resize may not exceed ``ImageLimits/maxPixelCount``).
    public var limits: ImageLimits
    private let warningHandler: @Sendable (String) -> Void

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - limits: output limits (default ``ImageLimits/default``).
    ///   - warningHandler: receives one-line warnings; discarded by default.
    public init(limits: ImageLimits = .default, warningHandler: @escaping @Sendable (String) -> Void = { _ in }) {
        self.limits = limits
        self.warningHandler = warningHandler
    }

    /// Reports a one-line warning (for example, nine-patch information dropped by a geometry change).
    public func warn(_ message: String) { warningHandler(message) }

    /// Throws `CancellationError` when the surrounding task was cancelled. Call it between rows of long loops.
    public func checkCancellation() throws { try Task.checkCancellation() }
}
