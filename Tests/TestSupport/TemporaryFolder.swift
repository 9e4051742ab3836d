import Foundation
import Synchronization

/// Temporary folders for tests: each is new and empty, named after what it is for, and removed
/// with everything in it when the test process exits.
public enum TemporaryFolder {
    private static let made = Mutex<[String]>([])
    private static let cleanup: Void = { atexit { TemporaryFolder.removeAll() } }()

    /// Creates `$TMPDIR/ninepipe-LABEL-UUID` and returns its path.
    public static func make(_ label: String) throws -> String {
        _ = cleanup
        let path = NSTemporaryDirectory() + "ninepipe-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        made.withLock { $0.append(path) }
        return path
    }

    /// Writes `text` (UTF-8) to `path`, creating the folders above it: a fixture file of a tree
    /// built in a temporary folder.
    public static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Removes every folder made so far (made read-only on purpose or not).
    static func removeAll() {
        for path in made.withLock({ $0 }) {
            _ = try? FileManager.default.removeItem(atPath: path)
        }
    }
}
