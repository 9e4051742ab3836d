import NinepipeHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Console {
    /// The process's standard output and error: lines written whole with `write(2)` (the C
    /// streams are not safe to share between threads), colours and progress bars when standard
    /// error is a terminal, its width, and the process environment. What the `ninepipe`
    /// executable uses, and what a tool embedding ``CommandLineTool`` needs:
    ///
    /// ```swift
    /// exit(CommandLineTool(registry: registry).run(Array(CommandLine.arguments.dropFirst()), console: .standard))
    /// ```
    public static var standard: Console {
        Console(
            out: { writeAll($0 + "\n", to: STDOUT_FILENO) },
            err: { writeAll($0 + "\n", to: STDERR_FILENO) },
            errorIsTerminal: isatty(STDERR_FILENO) != 0,
            status: { writeAll($0, to: STDERR_FILENO) },
            columns: terminalColumns(),
            readingEnvironment: processEnvironment
        )
    }

    /// The process environment as `NAME=value` pairs (the first of a repeated name wins, as
    /// `getenv` finds it).
    private static func processEnvironment() -> [String: String] {
        #if canImport(Darwin)
        let list = _NSGetEnviron().pointee
        #else
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        var table: [String: String] = [:]
        guard var entry = list else { return table }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), table[String(text[..<equals])] == nil {
                table[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return table
    }

    /// Writes all of `text` to `descriptor` (retrying short writes; gives up on an error).
    private static func writeAll(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The width of the terminal on standard error, or 80.
    private static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
