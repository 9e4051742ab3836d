import Foundation
import Synchronization
@testable import NinepipeHost

/// Captures what the command-line tool prints.
final class TestConsole: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    private let statusText = Mutex<String>("")

    func console(terminal: Bool = false, environment: [String: String] = [:]) -> Console {
        Console(out: { text in self.lines.withLock { $0.out.append(text) } },
                err: { text in self.lines.withLock { $0.err.append(text) } },
                errorIsTerminal: terminal,
                status: { text in self.statusText.withLock { $0 += text } },
                environment: environment)
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
