import Foundation
import NinepipeCore
import NinepipeHost
import Synchronization

/// The first SIGINT or SIGTERM received while an ``InterruptWatch`` is active (0: none). A
/// lock-free atomic, so the signal handler may store into it.
private let receivedSignal = Atomic<Int32>(0)
/// Whether a second signal came after the first: stop waiting for files in flight.
private let secondSignal = Atomic<Bool>(false)

/// SIGINT and SIGTERM turned into a stop request while a command runs: the signals' default
/// action (ending the process at once, temporaries left behind) is replaced by a handler that
/// only records the signal, and a watcher sets ``flag`` from it, so runs stop at their next
/// step or band and clean up. ``end()`` restores the default action.
final class InterruptWatch: Sendable {
    /// Set when a signal arrives.
    let flag = CancellationFlag()
    private let watching = Atomic<Bool>(true)

    init() {
        receivedSignal.store(0, ordering: .relaxed)
        // A parent that spawned us from a thread with these signals blocked (test runners,
        // some supervisors) passes the block on; unblock them here so Ctrl-C still reaches us.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        secondSignal.store(false, ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                if !receivedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed).exchanged {
                    secondSignal.store(true, ordering: .relaxed)
                }
            }
        }
        let flag = self.flag
        Thread.detachNewThread { [weak self] in
            var signalledAt: ContinuousClock.Instant?
            while let self, self.watching.load(ordering: .relaxed) {
                let number = receivedSignal.load(ordering: .relaxed)
                if number != 0 {
                    flag.cancel()
                    // A file in flight stops at its next step; one blocked in a system call (a FIFO
                    // opened by name waits for its other end) never gets there: after the grace
                    // period, or at a second signal, the process ends with the signal's code.
                    let now = ContinuousClock.now
                    if signalledAt == nil { signalledAt = now }
                    if let since = signalledAt, now - since > Self.gracePeriod || secondSignal.load(ordering: .relaxed) {
                        let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
                        let message =
                            "ninepipe: stopped by \(name): a file in flight did not stop within \(Self.gracePeriod) (blocked in a system call); ending now\n"
                        _ = message.withCString { write(2, $0, strlen($0)) }
                        _exit(128 + number)
                    }
                }
                usleep(20_000)
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

    /// Stops watching; the signals end the process again.
    func end() {
        watching.store(false, ordering: .relaxed)
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
