#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NinepipeHost

/// Writes a line to a file descriptor (the streams' FILE globals are not concurrency-safe).
@Sendable func writeLine(_ text: String, to descriptor: Int32) {
    var bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

// The executable only wires argv and the standard streams to the host library.
let console = Console(
    out: { writeLine($0, to: STDOUT_FILENO) },
    err: { writeLine($0, to: STDERR_FILENO) },
    errorIsTerminal: isatty(STDERR_FILENO) != 0
)
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst()), console: console))
