import NinepipeCore
import NinepipeHost

/// The help `ninepipe` prints: the overview (`--help`), each command's page (`COMMAND --help`,
/// `help COMMAND`) and the manual page (`help --man`), all generated from ``CommandTable``.
enum HelpText {
    /// Ninepipe's version (`NINEPIPE_VERSION` in the plugin ABI header, its one place).
    static let version = PluginExport.coreVersion

    /// What `--version` prints: the version, then the formats this build reads and writes and
    /// the optional ones it was built without.
    static var versionText: String {
        // Formats in the registry's order; a library's version after the last format it serves.
        // The command line reads and writes through the built-in codecs.
        let codecs = ImageCodecRegistry.builtIn
        let formats = codecs.readableFormats
        var listed: [String] = []
        for (index, format) in formats.enumerated() {
            var text = format.description + (codecs.writes(format) ? "" : " read only")
            let next = index + 1 < formats.count ? codecs.library(of: formats[index + 1])?.name : nil
            if let library = codecs.library(of: format), let version = library.version, next != library.name { text += " (\(library.name) \(version))" }
            listed.append(text)
        }
        // A library loaded at run time that is not on this machine is not "built without".
        let library = codecs.library(of:)
        let unavailable = codecs.formats.filter { !codecs.reads($0) }
        let notFound = unavailable.filter { library($0)?.isLoadedAtRunTime == true }
        let missing = unavailable.filter { library($0)?.isLoadedAtRunTime != true }.map(\.description)
        let inflate = CompressionLibraries.inflate
        let compression = "\ninflate: \(inflate.name) \(inflate.version ?? "?")"
        let color = compression + (ColorManagement.libraryVersion.map { "\ncolour management: LittleCMS \($0)" } ?? "")
        var without = missing
        if !ColorManagement.isAvailable { without.append("colour management (LittleCMS)") }
        if inflate.name != "ISA-L" { without.append("ISA-L (zlib inflates)") }
        let absent = notFound.map { "\($0) (\(library($0)?.name ?? "its library"): install \(library($0)?.package ?? "it"))" }
        return "ninepipe \(version)\nformats: \(listed.joined(separator: ", "))" + color
            + (without.isEmpty ? "" : "\nbuilt without: \(without.joined(separator: ", "))")
            + (absent.isEmpty ? "" : "\nnot found at run time: \(absent.joined(separator: ", "))")
    }

    static let pipelines = """
        Steps are separated by line breaks or '|'; arguments are positional or name=value:
          load "card.png" | orient | save "card.jpg" quality=85
        '#' starts a comment (but #rrggbb inside a step is a colour). See Docs/DSL.md.
        load "-" reads standard input; save "-" writes standard output (format= or the input's).
        ninepipe plugins lists the steps; ninepipe plugins NAME shows one step's parameters.
        """

    static let exitCodes: [(code: String, meaning: String)] = [
        ("0", "success"),
        ("1", "runtime failure (bad input file, cannot write)"),
        ("2", "usage or pipeline error"),
        ("130", "stopped by Ctrl-C (files in flight abandoned, temporaries removed)"),
        ("143", "stopped by SIGTERM (the same)"),
    ]

    /// `ninepipe --help`.
    static var usage: String {
        var lines = ["ninepipe \(version): image pipelines for nine-patches, resizing and friends", "", "USAGE"]
        for command in CommandTable.commands {
            let usages =
                command.subcommands.isEmpty ? command.usage : (command.runsWithoutSubcommand ? command.usage : []) + command.subcommands.flatMap(\.usage)
            lines += usages.map { "  ninepipe " + $0 }
        }
        lines += ["  ninepipe --plugin LIB.so [--plugin LIB.so]... COMMAND …", "  ninepipe --help | --version", "", "COMMANDS"]
        lines += table(CommandTable.commands.map { ($0.name, $0.summary) })
        lines += ["", "GLOBAL OPTIONS (before the command)"]
        lines += table(CommandTable.global.map { ($0.spelling, $0.summary) } + [("-h, --help", "show help (after a command: that command's)")])
        lines += ["", "PIPELINES"] + pipelines.split(separator: "\n").map { "  " + $0 }
        lines += ["", "EXIT CODES"] + exitCodes.map { "  " + $0.code.padded(to: 4) + $0.meaning }
        lines += ["", "Run 'ninepipe COMMAND --help' (or 'ninepipe help COMMAND') for a command's options."]
        return lines.joined(separator: "\n")
    }

    /// The help page of the command at `path` (`["ninepatch", "inspect"]`).
    static func help(for path: [String]) -> String? { CommandTable.command(path).map { page(of: $0, path: path) } }

    /// The help page of `command`, found at `path`: what `--help` prints, from its spec alone.
    static func page(of command: CommandSpec, path: [String]) -> String {
        let name = (["ninepipe"] + path.dropLast()).joined(separator: " ")
        var lines = ["\(name) \(command.name): \(command.summary)", "", "USAGE"]
        let usages = command.subcommands.isEmpty ? command.usage : (command.runsWithoutSubcommand ? command.usage : []) + command.subcommands.flatMap(\.usage)
        lines += usages.map { "  ninepipe " + $0 }
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS"] + table(command.subcommands.map { ($0.name, $0.summary) })
            lines += ["", "Run 'ninepipe \(path.joined(separator: " ")) SUBCOMMAND --help' for its options."]
        }
        var groups: [(heading: String, rows: [(String, String)])] = [("OPTIONS", [])]
        for option in command.options {
            let heading = option.group ?? "OPTIONS"
            let row = (option.spelling, option.summary)
            if let index = groups.firstIndex(where: { $0.heading == heading }) { groups[index].rows.append(row) } else { groups.append((heading, [row])) }
        }
        groups[0].rows.append(("-h, --help", "show this help"))
        for group in groups {
            lines += ["", group.heading] + table(group.rows)
        }
        if !command.notes.isEmpty { lines += [""] + command.notes.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }

    /// Two columns: names padded to the widest (at most 26), summaries after.
    static func table(_ rows: [(String, String)]) -> [String] {
        let width = min(26, rows.map(\.0.count).max() ?? 0)
        return rows.map { name, summary in
            name.count > width ? "  \(name)\n  \(String(repeating: " ", count: width))  \(summary)" : "  \(name.padded(to: width))  \(summary)"
        }
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
