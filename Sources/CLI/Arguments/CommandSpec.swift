import NinepipeHost

/// One option of a command: its spellings, whether it takes a value, and its help line.
///
/// Parsing, `--help`, the man page and shell completions are all read from these, so an option
/// exists everywhere or nowhere.
struct OptionSpec: Sendable {
    /// What an option's value is, for help (`N`, `TARGET`) and completion (choices, files).
    enum Value: Sendable {
        /// Free text shown as the placeholder.
        case text(String)
        /// A whole number in the range; any other value is a usage error that names the range.
        case number(String, ClosedRange<Int>)
        /// One of these words.
        case choice([String])
        /// A file or folder path shown as the placeholder.
        case path(String)

        /// The placeholder help shows after the option.
        var placeholder: String {
            switch self {
            case .text(let name), .number(let name, _), .path(let name): name
            case .choice(let words): words.joined(separator: "|")
            }
        }
    }

    /// The option's key, its long name.
    let key: OptionKey
    /// The long name without dashes (`output`).
    var name: String { key.name }
    /// The one-letter spelling without its dash (`o`), if any.
    var short: Character? = nil
    /// The value the option takes; `nil` for a flag.
    var value: Value? = nil
    /// One line of help.
    let summary: String
    /// Whether it may be given more than once (each value kept).
    var repeatable = false
    /// The heading help lists it under (`BATCH OPTIONS`); `nil` for the command's main options.
    var group: String?

    /// `-o, --output TARGET` as help prints it.
    var spelling: String {
        let long = "--" + name + (value.map { " " + $0.placeholder } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// A command (or subcommand) of `ninepipe`: what it is called, how it is used, its options.
struct CommandSpec: Sendable {
    /// The word that selects it (`run`, `inspect`).
    let name: String
    /// One line saying what it does.
    let summary: String
    /// Usage lines after `ninepipe` (and the parent command's name), e.g. `run FILE [INPUT...]`.
    let usage: [String]
    /// Its options (`--help` is implied for every command).
    var options: [OptionSpec] = []
    /// Its subcommands, selected by the first argument after the name.
    var subcommands: [CommandSpec] = []
    /// What its positional arguments are, for completion.
    var operands: Operands = .files
    /// More help after the options (examples, notes).
    var notes: String = ""
    /// Whether it also runs without a subcommand (`plugins [NAME]` beside `plugins new NAME`):
    /// a first argument that names no subcommand is then its own.
    var runsWithoutSubcommand = false

    /// What a command's positional arguments complete to.
    enum Operands: Sendable {
        /// Nothing.
        case none
        /// Files and folders.
        case files
        /// Step names (`plugins NAME`).
        case steps
        /// Command names (`help COMMAND`).
        case commands
        /// One of these words.
        case words([String])
    }

    /// The option spelled `argument` (`--output`, `-o`), if it is one of this command's.
    func option(named argument: String) -> OptionSpec? {
        if argument.hasPrefix("--") { return options.first { "--" + $0.name == argument } }
        if argument.count == 2, argument.hasPrefix("-") { return options.first { $0.short.map { "-\($0)" } == argument } }
        return nil
    }

    /// Every spelling of every option (for "did you mean" and completion).
    var spellings: [String] {
        options.flatMap { option in ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []) } + ["--help", "-h"]
    }
}
