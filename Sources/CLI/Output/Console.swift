import NinepipeHost

/// Where the command-line tool's output goes. The library never prints; the executable supplies these.
public struct Console: Sendable {
    /// Receives standard-output text (help, listings, info), one call per line or block.
    public var out: @Sendable (String) -> Void
    /// Receives standard-error text (diagnostics, warnings, errors).
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (colours and progress bars only then).
    public var errorIsTerminal: Bool
    /// Writes text to standard error as is, without a line break (a progress bar redraws itself with `\r`).
    public var status: @Sendable (String) -> Void
    /// The terminal's width in columns, for progress bars.
    public var columns: Int
    /// The process environment (for `--shard auto/N`).
    public var environment: [String: String]

    /// Creates a console.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool = false,
        status: @escaping @Sendable (String) -> Void = { _ in }, columns: Int = 80, environment: [String: String] = [:]
    ) {
        self.out = out
        self.err = err
        self.errorIsTerminal = errorIsTerminal
        self.status = status
        self.columns = columns
        self.environment = environment
    }
}
