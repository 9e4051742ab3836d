import Foundation

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

    /// Whether `python3` runs and can import `module` (a dev-only reference such as Pillow).
    public static func pythonHas(module: String) -> Bool { status(of: "python3", ["-c", "import \(module)"]) == 0 }
}
