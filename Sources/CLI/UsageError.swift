import NinepipeCore
import NinepipeHost

/// A command line that cannot be understood (exit 2).
public struct UsageError: NinepipeError {
    /// What is wrong and what to do instead.
    public var message: String
    /// Whether to end with "Run 'ninepipe --help' for usage." (not when the message already names
    /// the command to run instead).
    public var pointsToHelp: Bool
    /// The message.
    public var description: String { message }
    /// Creates the error.
    public init(_ message: String, pointsToHelp: Bool = true) {
        self.message = message
        self.pointsToHelp = pointsToHelp
    }
}

extension UsageError {
    /// A command that has subcommands, given without one: names them, then the command's help.
    static func needsSubcommand(_ command: CommandSpec) -> UsageError {
        let names = command.subcommands.map(\.name).joined(separator: ", ")
        return UsageError("\(command.name) needs a subcommand: \(names)\n" + (HelpText.help(for: [command.name]) ?? ""))
    }
}
