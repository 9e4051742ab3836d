import Foundation
import Synchronization
@testable import NinepipeHost

/// Captures what the command-line tool prints.
final class TestConsole: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    private let statusText = Mutex<String>("")
    /// Every write in order: `(true, line)` for a standard-error line, `(false, text)` for status text.
    private let writes = Mutex<[(isLine: Bool, text: String)]>([])

    func console(terminal: Bool = false, environment: [String: String] = [:]) -> Console {
        Console(out: { text in self.lines.withLock { $0.out.append(text) } },
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

    /// Runs the tool with `arguments` in `directory` and returns the exit code.
    static func run(_ arguments: [String], in directory: String? = nil) -> (status: Int32, out: String, err: String) {
        let console = TestConsole()
        // Only a run that moved the working directory moves it back: restoring it after every
        // run would pull it from under a concurrently running test that did move it.
        let previous = FileManager.default.currentDirectoryPath
        if let directory { _ = FileManager.default.changeCurrentDirectoryPath(directory) }
        defer { if directory != nil { _ = FileManager.default.changeCurrentDirectoryPath(previous) } }
        let status = CommandLineTool().run(arguments, console: console.console())
        return (status, console.out, console.err)
    }
}
