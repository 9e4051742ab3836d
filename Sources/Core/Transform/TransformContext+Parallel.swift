import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let cores = Self.processorCount
        let bands = work < 1 << 18 ? 1 : Swift.min(count, Swift.max(1, cores * 2))
        // Worker threads of `concurrentPerform` run outside the task, where `Task.isCancelled` is
        // always false. The calling thread runs bands too: when it sees the task cancelled it
        // sets a flag that every band reads (no task handle crosses threads).
        let stop = CancellationFlag()
        let outside = cancellation
        let probe: @Sendable () -> Bool = {
            if Task.isCancelled || outside?.isCancelled == true { stop.cancel() }
            return stop.isCancelled
        }
        if bands == 1 {
            body(0..<count) { probe() }
        } else {
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let range = (count * band / bands)..<(count * (band + 1) / bands)
                body(range) { probe() }
            }
        }
        if stop.isCancelled { throw CancellationError() }
        try checkCancellation()
    }

    /// The processors this process may run on (online processors, at least one).
    public static let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
