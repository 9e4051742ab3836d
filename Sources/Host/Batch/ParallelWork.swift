import Dispatch

/// Runs work items as a task group at most `jobs` wide: a child task per position that a
/// ``WorkQueue`` hands out, a new one started as each finishes, until the queue is empty or
/// stopped. The tasks run on a ``ThreadPoolExecutor`` of `jobs` threads of their own. Batch
/// runs and asset runs share it.
///
/// Cancelling the calling task cancels every child (steps and bands check it); the queue's own
/// flag stops new positions from being handed out.
enum ParallelWork {
    /// The most items run at once, whatever a caller asks: each is a thread of its own.
    static let maximumWidth = 256

    /// How many items run at once for `jobs` asked and `count` items: at least 1, never more than
    /// the items or ``maximumWidth``.
    static func width(jobs: Int, count: Int) -> Int {
        min(max(1, jobs), max(1, count), maximumWidth)
    }

    /// Calls `body` for every position `queue` hands out, `jobs` at a time (capped by
    /// ``width(jobs:count:)``), and returns when all have finished.
    static func run(jobs: Int, queue: WorkQueue, body: @escaping @Sendable (Int) -> Void) async {
        let jobs = width(jobs: jobs, count: queue.count)
        let executor = ThreadPoolExecutor(threads: jobs)
        defer { executor.shutdown() }
        await withTaskExecutorPreference(executor) {
            await group(jobs: jobs, queue: queue, body: body)
        }
    }

    /// ``run(jobs:queue:body:)`` for callers outside any task (the command line): blocks the
    /// calling thread until the group is done. Everything runs on the executor's own threads,
    /// so even a caller on a cooperative thread cannot starve the batch.
    static func runBlocking(jobs: Int, queue: WorkQueue, body: @escaping @Sendable (Int) -> Void) {
        let jobs = width(jobs: jobs, count: queue.count)
        let executor = ThreadPoolExecutor(threads: jobs)
        defer { executor.shutdown() }
        let done = DispatchSemaphore(value: 0)
        Task.detached(executorPreference: executor) {
            await group(jobs: jobs, queue: queue, body: body)
            done.signal()
        }
        done.wait()
    }

    private static func group(jobs: Int, queue: WorkQueue, body: @escaping @Sendable (Int) -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, jobs) {
                guard let position = queue.next() else { break }
                group.addTask { body(position) }
            }
            while await group.next() != nil {
                if let position = queue.next() { group.addTask { body(position) } }
            }
        }
    }
}
