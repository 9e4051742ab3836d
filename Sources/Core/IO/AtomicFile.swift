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
/// - A symbolic link: its target is replaced atomically (the chain is followed, relative
///   targets from the link's folder); the link stays a link.
/// - Anything else: atomically, through the temporary.
public final class AtomicFile {
    /// The destination path as given.
    public let path: String
    /// Where the temporary is renamed to (the link's target for a link); `nil` when direct.
    private let finalPath: String?
    private let temporaryPath: String?
    private var descriptor: Int32
    private var finished = false

    /// The longest file name (bytes) Linux and macOS file systems accept.
    static let nameLimit = 255
    /// What a temporary name adds around the destination's name: `.` and `.ninepipe-XXXXXX`.
    static let temporaryAffixLength = 1 + ".ninepipe-".utf8.count + 6

    /// Whether this file is written straight to its destination (a stream or a device).
    public var isDirect: Bool { temporaryPath == nil }

    /// Creates the temporary file (or opens the stream) for `path`.
    public init(path: String) throws(FileError) {
        self.path = path
        // A stream or device is written straight through one descriptor: a copy of the
        // stream's, or the device opened by name.
        let stream = FileIO.streamDescriptor(path, forWriting: true)
        if stream != nil || FileIO.isSpecialFile(path) {
            let descriptor = stream.map { dup($0) } ?? open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: FileIO.errorText()) }
            self.descriptor = descriptor
            self.finalPath = nil
            self.temporaryPath = nil
            return
        }
        let target = FileIO.linkTarget(of: path)
        let directory = FileIO.parentDirectory(of: target)
        let stem = Self.truncated(FileIO.baseName(of: target), toBytes: Self.nameLimit - Self.temporaryAffixLength)
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        for _ in 0..<64 {
            let suffix = String(decoding: (0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            let candidate = "\(directory)/.\(stem).ninepipe-\(suffix)"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                var existing = stat()
                if stat(target, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG {
                    fchmod(descriptor, existing.st_mode & 0o777)
                }
                self.descriptor = descriptor
                self.finalPath = target
                self.temporaryPath = candidate
                return
            }
            if errno != EEXIST { break }
        }
        throw .cannotWrite(path: path, reason: FileIO.errorText())
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
        guard let temporaryPath, let finalPath else {
            if close(descriptor) != 0 { failure = FileIO.errorText() }
            descriptor = -1
            finished = true
            if let failure { throw .cannotWrite(path: path, reason: failure) }
            return
        }
        if fsync(descriptor) != 0 { failure = FileIO.errorText() }
        if close(descriptor) != 0 && failure == nil { failure = FileIO.errorText() }
        descriptor = -1
        if failure == nil && rename(temporaryPath, finalPath) != 0 { failure = FileIO.errorText() }
        finished = true
        if let failure {
            unlink(temporaryPath)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Discards the temporary file; the destination is untouched (a direct destination keeps
    /// what was already written to it).
    public func abort() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        if let temporaryPath { unlink(temporaryPath) }
    }
}
