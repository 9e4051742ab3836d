#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A file written through a temporary file beside its destination and renamed into place on ``commit()``.
///
/// Until `commit()` succeeds the destination is untouched; a writer that is released
/// without committing (an error was thrown) removes its temporary file.
///
/// The temporary is created with `open(O_CREAT | O_EXCL, 0666)`, so the kernel applies the
/// process umask: the process-wide umask is never read or changed (changing it to read it is
/// a race between threads that left batch outputs world-writable). Overwriting an existing
/// regular file keeps that file's permission bits. The temporary's name always fits the file
/// system's 255-byte name limit, shortening the destination's name inside it when needed.
///
/// What the destination is decides how it is written:
/// - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, and anything that is a
///   character device, FIFO or socket: written **directly**, in order, with no temporary and
///   no rename (standard output, a pipe, a terminal). A failure cannot be taken back there.
/// - A symbolic link: the link itself is replaced by the new file (renamed over it), as rsync
///   and git do, so a link planted in an output folder never redirects a write outside it.
///   With `followingLinks`, its target is replaced instead (the chain followed, relative
///   targets from the link's folder) and the link stays a link.
/// - Anything else: atomically, through the temporary.
public final class AtomicFile {
    /// The destination path as given.
    public let path: String
    /// The directory the names below are taken from: `AT_FDCWD` for path-based files (the
    /// names are then whole paths), else a descriptor this file owns.
    private let directory: Int32
    /// Where the temporary is renamed to (the link's target for a link); `nil` when direct.
    private let finalName: String?
    private let temporaryName: String?
    private var descriptor: Int32
    private var finished = false

    /// The longest file name (bytes) Linux and macOS file systems accept.
    static let nameLimit = 255
    /// What a temporary name adds around the destination's name at most: `.`, `.ninepipe-`, the
    /// writer's process ID (up to 7 digits: Linux's largest `pid_max`), `-` and 6 random characters.
    static let temporaryAffixLength = 1 + ".ninepipe-".utf8.count + 7 + 1 + 6
    /// A long name's stem ends in `~` and 8 hexadecimal digits of its whole name's hash, so two
    /// names cut to the same prefix never share temporaries.
    static let hashLength = 9

    /// Whether this file is written straight to its destination (a stream or a device).
    public var isDirect: Bool { temporaryName == nil }

