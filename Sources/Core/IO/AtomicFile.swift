#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written through a temporary file beside its destination and renamed into place on ``commit()``.
///
/// Until `commit()` succeeds the destination is untouched; a writer that is released
/// without committing (an error was thrown) removes its temporary file.
public final class AtomicFile {
    /// The destination path.
    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var finished = false

    /// Creates the temporary file in `path`'s directory.
    public init(path: String) throws(FileError) {
        self.path = path
        var template = Array("\(FileIO.parentDirectory(of: path))/.\(FileIO.baseName(of: path)).ninepipe-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: FileIO.errorText()) }
        self.descriptor = descriptor
        self.temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { if !finished { abort() } }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = FileIO.errorText()
                abort()
                throw .cannotWrite(path: path, reason: reason)
            }
            written += count
        }
    }

    /// Flushes to disk and renames the temporary file onto the destination.
    public func commit() throws(FileError) {
        var failure: String?
        if fsync(descriptor) != 0 { failure = FileIO.errorText() }
        let mask = umask(0)
        umask(mask)
        if failure == nil { fchmod(descriptor, 0o666 & ~mask) }
        if close(descriptor) != 0 && failure == nil { failure = FileIO.errorText() }
        descriptor = -1
        if failure == nil && rename(temporaryPath, path) != 0 { failure = FileIO.errorText() }
        finished = true
        if let failure {
            unlink(temporaryPath)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Discards the temporary file; the destination is untouched.
    public func abort() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        unlink(temporaryPath)
    }
}
