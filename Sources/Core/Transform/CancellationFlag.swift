import Synchronization

/// A stop request that any thread can make and read: a batch interrupted by Ctrl-C, an
/// embedding task cancelled. Work checks it between steps and inside long loops (bands), and
/// stops by throwing `CancellationError`.
public final class CancellationFlag: Sendable {
    private let state = Atomic<Bool>(false)

    /// Creates a flag that is not set.
    public init() {}

    /// Asks everything watching this flag to stop.
    public func cancel() { state.store(true, ordering: .relaxed) }

    /// Whether a stop was asked for.
    public var isCancelled: Bool { state.load(ordering: .relaxed) }
}
