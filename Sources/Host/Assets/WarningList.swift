import Synchronization

/// Warnings collected while converting one asset (the renderer reports through a `@Sendable` closure).
final class WarningList: Sendable {
    private let items = Mutex<[String]>([])

    /// Adds `message` unless it is already there.
    func append(_ message: String) { items.withLock { if !$0.contains(message) { $0.append(message) } } }

    /// Everything added, in order.
    var all: [String] { items.withLock { $0 } }
}
