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
    /// The process environment (for `--shard auto/N`), read when first asked for.
    public var environment: [String: String] {
        get { readEnvironment() }
        set { readEnvironment = { newValue } }
    }
    private var readEnvironment: @Sendable () -> [String: String]

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
        self.readEnvironment = { environment }
    }

    /// A console whose environment is read by `environment` when a command first needs it.
    init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool,
        status: @escaping @Sendable (String) -> Void,
        columns: Int, readingEnvironment environment: @escaping @Sendable () -> [String: String]
    ) {
        self.init(out: out, err: err, errorIsTerminal: errorIsTerminal, status: status, columns: columns)
        self.readEnvironment = environment
    }
}
