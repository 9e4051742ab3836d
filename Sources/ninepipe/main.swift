#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NinepipeHost

/// Writes text to a file descriptor (the streams' FILE globals are not concurrency-safe).
@Sendable func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

/// The width of the terminal on standard error, or 80.
func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
}

// The executable only wires argv, the environment and the standard streams to the host library.
let console = Console(
    out: { write($0 + "\n", to: STDOUT_FILENO) },
    err: { write($0 + "\n", to: STDERR_FILENO) },
    errorIsTerminal: isatty(STDERR_FILENO) != 0,
    status: { write($0, to: STDERR_FILENO) },
    columns: terminalColumns(),
    environment: ProcessInfo.processInfo.environment
)
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst()), console: console))
