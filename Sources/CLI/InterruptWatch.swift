import Foundation
import NinepipeCore
import NinepipeHost
import Synchronization

/// The first SIGINT or SIGTERM received while an ``InterruptWatch`` is active (0: none). A
/// lock-free atomic, so the signal handler may store into it.
private let receivedSignal = Atomic<Int32>(0)

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
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in _ = receivedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed) }
        }
        let flag = self.flag
        Thread.detachNewThread { [weak self] in
            while let self, self.watching.load(ordering: .relaxed) {
                if receivedSignal.load(ordering: .relaxed) != 0 { flag.cancel() }
                usleep(20_000)
            }
        }
    }

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
