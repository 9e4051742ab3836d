import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeHost

/// There was no shell completion. The scripts are loaded into real shells (each test
/// skips, saying so, when its shell is not installed) and asked to complete as a user would.
@Suite("shell completions")
struct CompletionTests {
    static let binDirectory = Repository.builtExecutable.deletingLastPathComponent().path

    /// Runs `script` with `shell` and the built `ninepipe` first on PATH; the test is cancelled
    /// (a skip the runner reports) when the shell is not installed.
    func run(_ shell: String, _ arguments: [String], _ script: String) throws -> String {
        guard let path = try Requirement.tool("/usr/bin/" + shell, "/bin/" + shell) else {
            try Test.cancel("\(shell) is not installed (apt-get install \(shell)); its completion test is skipped")
        }
        _ = try Requirement.executable()
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Self.binDirectory + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = NSTemporaryDirectory()
        return try ChildProcess.output(of: path, arguments + [script], environment: environment)
    }

    @Test("the completer offers commands, options, choices, steps and parameters, and files where a path goes")
    func completer() {
        let completer = Completer(registry: .standard)
        #expect(completer.answer(["ru"], index: 0) == ["ru", "run"])
        // A negative index trapped (`ninepipe __complete -5 run`, SIGILL); any index completes to something or nothing.
        #expect(completer.answer(["run"], index: -5).isEmpty)
        #expect(completer.answer(["run"], index: .max) == [""])
        #expect(TestConsole.run(["__complete", "-5", "run"]).status == 0)
        #expect(completer.answer(["run", "--jo"], index: 1) == ["--jo", "--jobs"])
        #expect(completer.answer(["run", "--output", "=", "di"], index: 3) == ["--output=di", Completer.filesMarker])
        #expect(completer.answer(["run", "-e", #"'load "x" | thu"#], index: 2) == [#"load "x" | thu"#, #"load "x" | thumbnail"#])
        #expect(completer.answer(["run", "-e", #"'resize width=3 fil"#], index: 2).last == "resize width=3 filter=")
        #expect(completer.answer(["run", "-e", #""resize filter=lan"#], index: 2).last == "resize filter=lanczos3")
        #expect(completer.answer(["ninepatch", "inspect", "--format", "c"], index: 3) == ["c", "css"])
        #expect(completer.answer(["ninepatch", "p"], index: 1) == ["p", "preview"])
        #expect(completer.answer(["plugins", "ro"], index: 1) == ["ro", "round"])
        #expect(completer.answer(["help", "ninepatch", "d"], index: 2) == ["d", "decompile"])
        #expect(completer.answer(["info", "ph"], index: 1) == ["ph", Completer.filesMarker])
        // Every option of every command completes from "--".
        for path in CommandTableTests.paths {
            guard let command = CommandTable.command(path) else { continue }
            let offered = Set(completer.answer(path + ["--"], index: path.count).dropFirst())
            for option in command.options { #expect(offered.contains("--" + option.name), "\(path): --\(option.name) does not complete") }
        }
    }

    @Test("bash: complete -p shows the function; it completes a step inside -e '…' (quote kept open), --jo and --output=")
    func bash() throws {
        let script = #"""
            source <(ninepipe completions bash)
            complete -p ninepipe
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                    _ninepipe ninepipe "$CUR" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null; printf 'R:%s|\n' "${COMPREPLY[@]}"; }
            CUR='load "x" | thu' ask ninepipe run -e "'load \"x\" | thu"
            CUR='--jo' ask ninepipe run --jo
            CUR='thumbnail ' ask ninepipe run -e "'resize width=4 | thumbnail "
            """#
        let output = try run("bash", ["--norc", "--noprofile", "-c"], script)
        #expect(output.contains("complete -F _ninepipe ninepipe"), "\(output)")
        #expect(output.contains(#"R:load "x" | thumbnail|"#) && output.contains(#"R:load "x" | thumbnail |"#), "\(output)")
        #expect(output.contains("R:--jobs|"), "\(output)")
        #expect(output.contains("R:thumbnail size=|") && output.contains("R:thumbnail radius=|"), "\(output)")
    }

    @Test("zsh: compinit registers the function; it completes a step inside -e '…' and --jo")
    func zsh() throws {
        let script = #"""
            autoload -U compinit; compinit -u -d "$HOME/.zcompdump-ninepipe-test"
            source <(ninepipe completions zsh)
            print -r -- "registered:$_comps[ninepipe]"
            compadd() { local seen=0 a; for a in "$@"; do if (( seen )); then print -r -- "C:$a|"; elif [[ $a == -- ]]; then seen=1; fi; done }
            typeset -A compstate
            words=(ninepipe run -e "'load \"x\" | thu"); CURRENT=4; PREFIX='load "x" | thu'; compstate[quote]="'"
            _ninepipe
            words=(ninepipe run --jo); CURRENT=3; PREFIX='--jo'; compstate[quote]=''
            _ninepipe
            """#
        let output = try run("zsh", ["-f", "-c"], script)
        #expect(output.contains("registered:_ninepipe"), "\(output)")
        #expect(output.contains(#"C:load "x" | thumbnail|"#), "\(output)")
        #expect(output.contains("C:--jobs|"), "\(output)")
    }

    @Test("fish: complete -C completes a step inside -e '…' and --jo")
    func fish() throws {
        let script = #"""
            ninepipe completions fish | source
            complete -C "ninepipe run -e 'load \"x\" | thu"
            complete -C "ninepipe run --jo"
            """#
        let output = try run("fish", ["--no-config", "-c"], script)
        #expect(output.contains(#"load "x" | thumbnail"#), "\(output)")
        #expect(output.contains("--jobs"), "\(output)")
    }
}
