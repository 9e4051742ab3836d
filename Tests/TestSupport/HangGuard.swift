/// The one bound on wall time a test may assert: long enough that only a real hang (a loop that
/// never ends, a read that blocks forever) exceeds it, on any machine however busy. Speed goals
/// live in `Benchmarks/`; a test proves a bound on work by a count or a limit error, and uses this
/// only to turn a hang into a failure instead of a stuck run.
public enum HangGuard {
    /// Wall time beyond which the work is taken to have hung: minutes, the same for every test.
    public static let limit: Duration = .seconds(120)

    /// Whether more than ``limit`` has passed since `start`.
    public static func hung(since start: ContinuousClock.Instant) -> Bool {
        ContinuousClock.now - start > limit
    }
}
