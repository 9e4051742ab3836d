import Foundation

#if canImport(Glibc)
import Glibc

/// Watches one file for being opened or read, by any process (Linux inotify): a test plants a
/// file that nothing may touch (an "oracle" a hostile document points at) and asks afterwards
/// whether anything did.
public final class FileOpenWatch {
    private let descriptor: Int32

    /// Starts watching `path`, which must exist.
    public init(_ path: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        guard inotify_add_watch(descriptor, path, UInt32(IN_OPEN | IN_ACCESS)) >= 0 else {
            close(descriptor)
            throw CocoaError(.fileReadNoSuchFile)
        }
    }

    deinit { close(descriptor) }

    /// Whether the file was opened or read since the watch started (the events are read, so
    /// the next call counts from now).
    public var wasTouched: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0
    }
}
#endif
