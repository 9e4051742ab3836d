import NinepipeHost

/// `ninepipe help --man`: the manual page as roff, from ``CommandTable`` and the step registry.
enum ManPage {
    /// The page (`man -l <(ninepipe help --man)` shows it).
    static func render(registry: PluginRegistry) -> String {
        var lines = [
            #".TH NINEPIPE 1 "" "ninepipe \#(HelpText.version)" "User Commands""#,
            ".SH NAME", #"ninepipe \- image pipelines for nine-patches, resizing and friends"#,
            ".SH SYNOPSIS",
        ]
        for command in CommandTable.commands {
            for usage in command.subcommands.isEmpty
                ? command.usage : (command.runsWithoutSubcommand ? command.usage : []) + command.subcommands.flatMap(\.usage)
            {
                lines += [".B ninepipe", escape(usage), ".br"]
            }
        }
        lines += [
            ".SH DESCRIPTION",
            escape(
                """
                ninepipe runs small text pipelines of image steps: load, nine-patch stretching, resizing, \
                thumbnails, rounded corners, borders, orientation and save. It reads and writes PNG (Android \
                nine-patch chunks included) and JPEG, writes every output atomically, and runs one pipeline \
                over many files in parallel.
                """),
        ]
        lines += [".SH GLOBAL OPTIONS"]
        for option in CommandTable.global { lines += item(option.spelling, option.summary) }
        lines += item("-h, --help", "show help; after a command, that command's")
        lines += [".SH COMMANDS"]
        for command in CommandTable.commands {
            lines += section(command, path: command.name)
            for subcommand in command.subcommands { lines += section(subcommand, path: command.name + " " + subcommand.name) }
        }
        lines += [".SH PIPELINES"] + HelpText.pipelines.split(separator: "\n").flatMap { [escape(String($0)), ".br"] }
        lines += [".SH STEPS"]
        for descriptor in registry.descriptors {
            lines += [".TP", #"\fB\#(escape(descriptor.name))\fR"#, escape(descriptor.summary)]
            for spec in descriptor.parameters {
                lines += [".br", #"\fI\#(escape(spec.name))\fR=\#(escape(spec.type.summary)): \#(escape(spec.summary))"#]
            }
        }
        lines += [".SH EXIT STATUS"]
        for (code, meaning) in HelpText.exitCodes { lines += item(code, meaning) }
        lines += [".SH SEE ALSO", "Docs/DSL.md, Plugins.md and README.md in the source distribution."]
        return lines.joined(separator: "\n")
    }

    private static func section(_ command: CommandSpec, path: String) -> [String] {
        var lines = [".SS \(escape(path))", escape(command.summary)]
        for usage in command.usage { lines += [".br", #"\fBninepipe \#(escape(usage))\fR"#] }
        for option in command.options { lines += item(option.spelling, option.summary) }
        if !command.notes.isEmpty { lines += [".PP"] + command.notes.split(separator: "\n").flatMap { [escape(String($0)), ".br"] } }
        return lines
    }

    private static func item(_ term: String, _ text: String) -> [String] {
        [".TP", #"\fB\#(escape(term))\fR"#, escape(text)]
    }

    /// `text` safe as roff: backslashes and hyphens escaped, no line starting with a control character.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if escaped.first == "." || escaped.first == "'" { escaped = "\\&" + escaped }
        return escaped
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
