/// Where the command-line tool's output goes. The library never prints; the executable supplies these.
public struct Console: Sendable {
    /// Receives standard-output text (help, listings, info), one call per line or block.
    public var out: @Sendable (String) -> Void
    /// Receives standard-error text (diagnostics, warnings, errors).
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (colours only then).
    public var errorIsTerminal: Bool

    /// Creates a console.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.errorIsTerminal = errorIsTerminal
    }
}
