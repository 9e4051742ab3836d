import NinepipeCore
import NinepipeHost
import Synchronization

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// `--report FILE`: one JSON object per input, one line each, written as each input finishes
/// (so a job controller can follow a running batch and aggregate thousands of them):
///
/// ```json
/// {"bytes":8692,"error":null,"input":"photos/a.jpg","outputs":["thumbs/a.jpg"],"seconds":0.041,"status":"ok"}
/// ```
///
/// `status` is `ok`, `failed` (with `error`) or `up-to-date`; `bytes` is what the outputs hold.
/// `-` writes to standard output. The file is created (or emptied) when the batch starts and each
/// line is appended with one `write`, so lines from a killed run are whole.
final class RecordLog: Sendable {
    private let descriptor: Int32?
    private let console: Console
    private let lock = Mutex(())

    /// Opens `path` for the records (`-`: standard output through `console`).
    init(path: String, console: Console) throws {
        self.console = console
        if path == "-" {
            descriptor = nil
        } else {
            let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o666)
            guard opened >= 0 else { throw UsageError("--report \(path): cannot write it (\(FileIO.errorText()))") }
            descriptor = opened
        }
    }

    deinit { if let descriptor { close(descriptor) } }

    /// Appends `record` as one line.
    func write(_ record: BatchRunner.FileRecord) { write(line: Self.line(record)) }

    /// Appends `object` as one line of compact JSON with sorted keys.
    func write(object: JSONValue) { write(line: object.compactText) }

    /// Appends `line` (one JSON object) and a line feed with one `write`.
    private func write(line: String) {
        guard let descriptor else {
            console.out(line)
            return
        }
        let bytes = Array((line + "\n").utf8)
        lock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { break }
                offset += written
            }
        }
    }

    /// `record` as compact JSON with sorted keys.
    static func line(_ record: BatchRunner.FileRecord) -> String {
        let object: JSONValue = [
            "input": .string(record.input), "outputs": .array(record.outputs.map(JSONValue.string)), "status": .string(record.status.rawValue),
            "error": JSONValue(record.error), "seconds": .number((record.seconds * 1000).rounded() / 1000), "bytes": JSONValue(record.bytesWritten),
        ]
        return object.compactText
    }
}
