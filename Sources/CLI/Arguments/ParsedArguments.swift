import NinepipeHost

/// A command's arguments sorted into options and operands by its ``CommandSpec``.
///
/// Accepted spellings: `--name value`, `--name=value`, `-x value`, `-xVALUE` (`-j2`), bundled
/// flags (`-rq`), and `--` ending the options (what follows is an operand even if it starts with
/// `-`). A lone `-` is an operand (standard input or output). `--help`/`-h` anywhere before
/// `--` asks for help.
struct ParsedArguments {
    /// The command the arguments were parsed for (`run`, `ninepatch inspect`).
    let command: String
    /// Each option given, by long name, with its values in order (flags have none).
    private(set) var values: [String: [String]] = [:]
    /// The non-option arguments, in order.
    private(set) var operands: [String] = []
    /// Whether `--help` or `-h` was given.
    private(set) var wantsHelp = false

    /// Parses `arguments` for `spec`; `command` names it in messages. With `stopsAtOperand` (the
    /// options before a command), the first operand and everything after it are operands.
    init(_ arguments: [String], for spec: CommandSpec, command: String, stopsAtOperand: Bool = false) throws(UsageError) {
        self.command = command
        var index = 0
        var optionsEnded = false
        func unknown(_ argument: String) -> UsageError {
            let hint = Suggestions.hint(for: argument, in: spec.spellings)
            if stopsAtOperand {
                return UsageError("unknown option '\(argument)'\(hint); options for a command go after it, e.g. ninepipe run \(argument) …")
            }
            if argument == "--plugin" { return UsageError("--plugin goes before the command: ninepipe --plugin libX.so \(command) …") }
            return UsageError("unknown option '\(argument)' for \(command)\(hint)")
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                if stopsAtOperand { optionsEnded = true }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                wantsHelp = true
                continue
            }
            if argument.hasPrefix("--") {
                var name = argument
                var inline: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                guard let option = spec.option(named: name) else { throw unknown(name) }
                if option.value == nil {
                    if inline != nil { throw UsageError("\(name) takes no value (\(command))") }
                    try record(option, nil)
                } else if let inline {
                    try record(option, inline)
                } else {
                    guard index < arguments.count else { throw UsageError("\(name) needs a value: \(option.spelling)") }
                    try record(option, arguments[index])
                    index += 1
                }
                continue
            }
            // Short options: -j2, -j 2, -rq.
            var letters = Substring(argument.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                guard let option = spec.option(named: "-\(letter)") else {
                    throw unknown(letters.isEmpty && argument.count == 2 ? argument : "-\(letter)")
                }
                guard option.value != nil else {
                    try record(option, nil)
                    continue
                }
                if !letters.isEmpty {
                    try record(option, String(letters))
                } else {
                    guard index < arguments.count else { throw UsageError("-\(letter) needs a value: \(option.spelling)") }
                    try record(option, arguments[index])
                    index += 1
                }
                break
            }
        }
    }

    private mutating func record(_ option: OptionSpec, _ value: String?) throws(UsageError) {
        if values[option.name] != nil && !option.repeatable {
            throw UsageError("--\(option.name) may be given once")
        }
        values[option.name, default: []] += value.map { [$0] } ?? []
        if case .number(_, let range)? = option.value, let value {
            guard let number = Int(value), range.contains(number) else {
                throw UsageError("--\(option.name) '\(value)': give a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
        }
        if case .choice(let words)? = option.value, let value, !words.contains(value) {
            throw UsageError("--\(option.name) takes \(words.joined(separator: ", ")), got '\(value)'\(Suggestions.hint(for: value, in: words))")
        }
    }

    /// Whether the option was given.
    func has(_ key: OptionKey) -> Bool { values[key.name] != nil }

    /// The option's value, or `nil` when not given.
    func value(_ key: OptionKey) -> String? { values[key.name]?.last }

    /// Every value of a repeatable option.
    func all(_ key: OptionKey) -> [String] { values[key.name] ?? [] }

    /// The value of a number option (checked against its range while parsing), or `nil` when not given.
    func number(_ key: OptionKey) throws(UsageError) -> Int? {
        guard let text = value(key) else { return nil }
        guard let number = Int(text) else { throw UsageError("--\(key.name) needs a whole number, got '\(text)'") }
        return number
    }
}
