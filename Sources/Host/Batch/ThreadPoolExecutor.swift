import Dispatch
import Synchronization

/// A task executor with its own threads: a batch's tasks run here, not on the shared
/// cooperative pool, so a batch of CPU-bound files neither starves an embedding app's other
/// tasks nor waits for threads that a caller blocked (``ParallelWork/runBlocking(jobs:queue:body:)``
/// blocks one while the batch runs).
///
/// Jobs run in the order they were enqueued on whichever thread is free. ``shutdown()`` lets the
/// threads finish what is queued and end.
final class ThreadPoolExecutor: TaskExecutor, Sendable {
    private let pending = Mutex<(jobs: [UnownedJob], next: Int, stopped: Bool)>(([], 0, false))
    private let available = DispatchSemaphore(value: 0)
    /// The threads started; none when the system refused every one (jobs then run as they come).
    private let threadCount = Atomic<Int>(0)

    /// Starts `threads` threads (at least one).
    init(threads: Int) {
        for index in 0..<max(1, threads) where DetachedThread.start(name: "ninepipe-batch-\(index + 1)", { [self] in work() }) {
            threadCount.add(1, ordering: .relaxed)
        }
    }

    /// Queues a job for the next free thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        guard threadCount.load(ordering: .relaxed) > 0 else {
            job.runSynchronously(on: asUnownedTaskExecutor())
            return
        }
        pending.withLock { $0.jobs.append(job) }
        available.signal()
    }

    /// Ends the threads once the queue is empty.
    func shutdown() {
        pending.withLock { $0.stopped = true }
        for _ in 0..<threadCount.load(ordering: .relaxed) { available.signal() }
    }

    private func work() {
        while true {
            available.wait()
            let job = pending.withLock { state -> UnownedJob? in
                guard state.next < state.jobs.count else { return nil }
                let job = state.jobs[state.next]
                state.next += 1
                if state.next > 1024 && state.next * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.next)
                    state.next = 0
                }
                return job
            }
            guard let job else {
                if pending.withLock({ $0.stopped }) { return }
                continue
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
