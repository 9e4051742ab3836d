extension Console {
    /// The one way a warning is written: `warning: MESSAGE`, the word bold magenta on a terminal,
    /// control characters in the message escaped, line breaks too (a warning is one line: a file
    /// name holding a newline cannot forge another).
    func warningText(_ message: String) -> String {
        (errorIsTerminal ? "\u{1B}[1;35mwarning:\u{1B}[0m " : "warning: ") + TerminalText.escaped(message)
    }

    /// Writes a warning to standard error (see ``warningText(_:)``).
    func warn(_ message: String) { err(warningText(message)) }

    /// The one way an error is written: `PREFIX: error: MESSAGE` (`ninepipe`, or a file name),
    /// the word bold red on a terminal, control characters in the message escaped.
    func errorText(_ message: String, prefix: String = "ninepipe") -> String {
        prefix + ": " + (errorIsTerminal ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + TerminalText.escaped(message, keepingLines: true)
    }

    /// Writes an error to standard error (see ``errorText(_:prefix:)``).
    func error(_ message: String, prefix: String = "ninepipe") { err(errorText(message, prefix: prefix)) }
}
