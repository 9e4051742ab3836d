import NinepipeCore
import NinepipeHost

/// `ninepipe completions bash|zsh|fish`: prints a shell completion script.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", summary: "print a shell completion script (bash, zsh or fish)",
        usage: ["completions bash|zsh|fish"],
        operands: .words(["bash", "zsh", "fish"]),
        notes: """
            bash: source <(ninepipe completions bash)        (or save it in ~/.local/share/bash-completion/completions/ninepipe)
            zsh:  ninepipe completions zsh > "${fpath[1]}/_ninepipe"
            fish: ninepipe completions fish > ~/.config/fish/completions/ninepipe.fish
            Steps and their parameters complete inside -e '…', plugins given with --plugin included.
            """)

    static func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let console = invocation.console
        guard arguments.operands.count == 1, let shell = CompletionScript.Shell(rawValue: arguments.operands[0]) else {
            throw UsageError("completions needs one shell: bash, zsh or fish, e.g. source <(ninepipe completions bash)")
        }
        console.out(CompletionScript.script(for: shell))
        return .success
    }
}
