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
        let file = try AtomicFile(path: path)
        var failure: FileError?
        bytes.withUnsafeBytes { raw in
            do throws(FileError) { try file.write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
        try file.commit()
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

    /// The directory part of `path` (`.` when there is none, `/` for files at the root).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// The last component of `path`.
    public static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
