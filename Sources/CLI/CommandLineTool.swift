import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// The `ninepipe` command: turns arguments into calls on the host and results into exit codes.
///
/// ```swift
/// let status = CommandLineTool().run(["run", "-e", "load \"a.png\" | save \"b.jpg\""], console: console)
/// ```
public struct CommandLineTool: Sendable {
    /// The steps available to pipelines (the built-in ones unless given).
    public var registry: PluginRegistry {
        get { givenRegistry ?? .standard }
        set { givenRegistry = newValue }
    }
    /// The registry given, if one was: the standard one is built only when a command needs steps
    /// (`--help` and `--version` do not), which saves a run that needs none ~0.4 ms.
    private var givenRegistry: PluginRegistry?
    /// The size limits every command starts from; `--max-pixels` and `--max-dimension` change them
    /// for one run (default `ImageLimits.default`; a host for strangers' files may start lower).
    public var limits: ImageLimits

    /// Creates the tool over `registry` (default: the built-in steps) and `limits`.
    public init(registry: PluginRegistry? = nil, limits: ImageLimits = .default) {
        self.givenRegistry = registry
        self.limits = limits
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public func run(_ arguments: [String], console: Console) -> Int32 {
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch let error as UsageError {
            console.err("ninepipe: \(error.message)" + (error.pointsToHelp ? Self.helpHint : ""))
            return ExitCode.usage.rawValue
        } catch let error as AssetError {
            // Options at fault: a usage error; inputs that are missing or hold the wrong thing: a failure.
            return report(ErrorText.describe(error), asUsage: error.isUsageError, console: console)
        } catch let error as AppIconError {
            return report(ErrorText.describe(error), asUsage: error.isUsageError, console: console)
        } catch let error as BatchError {
            // A batch that cannot run as described is a usage error, named in the flags' terms; a
            // missing input is a failure, as everywhere.
            return report(ErrorText.describe(error), asUsage: error.isUsageError, console: console)
        } catch let error as CompilationError {
            let renderer = DiagnosticRenderer(fileName: error.fileName, source: error.source, colors: console.errorIsTerminal)
            console.err(renderer.render(error.diagnostics))
            return ExitCode.usage.rawValue
        } catch {
            console.error(ErrorText.describe(error))
            return ExitCode.failure.rawValue
        }
    }

    /// The line after a usage error's message.
    static let helpHint = "\nRun 'ninepipe --help' for usage."

    /// Prints `message` as a usage error (exit 2, with the help hint) or a failure (exit 1).
    private func report(_ message: String, asUsage: Bool, console: Console) -> Int32 {
        if asUsage { console.err("ninepipe: \(message)\(Self.helpHint)") } else { console.error(message) }
        return (asUsage ? ExitCode.usage : .failure).rawValue
    }

    private func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        if arguments.first == "__complete" { return complete(Array(arguments.dropFirst()), console: console) }
        // Global options before the command (CommandTable.global): `--plugin PATH` (repeatable)
        // adds the library's transforms.
        let global = try ParsedArguments(arguments, for: CommandTable.tool, command: "ninepipe", stopsAtOperand: true)
        if global.wantsHelp {
            console.out(HelpText.usage)
            return .success
        }
        if global.has(.version) {
            console.out(HelpText.versionText)
            return .success
        }
        var tool = self
        for path in global.all(.plugin) { tool.registry = try Self.adding(path, to: tool.registry) }
        return try tool.dispatchCommand(global.operands, console: console)
    }

    /// `registry` with the transforms of the plugin library at `path`.
    static func adding(_ path: String, to registry: PluginRegistry) throws -> PluginRegistry {
        let types: [any TransformPlugin.Type]
        do {
            types = try PluginLoader.load(path)
        } catch .cannotOpen(let path, let reason) {
            // A library that is missing or cannot load: a failure, exit 1.
            throw InputError(PluginLoadError.cannotOpen(path: path, reason: reason).description)
        } catch {
            // A library that is not a plugin, or not one for this ninepipe: the wrong thing was given, exit 2.
            throw UsageError(error.description, pointsToHelp: false)
        }
        do {
            return try registry.adding(types)
        } catch {
            throw UsageError("\(path): \(error)")
        }
    }

    private func dispatchCommand(_ arguments: [String], console: Console) throws -> ExitCode {
        guard let name = arguments.first else {
            console.err(HelpText.usage)
            return .usage
        }
        if name == "version" {
            console.out(HelpText.versionText)
            return .success
        }
        guard let type = CommandTable.type(named: name) else {
            // `ninepipe SCRIPT …` runs a pipeline file, so `#!/usr/bin/env ninepipe` works as a shebang.
            if FileIO.exists(name) && !FileIO.isDirectory(name) {
                let parsed = try ParsedArguments(arguments, for: RunCommand.spec, command: "run")
                if parsed.wantsHelp { return help(["run"], console: console) }
                return try RunCommand.run(Invocation(path: ["run"], arguments: parsed, console: console, registry: registry, limits: limits))
            }
            let names = CommandTable.commands.map(\.name)
            throw UsageError("unknown command '\(name)'\(Suggestions.hint(for: name, in: names)); commands: \(names.joined(separator: ", "))")
        }
        var command = type
        var spec = type.spec
        var path = [name]
        var rest = Array(arguments.dropFirst())
        if let word = rest.first, let subcommand = type.spec.subcommands.first(where: { $0.name == word }) {
            // A subcommand with a type of its own runs it; one declared as data (an asset target's) is run by its command.
            command = type.subcommands.first { $0.spec.name == word } ?? type
            spec = subcommand
            path.append(word)
            rest.removeFirst()
        } else if !type.spec.subcommands.isEmpty && !type.spec.runsWithoutSubcommand {
            guard let word = rest.first, !word.hasPrefix("-") else {
                if rest.first == "--help" || rest.first == "-h" { return help(path, console: console) }
                throw UsageError.needsSubcommand(type.spec)
            }
            let names = type.spec.subcommands.map(\.name)
            throw UsageError("unknown \(name) subcommand '\(word)'\(Suggestions.hint(for: word, in: names)); use \(names.joined(separator: ", "))")
        }
        let parsed = try ParsedArguments(rest, for: spec, command: path.joined(separator: " "))
        if parsed.wantsHelp { return help(path, console: console) }
        return try command.run(Invocation(path: path, arguments: parsed, console: console, registry: registry, limits: limits))
    }

    /// Prints the help page of the command at `path`.
    private func help(_ path: [String], console: Console) -> ExitCode {
        console.out(HelpText.help(for: path) ?? HelpText.usage)
        return .success
    }

    /// `ninepipe __complete INDEX WORD...`: what the completion scripts ask (never an error:
    /// a line that cannot be read completes to nothing). Plugins on the line are loaded.
    private func complete(_ arguments: [String], console: Console) -> ExitCode {
        guard let index = arguments.first.flatMap({ Int($0) }) else { return .usage }
        let words = Array(arguments.dropFirst())
        var registry = self.registry
        var position = 0
        while position + 1 < words.count, position < index, words[position].hasPrefix("-") {
            if words[position] == "--plugin", let extended = try? Self.adding(words[position + 1], to: registry) { registry = extended }
            position += words[position] == "--plugin" ? 2 : 1
        }
        console.out(Completer(registry: registry).answer(words, index: index).joined(separator: "\n"))
        return .success
    }
}
