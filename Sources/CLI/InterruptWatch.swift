import NinepipeCore
import NinepipeHost
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The first SIGINT or SIGTERM received while an ``InterruptWatch`` is active (0: none). A
/// lock-free atomic, so the signal handler may store into it.
private let receivedSignal = Atomic<Int32>(0)
/// Whether a second signal came after the first: stop waiting for files in flight.
private let secondSignal = Atomic<Bool>(false)
/// The write end of the active watch's pipe (-1: none): the handler writes a byte to it, which
/// wakes the watcher (`write(2)` is async-signal-safe).
private let signalPipe = Atomic<Int32>(-1)

/// SIGINT and SIGTERM turned into a stop request while a command runs: the signals' default
/// action (ending the process at once, temporaries left behind) is replaced by a handler that
/// records the signal and writes a byte to a pipe, and a watcher thread, asleep in `poll(2)` on
/// that pipe until then, sets ``flag``, so runs stop at their next step or band and clean up.
/// Nothing wakes while no signal comes. ``end()`` restores the default action and lets the
/// watcher go.
final class InterruptWatch: Sendable {
    /// Set when a signal arrives.
    let flag = CancellationFlag()
    private let watching = Atomic<Bool>(true)
    /// The pipe's write end, kept to wake the watcher at ``end()``.
    private let wake: Int32

    init() {
        receivedSignal.store(0, ordering: .relaxed)
        secondSignal.store(false, ordering: .relaxed)
        var ends: [Int32] = [-1, -1]
        let piped = pipe(&ends) == 0
        if piped {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            // The handler must never block: a full pipe already says what it would add.
            _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        }
        wake = piped ? ends[1] : -1
        signalPipe.store(wake, ordering: .relaxed)
        // A parent that spawned us from a thread with these signals blocked (test runners,
        // some supervisors) passes the block on; unblock them here so Ctrl-C still reaches us.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                if !receivedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed).exchanged {
                    secondSignal.store(true, ordering: .relaxed)
                }
                var byte = UInt8(truncatingIfNeeded: number)
                let end = signalPipe.load(ordering: .relaxed)
                if end >= 0 { _ = write(end, &byte, 1) }
            }
        }
        guard piped else { return }
        let readEnd = ends[0]
        let flag = self.flag
        // The watcher closes the read end when it leaves; end() closes the write end.
        DetachedThread.start(name: "ninepipe-signals") { [self] in
            watch(readEnd, flag: flag)
            close(readEnd)
        }
    }

    /// Sleeps in `poll(2)` on the pipe until a byte comes; on the first signal cancels `flag`
    /// and waits at most the grace period for the run to stop; at a second signal, or when the
    /// period is over, ends the process with the signal's code. Returns once `watching` is off.
    private func watch(_ readEnd: Int32, flag: CancellationFlag) {
        var deadline: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 64)
        while watching.load(ordering: .relaxed) {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                timeout = Int32(clamping: max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
            }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0 && errno != EINTR { return }
            if ready > 0 && read(readEnd, &buffer, buffer.count) == 0 { return }  // the write end closed
            guard watching.load(ordering: .relaxed) else { return }
            let number = receivedSignal.load(ordering: .relaxed)
            guard number != 0 else { continue }
            flag.cancel()
            // A file in flight stops at its next step; one blocked in a system call (a FIFO
            // opened by name waits for its other end) never gets there: after the grace
            // period, or at a second signal, the process ends with the signal's code.
            let now = ContinuousClock.now
            if deadline == nil { deadline = now + Self.gracePeriod }
            let again = secondSignal.load(ordering: .relaxed)
            if again || now >= deadline ?? now {
                let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
                let message =
                    again
                    ? "ninepipe: stopped by \(name), then a second signal: ending now, without waiting for the file in flight\n"
                    : "ninepipe: stopped by \(name): a file in flight did not stop within \(Self.gracePeriod) (blocked in a system call); ending now\n"
                _ = message.withCString { write(2, $0, strlen($0)) }
                _exit(128 + number)
            }
        }
    }

    /// How long files in flight have to stop after a signal before the process ends anyway.
    static let gracePeriod = Duration.seconds(5)

    /// The first signal received, if any.
    var signalNumber: Int32? {
        let number = receivedSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// The exit code for the signal received (130 for SIGINT, 143 for SIGTERM), if any.
    var exitCode: ExitCode? {
        switch signalNumber {
        case SIGINT?: .interrupted
        case SIGTERM?: .terminated
        default: nil
        }
    }

    /// The signal's name, for messages.
    var signalName: String { signalNumber == SIGTERM ? "SIGTERM" : "SIGINT" }

    /// Stops watching; the signals end the process again, and the watcher is woken to leave
    /// (the pipe's write end closed under it).
    func end() {
        guard watching.exchange(false, ordering: .relaxed) else { return }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        _ = signalPipe.compareExchange(expected: wake, desired: -1, ordering: .relaxed)
        if wake >= 0 { close(wake) }
    }
}
