import NinepipeHost

/// What a shell should offer for the word under the cursor, computed from ``CommandTable`` and
/// the step registry (plugins given with `--plugin` on the line included). The completion
/// scripts call it as `ninepipe __complete INDEX WORD...`.
///
/// Inside a pipeline (`-e '…'`), the word is the pipeline text so far: the candidates are that
/// text with its last word completed: a step name at the start of a step, else the step's
/// parameters (`width=`) or, after `=`, a choice or boolean parameter's values.
struct Completer {
    /// Printed alone when the shell should complete file names itself.
    static let filesMarker = "__files__"

    let registry: PluginRegistry

    /// The answer `ninepipe __complete INDEX WORD...` prints: the word being completed as read
    /// (quotes removed, bash's `--opt` `=` `value` split joined again), then the candidates.
    func answer(_ words: [String], index: Int) -> [String] {
        guard index >= 0 else { return [] }  // no word before the first: nothing to complete
        var joined: [String] = []
        var joinedIndex = index
        for (position, word) in words.enumerated() {
            if position <= index, let last = joined.last, last.hasPrefix("--"), !last.contains("=") || last.hasSuffix("="),
                word == "=" || last.hasSuffix("=")
            {
                joined[joined.count - 1] += word
                joinedIndex -= 1
            } else {
                joined.append(word)
            }
        }
        let typed = joinedIndex < joined.count ? joined[joinedIndex] : ""
        var unquoted = typed
        if let first = unquoted.first, first == "'" || first == "\"" { unquoted.removeFirst() }
        return [unquoted] + candidates(joined, index: joinedIndex)
    }

    /// The candidates for `words[index]` (`words` without the program name).
    func candidates(_ words: [String], index: Int) -> [String] {
        guard index >= 0, index <= words.count else { return [] }
        let current = index < words.count ? words[index] : ""
        var position = 0
        // Global options, then the command.
        while position < index, words[position].hasPrefix("-") {
            position += words[position] == "--plugin" ? 2 : 1
        }
        if position > index { return [Self.filesMarker] }  // the value of --plugin
        if position == index {
            if current.hasPrefix("-") { return matching(CommandTable.global.map { "--" + $0.name } + ["--help", "--version"], current) }
            return matching(CommandTable.commands.map(\.name) + ["version"], current)
        }
        guard var command = CommandTable.command([words[position]]) else { return [Self.filesMarker] }
        position += 1
        if !command.subcommands.isEmpty {
            if position == index && !command.runsWithoutSubcommand { return matching(command.subcommands.map(\.name), current) }
            if let subcommand = command.subcommands.first(where: { $0.name == words[position] }), position < index {
                command = subcommand
                position += 1
            } else if !command.runsWithoutSubcommand {
                return []
            }
        }
        // The command's own options: is the word a value of the one before it?
        var expectsValue: OptionSpec?
        var operandCount = 0
        var optionsEnded = false
        while position < index {
            let word = words[position]
            if expectsValue != nil {
                expectsValue = nil
            } else if !optionsEnded && word == "--" {
                optionsEnded = true
            } else if !optionsEnded && word.hasPrefix("-") && word != "-" {
                if let option = command.option(named: word), option.value != nil { expectsValue = option }
            } else {
                operandCount += 1
            }
            position += 1
        }
        if let option = expectsValue { return values(of: option, current) }
        if !optionsEnded && current.hasPrefix("-") && current != "-" {
            if let equals = current.firstIndex(of: "="), let option = command.option(named: String(current[..<equals])) {
                let prefix = String(current[...equals])
                return values(of: option, String(current[current.index(after: equals)...])).map { $0 == Self.filesMarker ? $0 : prefix + $0 }
            }
            return matching(command.options.map { "--" + $0.name } + ["--help"], current)
        }
        switch command.operands {
        case .none: return []
        case .files: return [Self.filesMarker]
        case .steps: return matching(registry.names, current)
        case .commands:
            if operandCount == 0 { return matching(CommandTable.commands.map(\.name), current) }
            let parent = CommandTable.command([words[index - 1]])
            return matching(parent?.subcommands.map(\.name) ?? [], current)
        case .words(let words): return operandCount == 0 ? matching(words, current) : []
        }
    }

    /// Candidates for an option's value.
    private func values(of option: OptionSpec, _ current: String) -> [String] {
        if option.name == "expression" { return pipeline(current) }
        switch option.value {
        case .choice(let words)?: return matching(words, current)
        case .path?: return [Self.filesMarker]
        default: return []
        }
    }

    /// Completions of pipeline text: the text with its last word completed.
    func pipeline(_ typed: String) -> [String] {
        var text = Substring(typed)
        if let first = text.first, first == "'" || first == "\"" { text = text.dropFirst() }
        // The current step: after the last '|' or line break outside quotes.
        var inQuote = false
        var stepStart = text.startIndex
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inQuote.toggle() }
            if !inQuote && (character == "|" || character == "\n") { stepStart = text.index(after: index) }
        }
        if inQuote { return [] }
        let step = text[stepStart...]
        let wordStart = step.lastIndex(where: { $0 == " " || $0 == "\t" }).map { step.index(after: $0) } ?? step.startIndex
        let head = String(text[..<wordStart])
        let word = String(step[wordStart...])
        let earlier = step[..<wordStart].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let stepName = earlier.first.map(String.init) else {
            return matching(registry.names, word).map { head + $0 }
        }
        guard let descriptor = registry[stepName] else { return [] }
        if let equals = word.firstIndex(of: "=") {
            let name = String(word[..<equals])
            guard let spec = descriptor.parameters.first(where: { $0.name == name }) else { return [] }
            let choices: [String] =
                switch spec.type {
                case .choice(let words), .colorOr(let words): words
                case .boolean: ["true", "false"]
                default: []
                }
            let prefix = head + word[...equals]
            return matching(choices, String(word[word.index(after: equals)...])).map { prefix + $0 }
        }
        let given = Set(earlier.dropFirst().compactMap { $0.split(separator: "=").first.map(String.init) })
        let names = descriptor.parameters.map(\.name).filter { !given.contains($0) }
        return matching(names, word).map { head + $0 + "=" }
    }

    private func matching(_ candidates: [String], _ prefix: String) -> [String] {
        candidates.filter { $0.hasPrefix(prefix) }
    }
}
