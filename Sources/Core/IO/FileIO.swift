#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files and writing them atomically (temporary file in the target directory, then rename).
public enum FileIO {
    /// Reads the whole file at `path`.
    ///
    /// - Parameter maxBytes: refuse files larger than this (default 4 GiB) before reading.
    public static func read(_ path: String, maxBytes: Int = 4 << 30) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: errorText()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, reason: errorText()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotRead(path: path, reason: "it is a directory") }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw .cannotRead(path: path, reason: "file is \(size) bytes, over the \(maxBytes)-byte limit") }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        var failure: String?
        bytes.withUnsafeMutableBytes { buffer in
            while total < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + total, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errorText()
                    return
                }
                if count == 0 { break }
                total += count
            }
        }
        if let failure { throw .cannotRead(path: path, reason: failure) }
        if total < size { bytes.removeLast(size - total) }
        return bytes
    }

    /// Writes `bytes` to `path` atomically: a temporary file beside it, `fsync`, then `rename`.
    ///
    /// On any failure the temporary file is removed and an existing file at `path` is untouched.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let directory = parentDirectory(of: path)
        var template = Array("\(directory)/.\(baseName(of: path)).ninepipe-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: errorText()) }
        let temporary = String(cString: template.map { UInt8(bitPattern: $0) }.prefix { $0 != 0 } + [0])
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errorText()
                    return
                }
                written += count
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errorText() }
        // mkstemp creates 0600; give the file the usual permissions (umask applies).
        let mask = umask(0)
        umask(mask)
        if failure == nil { fchmod(descriptor, 0o666 & ~mask) }
        if close(descriptor) != 0 && failure == nil { failure = errorText() }
        if failure == nil && rename(temporary, path) != 0 { failure = errorText() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
