import Dispatch
import Foundation

extension TransformContext {
    /// Runs `body` over `0..<count` split into contiguous bands, on all cores, and throws
    /// `CancellationError` if the surrounding task was cancelled meanwhile.
    ///
    /// Each band is one call of `body`; bands run concurrently and must write disjoint
    /// output. Long bands should poll `isCancelled` (cheap) and return early when it is true.
    ///
    /// - Parameters:
    ///   - count: the number of items (rows, usually).
    ///   - work: a rough cost of the whole job in inner-loop operations; small jobs run on
    ///     the calling thread alone, because starting threads would cost more than it saves.
    ///   - body: processes one band: the item range and a cancellation probe.
    public func concurrentBands(
        count: Int, work: Int,
        _ body: @Sendable (_ band: Range<Int>, _ isCancelled: () -> Bool) -> Void
    ) throws {
        guard count > 0 else { return }
        try checkCancellation()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let bands = work < 1 << 18 ? 1 : Swift.min(count, Swift.max(1, cores * 2))
        let probe = CancellationProbe()
        if bands == 1 {
            body(0..<count) { probe.isCancelled }
        } else {
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let range = (count * band / bands)..<(count * (band + 1) / bands)
                body(range) { probe.isCancelled }
            }
        }
        try checkCancellation()
    }
}

/// Answers "was the task that started this work cancelled?" from any thread.
///
/// Worker threads of `concurrentPerform` run outside the task, where `Task.isCancelled`
/// is always false; the probe remembers the starting task and asks it directly.
private final class CancellationProbe: Sendable {
    private nonisolated(unsafe) let task: UnsafeCurrentTask?

    init() { task = withUnsafeCurrentTask { $0 } }

    /// Whether the starting task has been cancelled (false when there is none).
    var isCancelled: Bool { task?.isCancelled ?? false }
}
