import NinepipeCore
import NinepipeHost

/// `ninepipe help [COMMAND [SUBCOMMAND]]`, `ninepipe help --man`.
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help", summary: "show help for a command, or the manual page in roff (--man)",
        usage: ["help [COMMAND [SUBCOMMAND]]", "help --man"],
        options: [OptionSpec(key: .man, summary: "print the manual page as roff (man -l <(ninepipe help --man))")],
        operands: .commands)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let console = invocation.console
        let registry = invocation.registry
        if arguments.has(.man) {
            console.out(ManPage.render(registry: registry))
            return .success
        }
        guard !arguments.operands.isEmpty else {
            console.out(HelpText.usage)
            return .success
        }
        guard let page = HelpText.help(for: arguments.operands) else {
            let names = CommandTable.commands.map(\.name)
            let word = arguments.operands.last ?? ""
            throw UsageError(
                "no help for '\(arguments.operands.joined(separator: " "))'\(Suggestions.hint(for: word, in: names + CommandTable.commands.flatMap { $0.subcommands.map(\.name) })); commands: \(names.joined(separator: ", "))"
            )
        }
        console.out(page)
        return .success
    }
}
