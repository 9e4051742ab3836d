import Foundation
import NinepipeCore
import Testing

@testable import NinepipeCLI
@testable import NinepipeHost

/// `run --help` was an unknown option, `run -h` suggested `-e`, `plugins --help` was an
/// unknown step, `help run` printed the global help, `--output=dir/` and `-j2` were unknown, and
/// three hand-kept option lists had drifted from each other and from `--help`.
@Suite("command table: parsing, help, man page")
struct CommandTableTests {
    /// Every command path in the table: `["run"]`, `["ninepatch", "inspect"]`, …
    static let paths: [[String]] = CommandTable.commands.flatMap { command in
        [[command.name]] + command.subcommands.map { [command.name, $0.name] }
    }

    static func spellings(_ option: OptionSpec) -> [String] {
        ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// The command line re-worded batch errors by prefixing "--" to the library's text.
    @Test("a batch error names its setting and value as data: the library says 'shard', the command line '--shard'")
    func batchErrorSettings() {
        let errors: [BatchError] = [.badShard(text: "x"), .shardOutOfRange(text: "3/2", count: 2), .unclosedPlaceholder(template: "out/{name")]
        for error in errors {
            let setting = error.setting
            #expect(setting != nil)
            #expect("\(error)" == "\(setting?.setting.rawValue ?? "") '\(setting?.value ?? "")': \(error.reason)")
            #expect(ErrorText.describe(error) == "--\(error)")
        }
        #expect(BatchError.noMatch(pattern: "*.png").setting == nil && ErrorText.describe(BatchError.noMatch(pattern: "*.png")) == "'*.png' matches no file")
    }

    /// Options were read by string, and a typo read as "not given".
    @Test("every option key is declared by an option of some command, and every option's key is listed")
    func optionKeys() {
        let specs = CommandTable.global + CommandTable.commands.flatMap { command in command.options + command.subcommands.flatMap(\.options) }
        let declared = Set(specs.map(\.key))
        #expect(
            Set(OptionKey.all) == declared,
            "keys without options: \(Set(OptionKey.all).subtracting(declared).map(\.name)); options without keys listed: \(declared.subtracting(OptionKey.all).map(\.name))"
        )
        #expect(OptionKey.all.count == Set(OptionKey.all).count)
    }

