#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reading whole files and writing them atomically (temporary file in the target directory, then rename).
public enum FileIO {
    /// Reads the whole file at `path`.
    ///
    /// `-` (and `/dev/stdin`) is standard input; a pipe, FIFO or device is read to its end in
    /// pieces, still refused past `maxBytes`.
    ///
    /// - Parameters:
    ///   - path: the file, `-` for standard input.
    ///   - maxBytes: refuse files larger than this (default 4 GiB) before reading.
    ///   - requiringRegularFile: for files found in a tree, and outputs compared before they
    ///     are replaced: anything but a regular file is refused before a byte is read. The file
    ///     is opened without waiting (`O_NONBLOCK`, so a FIFO without a writer cannot block the
    ///     open) and checked; a FIFO, socket or device is an error saying so. Without it (the
    ///     default), a FIFO or stream the user named is read to its end.
    public static func read(_ path: String, maxBytes: Int = 4 << 30, requiringRegularFile: Bool = false) throws(FileError) -> [UInt8] {
        let descriptor: Int32
        if requiringRegularFile {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        } else if let stream = streamDescriptor(path, forWriting: false) {
            descriptor = dup(stream)
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: errorText()) }
        defer { close(descriptor) }
        if requiringRegularFile {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, reason: errorText()) }
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotRead(path: path, reason: "it is a directory") }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw .cannotRead(path: path, reason: "it is a FIFO, socket or device, not a regular file, and is never opened for reading")
            }
        }
        return try read(descriptor: descriptor, path: path, maxBytes: maxBytes)
    }

    /// Reads everything from the open file `descriptor` (whole regular files at once, streams in
    /// pieces), refusing more than `maxBytes`; `path` names it in messages. The caller closes it.
    public static func read(descriptor: Int32, path: String, maxBytes: Int = 4 << 30) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, reason: errorText()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotRead(path: path, reason: "it is a directory") }
        if (info.st_mode & S_IFMT) != S_IFREG { return try readStream(descriptor, path: path, maxBytes: maxBytes) }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw .cannotRead(path: path, reason: "file is \(size) bytes, over the \(maxBytes)-byte limit") }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        var failure: String?
        bytes.withUnsafeMutableBytes { buffer in
            while total < size {
                let count = systemRead(descriptor, buffer.baseAddress! + total, size - total)
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

    /// Everything `descriptor` yields until its end, in 64 KiB reads.
    private static func readStream(_ descriptor: Int32, path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: errorText())
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maxBytes else {
                throw .cannotRead(path: path, reason: "the stream is over the \(maxBytes)-byte limit")
            }
            bytes += chunk[0..<count]
        }
    }

    /// Writes `bytes` to `path` atomically: a temporary file beside it, `fsync`, then `rename`.
    ///
    /// On any failure the temporary file is removed and an existing file at `path` is untouched.
    /// A symbolic link at `path` is replaced, never written through, unless `followingLinks`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, followingLinks: Bool = false) throws(FileError) {
        let file = try AtomicFile(path: path, followingLinks: followingLinks)
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

    /// The size in bytes and the modification time (seconds since 1970, with the file system's
    /// fraction) of the file at `path` (links followed), or `nil` when nothing is there.
    public static func sizeAndModificationTime(of path: String) -> (size: Int, modified: Double)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return (Int(info.st_size), Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// What tells whether the file or folder at `path` changed: its size, modification time
    /// (seconds and nanoseconds) and inode number (links followed); empty when nothing is there.
    /// A folder's changes when an entry is added, removed or renamed.
    public static func fingerprint(of path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return [Int(info.st_size), Int(time.tv_sec), Int(time.tv_nsec), Int(info.st_ino)]
    }

    /// Whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in the folder at `path` (not `.` and `..`), in the order the system lists them;
    /// `nil` when it is no folder or cannot be read. `visibleOnly` leaves out names starting
    /// with a dot; `sorted` sorts them.
    public static func names(in path: String, visibleOnly: Bool = false, sorted: Bool = false) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || (visibleOnly && name.hasPrefix(".")) { continue }
            names.append(name)
        }
        return sorted ? names.sorted() : names
    }

    /// Removes the file or folder at `path` and, for a folder, everything in it; symbolic links
    /// are removed, never followed. Stops at 64 levels. Returns whether `path` is gone.
    @discardableResult
    public static func removeTree(_ path: String) -> Bool { removeTree(path, depth: 0) }

    private static func removeTree(_ path: String, depth: Int) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return unlink(path) == 0 }
        guard depth < 64 else { return false }
        for name in names(in: path) ?? [] { _ = removeTree(path + "/" + name, depth: depth + 1) }
        return rmdir(path) == 0
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

    /// The already-open descriptor a path names: `-` is standard output when writing (standard
    /// input when reading), and `/dev/stdout`, `/dev/stderr`, `/dev/stdin`, `/dev/fd/N` and
    /// `/proc/self/fd/N` are the descriptors they name. `nil` for any other path.
    public static func streamDescriptor(_ path: String, forWriting: Bool) -> Int32? {
        switch path {
        case "-": return forWriting ? 1 : 0
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let number = Int32(path.dropFirst(prefix.count)), number >= 0 { return number }
            }
            return nil
        }
    }

    /// Whether `path` (links followed) is a regular file.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The canonical path of `path`, every link resolved (`realpath`), or `nil` when it cannot be.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path`, its links resolved, lies inside the folder whose canonical path is `root`.
    public static func leads(_ path: String, inside root: String) -> Bool {
        guard let real = realPath(path) else { return false }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Whether `path` is a symbolic link (not followed).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether `path` (links followed, unless `followingLinks` is `false`) is a character or
    /// block device, a FIFO or a socket: something to write into directly, never to replace.
    public static func isSpecialFile(_ path: String, followingLinks: Bool = true) -> Bool {
        var info = stat()
        let found = followingLinks ? stat(path, &info) : lstat(path, &info)
        return found == 0 && AtomicFile.isSpecial(info.st_mode)
    }

    /// The path a write to `path` should replace: `path` itself, or when it is a symbolic link,
    /// the end of its chain of links (each relative target taken from its link's folder; at
    /// most 40 links, as the kernel allows). The target need not exist.
    public static func linkTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: 4097)
            let length = readlink(current, &buffer, 4096)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : parentDirectory(of: current) + "/" + target
        }
        return current
    }

    /// The system's text for the current `errno`.
    public static func errorText() -> String { String(cString: strerror(errno)) }
}
