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
}
