import Foundation
import NinepipeTestSupport
import Synchronization

@testable import NinepipeCLI
@testable import NinepipeHost

/// Captures what the command-line tool prints.
final class TestConsole: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    private let statusText = Mutex<String>("")
    /// Every write in order: `(true, line)` for a standard-error line, `(false, text)` for status text.
    private let writes = Mutex<[(isLine: Bool, text: String)]>([])

    func console(terminal: Bool = false, environment: [String: String] = [:]) -> Console {
        Console(
            out: { text in self.lines.withLock { $0.out.append(text) } },
            err: { text in
                self.lines.withLock { $0.err.append(text) }
                self.writes.withLock { $0.append((true, text)) }
            },
            errorIsTerminal: terminal,
            status: { text in
                self.statusText.withLock { $0 += text }
                self.writes.withLock { $0.append((false, text)) }
            },
            environment: environment)
    }

    /// Standard-error lines printed while a progress bar was still on the line (not cleared first).
    var linesGluedToBar: [String] {
        var barShown = false
        var glued: [String] = []
        for write in writes.withLock({ $0 }) {
            if write.isLine {
                if barShown { glued.append(write.text) }
            } else if write.text.hasSuffix("\r\u{1B}[2K") {
                barShown = false
            } else if write.text.contains("█") || write.text.contains("░") {
                barShown = true
            }
        }
        return glued
    }

    /// Everything written without line breaks (progress bars).
    var status: String { statusText.withLock { $0 } }

    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    var err: String { lines.withLock { $0.err.joined(separator: "\n") } }

    /// Runs the tool with `arguments` and returns the exit code and what it printed.
    ///
    /// With a `directory` the built `ninepipe` executable runs there as a child process: the
    /// test process's own working directory is never changed (other tests run concurrently).
    static func run(_ arguments: [String], in directory: String? = nil) -> (status: Int32, out: String, err: String) {
        if let directory { return runExecutable(arguments, in: directory) }
        let console = TestConsole()
        let status = CommandLineTool().run(arguments, console: console.console())
        return (status, console.out, console.err)
    }

    /// The built executable run in `directory`, its lines without the final line break.
    private static func runExecutable(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
        let result: (status: Int32, out: Data, err: String)
        do {
            result = try ChildProcess.run(Repository.builtExecutable.path, arguments, in: directory)
        } catch {
            return (127, "", "cannot run \(Repository.builtExecutable.path): \(error)")
        }
        func withoutFinalBreak(_ text: String) -> String { text.hasSuffix("\n") ? String(text.dropLast()) : text }
        return (result.status, withoutFinalBreak(String(decoding: result.out, as: UTF8.self)), withoutFinalBreak(result.err))
    }
}
