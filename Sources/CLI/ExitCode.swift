import NinepipeHost

/// The `ninepipe` exit codes.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// A runtime failure: unreadable or corrupt input, unwritable output.
    case failure = 1
    /// A usage, parse or validation error: nothing was run.
    case usage = 2
    /// Stopped by SIGINT (Ctrl-C): 128 + 2, as shells report it.
    case interrupted = 130
    /// Stopped by SIGTERM: 128 + 15.
    case terminated = 143
}