    /// The batch-only check and its message used two hand-kept lists (8 options checked, 6
    /// named); both are now the help's batch group.
    @Test("each batch-only option without inputs is refused naming itself; every option of the help's batch group is one")
    func batchOnlyOptions() throws {
        let batch = SharedOptions.pipelineOptions.filter { $0.group == SharedOptions.batchGroup }
        #expect(batch.count >= 9, "\(batch.map(\.name))")
        for option in batch {
            let value: [String]
            switch option.value {
            case .number?: value = ["2"]
            case .text?: value = option.name == "shard" ? ["1/2"] : ["x"]
            case .path?: value = ["out/"]
            case .choice(let words)?: value = [words[0]]
            case nil: value = []
            }
            let result = TestConsole.run(["run", "-e", #"load "in.png""#, "--" + option.name] + value)
            #expect(
                result.status == 2 && result.err.contains("--\(option.name) is for batch runs: give input files after the pipeline"),
                "\(option.name): \(result.err)")
        }
        let two = TestConsole.run(["run", "-e", #"load "in.png""#, "--recursive", "--skip-existing"])
        #expect(two.err.contains("--recursive and --skip-existing are for batch runs"), "\(two.err)")
    }

    @Test("every command and subcommand answers --help, -h and help COMMAND with a page listing each of its options", arguments: paths)
    func helpPages(path: [String]) {
        let pages = [path + ["--help"], path + ["-h"], ["help"] + path].map { TestConsole.run($0) }
        for page in pages { #expect(page.status == 0 && page.err.isEmpty, "\(path): \(page.err)") }
        #expect(Set(pages.map(\.out)).count == 1, "\(path): --help, -h and help print different pages")
        let command = CommandTable.command(path)
        for option in command?.options ?? [] {
            for spelling in Self.spellings(option) { #expect(pages[0].out.contains(spelling), "\(path) --help lacks \(spelling)") }
        }
        for subcommand in command?.subcommands ?? [] { #expect(pages[0].out.contains(subcommand.name)) }
    }

    @Test("the overview names every command and subcommand; the man page has a section and an entry for every command, option and step")
    func overviewAndManPage() {
        let overview = TestConsole.run(["--help"]).out
        let man = TestConsole.run(["help", "--man"])
        #expect(man.status == 0 && man.out.hasPrefix(".TH NINEPIPE 1"))
        for path in Self.paths {
            #expect(overview.contains("ninepipe " + path.joined(separator: " ")), "--help lacks \(path)")
            #expect(man.out.contains(".SS " + ManPage.escape(path.joined(separator: " "))), "man page lacks \(path)")
            for option in CommandTable.command(path)?.options ?? [] {
                #expect(man.out.contains(ManPage.escape("--" + option.name)), "man page lacks --\(option.name) of \(path)")
            }
        }
        for option in CommandTable.global { #expect(overview.contains("--" + option.name) && man.out.contains(ManPage.escape("--" + option.name))) }
        for step in PluginRegistry.standard.names { #expect(man.out.contains("\\fB\(ManPage.escape(step))\\fR"), "man page lacks step \(step)") }
        for topic in ["ninepatch preview", "--border", "--insets"] {
            #expect(overview.contains(topic) || TestConsole.run(["help", "ninepatch", "inspect"]).out.contains(topic))
        }
    }

    @Test("options parse as --opt=value, --opt value, -j2, -j 2 and bundled -rq; -- ends options; every value spelling means the same")
    func spellings() throws {
        let run = try #require(CommandTable.command(["run"]))
        let forms: [[String]] = [
            ["--output=out/", "--jobs=2", "-rq", "in"], ["--output", "out/", "-j2", "-r", "-q", "in"],
            ["-o", "out/", "-j", "2", "--recursive", "--quiet", "in"], ["-oout/", "-qrj2", "in"],
        ]
        for form in forms {
            let parsed = try ParsedArguments(form, for: run, command: "run")
            #expect(parsed.value(.output) == "out/" && parsed.value(.jobs) == "2", "\(form)")
            #expect(parsed.has(.recursive) && parsed.has(.quiet) && parsed.operands == ["in"], "\(form)")
        }
        let ended = try ParsedArguments(["-e", "-x", "--", "-odd.png", "-"], for: run, command: "run")
        #expect(ended.value(.expression) == "-x" && ended.operands == ["-odd.png", "-"])
        let sets = try ParsedArguments(["--set", "a=1", "--set=b=2"], for: run, command: "run")
        #expect(sets.all(.set) == ["a=1", "b=2"])
    }

    @Test("mistakes name the option, suggest the right one and point at help; exit 2")
    func mistakes() {
        let cases: [([String], String)] = [
            (["run", "--jbos", "2", "-e", "orient"], "unknown option '--jbos' for run; did you mean '--jobs'?"),
            (["run", "-x"], "unknown option '-x' for run"),
            (["run", "--timings=yes", "-e", "orient"], "--timings takes no value"),
            (["run", "-e"], "-e needs a value"),
            (["run", "-e", "a", "-e", "b"], "--expression may be given once"),
            (["ninepatch", "inspect", "x.png", "--format", "jsno"], "--format takes json, ios, css, android, got 'jsno'; did you mean 'json'?"),
            (["ninepatch", "inpsect"], "unknown ninepatch subcommand 'inpsect'; did you mean 'inspect'?"),
            (["assets", "android", "x", "--center", "tile"], "unknown option '--center' for assets android"),
            (["--jobs", "2", "run"], "options for a command go after it"),
            (["run", "--plugin", "x.so"], "--plugin goes before the command"),
            (["hlep"], "unknown command 'hlep'; did you mean 'help'?"),
            (["help", "rnu"], "no help for 'rnu'; did you mean 'run'?"),
            (["completions", "tcsh"], "completions needs one shell: bash, zsh or fish"),
            (["--plugin"], "--plugin needs a value: --plugin LIB.so"),
            (["--versoin"], "unknown option '--versoin'; did you mean '--version'?"),
            (["-V", "-V"], "--version may be given once"),
            (["ninepatch"], "ninepatch needs a subcommand: inspect, compile, decompile, preview"),
        ]
        for (arguments, message) in cases {
            let result = TestConsole.run(arguments)
            #expect(result.status == 2 && result.err.contains(message), "\(arguments): \(result.err)")
            #expect(result.err.contains("ninepipe --help") || result.err.contains("ninepipe: "), "\(arguments)")
        }
        let plugins = TestConsole.run(["plugins", "--help"])
        #expect(plugins.status == 0 && plugins.out.contains("--markdown"), "plugins --help: \(plugins.err)")
    }

    /// Subcommands were chosen by a string switch inside one type, and `--plugin` and
    /// `--version` were parsed by hand beside the option table.
    @Test("every subcommand is a type of its own whose spec the parent lists; global options come from the table")
    func subcommandTypes() {
        for command in CommandTable.all where !command.subcommands.isEmpty {
            #expect(command.spec.subcommands.map(\.name) == command.subcommands.map { $0.spec.name }, "\(command.spec.name)")
            #expect(Set(command.subcommands.map { ObjectIdentifier($0) }).count == command.subcommands.count)
            #expect(!command.subcommands.contains { ObjectIdentifier($0) == ObjectIdentifier(command) })
        }
        #expect(CommandTable.tool.options.map(\.name) == CommandTable.global.map(\.name))
        for spelling in ["--version", "-V"] {
            let result = TestConsole.run([spelling])
            #expect(result.status == 0 && result.out.hasPrefix("ninepipe \(HelpText.version)\nformats: PNG"), "\(spelling): \(result.out)")
        }
        // A step no plugin library was loaded for may be one of a plugin's.
        let unknown = TestConsole.run(["check", "-e", "vignette amount=0.5"])
        #expect(
            unknown.status == 2
                && unknown.err.contains("unknown step 'vignette'; if a plugin library adds it, load the library first: ninepipe --plugin libNAME.so"),
            "\(unknown.err)")
        let missing = TestConsole.run(["--plugin=/nonexistent/libX.so", "run", "-e", "orient"])
        #expect(missing.status == 1 && missing.err.contains("/nonexistent/libX.so"), "\(missing.err)")
    }
}

/// A command written as Docs/Architecture.md says (one type: its spec and its run), to check that
/// the spec alone gives parsing, typed option reads, and the help page.
private enum ToyCommand: Command {
    static let spec = CommandSpec(
        name: "toy", summary: "count its operands", usage: ["toy WORD... [--times N] [--loud]"],
        options: [
            OptionSpec(key: .jobs, short: "j", value: .number("N", 1...9), summary: "how many times to say it"),
            OptionSpec(key: .quiet, summary: "say nothing"),
        ])

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let times = try invocation.arguments.number(.jobs) ?? 1
        if !invocation.arguments.has(.quiet) { invocation.console.out(String(repeating: "\(invocation.arguments.operands.count) ", count: times)) }
        return .success
    }
}

extension CommandTableTests {
    /// "where to add things" re-checked with a toy command.
    @Test("a toy command is its spec and its run: parsed, read through typed keys, given a help page, range-checked")
    func toyCommand() throws {
        let console = TestConsole()
        let parsed = try ParsedArguments(["a", "b", "-j3"], for: ToyCommand.spec, command: "toy")
        let invocation = Invocation(path: ["toy"], arguments: parsed, console: console.console(), registry: .standard, limits: .default)
        #expect(try ToyCommand.run(invocation) == .success && console.out == "2 2 2 ")
        let page = HelpText.page(of: ToyCommand.spec, path: ["toy"])
        #expect(page.hasPrefix("ninepipe toy: count its operands") && page.contains("-j, --jobs N") && page.contains("how many times to say it"), "\(page)")
        #expect(throws: UsageError.self) { try ParsedArguments(["-j", "12"], for: ToyCommand.spec, command: "toy") }
        #expect(throws: UsageError.self) { try ParsedArguments(["--loud"], for: ToyCommand.spec, command: "toy") }
    }
}

/// A target a tool defines: no settings of its own, no app icons.
private struct FlatTarget: AssetTarget {
    let name = "flat"
    func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        AssetConverter.Conversion(files: [], warnings: [])
    }
}

extension CommandTableTests {
    /// `assets ios|android|web` were three hand-written command types beside the target list.
    @Test("assets has one subcommand per registered target, declared from what the target reads")
    func assetTargetSubcommands() throws {
        let assets = try #require(CommandTable.command(["assets"]))
        #expect(assets.subcommands.map(\.name) == AssetTargetRegistry.builtIn.names)
        #expect(AssetsCommand.subcommands.isEmpty, "no command type per target")
        func optionNames(_ path: [String]) -> Set<String> { Set(CommandTable.command(path)?.options.map(\.name) ?? []) }
        #expect(optionNames(["assets", "android"]).isSuperset(of: ["densities", "compiled", "icons", "output", "theme"]))
        #expect(optionNames(["assets", "android"]).isDisjoint(with: ["center"]))
        #expect(
            optionNames(["assets", "ios"]).isSuperset(of: ["center", "icons"]) && optionNames(["assets", "ios"]).isDisjoint(with: ["densities", "compiled"]))
        // A target a tool defines gets the shared options and nothing it does not read.
        let flat = AssetsCommand.spec(for: FlatTarget())
        #expect(flat.name == "flat" && flat.summary == "assets for flat" && flat.usage == ["assets flat INPUT... --output DIR/ [--strict]"])
        let flatOptions = Set(flat.options.map(\.name))
        #expect(
            flatOptions.contains("output") && flatOptions.contains("theme")
                && flatOptions.isDisjoint(with: ["center", "densities", "compiled", "icons", "manifest"]))
        // Each target's options are its own: one it does not read is refused by name.
        for (path, option, value) in [
            (["assets", "web"], "--densities", "mdpi"), (["assets", "android"], "--center", "tile"), (["assets", "ios"], "--compiled", nil),
        ] {
            let result = TestConsole.run(path + ["in.png", "--output", "out.xcassets", option] + (value.map { [$0] } ?? []))
            #expect(result.status == 2 && result.err.contains("unknown option '\(option)' for \(path.joined(separator: " "))"), "\(result.err)")
        }
        let missing = TestConsole.run(["assets", "ios", "in.png", "--output", "out"])
        #expect(
            missing.status == 2
                && missing.err.contains("--output for ios: the output must be an asset catalog folder ending in .xcassets, e.g. --output Assets.xcassets"),
            "\(missing.err)")
    }
}
