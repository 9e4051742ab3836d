import NinepipeCore
import NinepipeHost

/// Every command of `ninepipe` and the global options, in the order help lists them. Each
/// command declares its own options (``Command/spec``); parsing, help, the man page and the
/// completions all read them through this table.
enum CommandTable {
    /// Options before the command.
    static let global: [OptionSpec] = [
        OptionSpec(key: .plugin, value: .path("LIB.so"), summary: "add the transforms of a plugin library (repeatable)", repeatable: true),
        OptionSpec(key: .version, short: "V", summary: "print the version"),
    ]

    /// `ninepipe` itself: the global options, parsed up to the command's name.
    static let tool = CommandSpec(name: "ninepipe", summary: "", usage: ["ninepipe [--plugin LIB.so]... COMMAND …"], options: global)

    /// The commands, in the order help lists them.
    static let all: [any Command.Type] = [
        RunCommand.self, CheckCommand.self, PluginsCommand.self, InfoCommand.self, NinePatchCommand.self, AssetsCommand.self,
        CompletionsCommand.self, HelpCommand.self,
    ]

    /// The commands' declarations.
    static let commands: [CommandSpec] = all.map { $0.spec }

    /// The command type that runs `name` (`run`, `assets`), if there is one.
    static func type(named name: String) -> (any Command.Type)? { all.first { $0.spec.name == name } }

    /// The command `path` names (`["ninepatch", "inspect"]`), if there is one.
    static func command(_ path: [String]) -> CommandSpec? {
        var candidates = commands
        var found: CommandSpec?
        for name in path {
            guard let next = candidates.first(where: { $0.name == name }) else { return nil }
            found = next
            candidates = next.subcommands
        }
        return found
    }
}
