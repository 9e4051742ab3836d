import Foundation
import Synchronization

/// Programs the tests run (shells, browsers), their standard output captured.
public enum ChildProcess {
    /// Runs `executable` with `arguments` and returns what it wrote to standard output; standard
    /// error is discarded and standard input is empty.
    ///
    /// - Parameter environment: the child's environment (default: this process's).
    public static func output(of executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `executable` (a path, or a name looked up in `PATH`) with `arguments`, both outputs
    /// discarded, and returns its exit status; `nil` when it cannot be started.
    public static func status(of executable: String, _ arguments: [String]) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The first Python 3 that can import `module` (a dev-only reference such as Pillow): the
    /// `python3` in `PATH`, else the system's `/usr/bin/python3`, where Debian's packages (such
    /// as `python3-pil`) install; `nil` when neither can.
    public static func python(with module: String) -> String? {
        for interpreter in ["python3", "/usr/bin/python3"] where status(of: interpreter, ["-c", "import \(module)"]) == 0 {
            return interpreter
        }
        return nil
    }

    /// The first of `names` found: an absolute path that is executable, or a name looked up in
    /// `PATH`; `nil` when none is (the test then skips, saying so).
    public static func tool(_ names: String...) -> String? { tool(in: names) }

    /// The first of `names` found (see ``tool(_:)``).
    public static func tool(in names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names {
            if name.hasPrefix("/") {
                if FileManager.default.isExecutableFile(atPath: name) { return name }
                continue
            }
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
        }
        return nil
    }

    /// Runs `executable` with `arguments` and `input` on standard input; returns its exit
    /// status and both outputs.
    public static func run(
        _ executable: String, _ arguments: [String], input: Data = Data(), in directory: String? = nil, environment: [String: String]? = nil
    ) throws -> (status: Int32, out: Data, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        try process.run()
        // Input is written, and errors read, on threads of their own, so that no pipe fills and
        // blocks the child while this thread reads its output.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errors = Mutex(Data())
        let finished = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            let data = stderr.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
            finished.signal()
        }
        errorReader.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.wait()
        let errorData = errors.withLock { $0 }
        return (process.terminationStatus, out, String(decoding: errorData, as: UTF8.self))
    }

    /// Starts `executable` with `arguments` and returns it running, for a test that watches,
    /// signals or waits for it itself. Standard input is empty; standard output and error go to
    /// `output` and `errors` when given, else nowhere.
    public static func start(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
        output: Pipe? = nil, errors: Pipe? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        return process
    }
}
