import Foundation

/// Runs work items on up to `jobs` threads: each thread takes the next position from a
/// ``WorkQueue`` until it is empty or stopped. Batch runs and asset runs share it.
enum ParallelWork {
    /// Calls `body` for every position `queue` hands out, on `min(jobs, count)` threads, and
    /// returns when all have finished.
    static func run(jobs: Int, count: Int, queue: WorkQueue, body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for _ in 0..<min(max(1, jobs), max(1, count)) {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while let position = queue.next() { body(position) }
            }
        }
        group.wait()
    }
}