    /// Creates the temporary file (or opens the stream) for `path`; a symbolic link at `path` is
    /// replaced, or with `followingLinks` written through (its target replaced).
    public init(path: String, followingLinks: Bool = false) throws(FileError) {
        self.path = path
        self.directory = AT_FDCWD
        // A stream or device is written straight through one descriptor: a copy of the
        // stream's, or the device opened by name (never through a link unless following them).
        let stream = FileIO.streamDescriptor(path, forWriting: true)
        if stream != nil || FileIO.isSpecialFile(path, followingLinks: followingLinks) {
            let descriptor = stream.map { dup($0) } ?? open(path, O_WRONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
            guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: FileIO.errorText()) }
            (self.descriptor, finalName, temporaryName) = (descriptor, nil, nil)
            return
        }
        let target = followingLinks ? FileIO.linkTarget(of: path) : path
        let prefix = FileIO.parentDirectory(of: target) + "/"
        let temporary = try Self.createTemporary(in: AT_FDCWD, prefix: prefix, name: FileIO.baseName(of: target), path: path)
        (descriptor, finalName, temporaryName) = (temporary.descriptor, target, temporary.name)
    }

    /// Creates the temporary file for `name` inside the open directory `directory`, which is
    /// never left: nothing is resolved by path, a link at `name` is replaced (never followed),
    /// and a FIFO, socket or device there is written directly. `path` names the file in
    /// messages. The directory descriptor is copied; the caller keeps its own.
    ///
    /// This is how a rooted host writes: it walks to `directory` itself, one component at a
    /// time, so a link swapped into the path after that walk cannot redirect the write.
    public init(directory: Int32, name: String, path: String) throws(FileError) {
        self.path = path
        let copy = fcntl(directory, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .cannotWrite(path: path, reason: FileIO.errorText()) }
        self.directory = copy
        var existing = stat()
        if fstatat(copy, name, &existing, AT_SYMLINK_NOFOLLOW) == 0, Self.isSpecial(existing.st_mode) {
            let descriptor = openat(copy, name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = FileIO.errorText()
                close(copy)
                throw .cannotWrite(path: path, reason: reason)
            }
            (self.descriptor, finalName, temporaryName) = (descriptor, nil, nil)
            return
        }
        do {
            let temporary = try Self.createTemporary(in: copy, prefix: "", name: name, path: path)
            (descriptor, finalName, temporaryName) = (temporary.descriptor, name, temporary.name)
        } catch {
            close(copy)
            throw error
        }
    }

    /// Creates `.NAME.ninepipe-PID-XXXXXX` (a long name cut and hashed to fit) beside `name` with
    /// `O_CREAT | O_EXCL` and mode 0666, so the kernel applies the umask; an existing regular
    /// file's permission bits are copied onto it.
    private static func createTemporary(
        in directory: Int32, prefix: String, name: String,
        path: String
    ) throws(FileError) -> (descriptor: Int32, name: String) {
        let stem = temporaryStem(name)
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(suffixAlphabet.utf8)
        for _ in 0..<64 {
            let suffix = String(decoding: (0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            let candidate = "\(prefix).\(stem).ninepipe-\(getpid())-\(suffix)"
            let descriptor = openat(directory, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                var existing = stat()
                if fstatat(directory, prefix + name, &existing, 0) == 0 && (existing.st_mode & S_IFMT) == S_IFREG {
                    fchmod(descriptor, existing.st_mode & 0o777)
                }
                return (descriptor, candidate)
            }
            if errno != EEXIST { break }
        }
        throw .cannotWrite(path: path, reason: FileIO.errorText())
    }

    /// The characters of a temporary name's random suffix.
    static let suffixAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

    /// The destination's name as it appears in its temporaries' names: whole when it fits, else
    /// cut and followed by `~` and its hash (FNV-1a, the same in every process).
    static func temporaryStem(_ name: String) -> String {
        let room = nameLimit - temporaryAffixLength
        guard name.utf8.count > room else { return name }
        let hash = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let digits = String(hash, radix: 16)
        return truncated(name, toBytes: room - hashLength) + "~" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Removes the temporaries a killed writer of `path` left beside it, and returns how many it
    /// removed; a batch that resumes calls it before writing `path` again (a process stopped by
    /// SIGKILL cannot clean up). Only what this code creates is removed: a regular file (not a
    /// link) owned by this user, named exactly `.NAME.ninepipe-PID-XXXXXX` for this `path`, whose
    /// writer `PID` is no longer running. The file itself, other files (`.NAME.ninepipe-backup`),
    /// and a running writer's temporary are never touched.
    @discardableResult
    public static func removeLeftovers(of path: String) -> Int {
        let prefix = ".\(temporaryStem(FileIO.baseName(of: path))).ninepipe-"
        let folder = FileIO.parentDirectory(of: path)
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var leftovers: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entryName.hasPrefix(prefix), let writer = writerProcess(ofTemporary: entryName.dropFirst(prefix.count)) else { continue }
            var info = stat()
            guard lstat(folder + "/" + entryName, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            // A writer still running (or a process reusing its ID: kept, to be safe).
            if writer == getpid() || kill(writer, 0) == 0 || errno != ESRCH { continue }
            leftovers.append(entryName)
        }
        return leftovers.filter { unlink(folder + "/" + $0) == 0 }.count
    }

    /// ``removeLeftovers(of:)`` for every file of `folder` at once: the temporaries of any name
    /// there whose writer is gone, by the same rules (a regular file owned by this user, named
    /// `.NAME.ninepipe-PID-XXXXXX`, `PID` no longer running). One pass over the folder, for a
    /// run about to write many files into it; returns how many were removed.
    @discardableResult
    public static func removeLeftovers(inFolder folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var leftovers: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entryName.hasPrefix("."), let marker = entryName.ranges(of: ".ninepipe-").last,
                let writer = writerProcess(ofTemporary: entryName[marker.upperBound...])
            else { continue }
            var info = stat()
            guard lstat(folder + "/" + entryName, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            if writer == getpid() || kill(writer, 0) == 0 || errno != ESRCH { continue }
            leftovers.append(entryName)
        }
        return leftovers.filter { unlink(folder + "/" + $0) == 0 }.count
    }

    /// The process ID in a temporary name's tail `PID-XXXXXX`, or `nil` when the tail is not one
    /// this code writes.
    static func writerProcess(ofTemporary tail: Substring) -> pid_t? {
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...7).contains(parts[0].count), parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber),
            parts[1].utf8.count == 6, parts[1].allSatisfy({ suffixAlphabet.contains($0) }), let pid = pid_t(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// Whether a file mode is a character or block device, a FIFO or a socket.
    static func isSpecial(_ mode: mode_t) -> Bool {
        let kind = mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFBLK || kind == S_IFIFO || kind == S_IFSOCK
    }

    /// `name` cut to at most `limit` UTF-8 bytes, at a Unicode scalar boundary.
    static func truncated(_ name: String, toBytes limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        var scalars = String.UnicodeScalarView()
        var bytes = 0
        for scalar in name.unicodeScalars {
            let size = String(scalar).utf8.count
            if bytes + size > limit { break }
            scalars.append(scalar)
            bytes += size
        }
        return String(scalars)
    }

    deinit { if !finished { abort() } }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = FileIO.errorText()
                abort()
                throw .cannotWrite(path: path, reason: reason)
            }
            written += count
        }
    }

    /// Flushes to disk and renames the temporary file onto the destination (for a direct
    /// destination: closes it).
    public func commit() throws(FileError) {
        var failure: String?
        defer { closeDirectory() }
        guard let temporaryName, let finalName else {
            if close(descriptor) != 0 { failure = FileIO.errorText() }
            descriptor = -1
            finished = true
            if let failure { throw .cannotWrite(path: path, reason: failure) }
            return
        }
        if fsync(descriptor) != 0 { failure = FileIO.errorText() }
        if close(descriptor) != 0 && failure == nil { failure = FileIO.errorText() }
        descriptor = -1
        if failure == nil && renameat(directory, temporaryName, directory, finalName) != 0 { failure = FileIO.errorText() }
        finished = true
        if let failure {
            unlinkat(directory, temporaryName, 0)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Discards the temporary file; the destination is untouched (a direct destination keeps
    /// what was already written to it).
    public func abort() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        if let temporaryName { unlinkat(directory, temporaryName, 0) }
        closeDirectory()
    }

    private func closeDirectory() {
        if directory != AT_FDCWD { close(directory) }
    }
}
