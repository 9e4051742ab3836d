import NinepipeCore
import NinepipeHost

/// One command of `ninepipe` (`run`, `info`, `assets` …): its declaration and what it does.
///
/// The declaration (``spec``) is the only place a command's name, usage and options are
/// written: parsing, `--help`, `help --man` and the shell completions all read it. To add a
/// command, write a type conforming to this protocol in `Commands/` and list it in
/// ``CommandTable/all``. A command with subcommands (`ninepatch inspect`) lists one type per
/// subcommand in ``subcommands``, and its spec's subcommands are theirs. Subcommands made from
/// data (`assets` has one per registered asset target) are only in its spec's subcommands, and
/// the command runs them itself, reading the subcommand from ``Invocation/path``.
protocol Command: Sendable {
    /// The command's name, summary, usage lines, options and subcommands.
    static var spec: CommandSpec { get }

    /// The types of its subcommands, in the order help lists them; none by default.
    static var subcommands: [any Command.Type] { get }

    /// Runs the command. `invocation.path` is the command and subcommand as given
    /// (`["assets", "ios"]`); `invocation.arguments` were parsed against the subcommand's spec.
    static func run(_ invocation: Invocation) throws -> ExitCode
}

extension Command {
    /// No subcommands.
    static var subcommands: [any Command.Type] { [] }
}

/// Everything a command runs with: its parsed arguments and the tool's state.
struct Invocation {
    /// The command and subcommand names (`["ninepatch", "inspect"]`).
    let path: [String]
    /// The arguments after them, sorted into options and operands.
    let arguments: ParsedArguments
    /// Where output and messages go.
    let console: Console
    /// The steps available to pipelines (the built-ins plus `--plugin` libraries).
    let registry: PluginRegistry
    /// The limits before `--max-pixels` and `--max-dimension`.
    let limits: ImageLimits

    /// The help page of this command (appended to "needs an input" errors).
    var usage: String { HelpText.help(for: path) ?? "" }
}
