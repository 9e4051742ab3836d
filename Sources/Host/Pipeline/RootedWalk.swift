import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The way a rooted ``FilePolicy`` reaches a file: from the root directory's descriptor, one
/// component at a time with `openat(…, O_NOFOLLOW)`, reading each symbolic link it meets and
/// checking where it leads before going on.
///
/// Nothing is opened by a path string that the kernel resolves on its own, so there is no window
/// between checking a path and using it: a link swapped into the path mid-run is met by the walk
/// (the `O_NOFOLLOW` open fails and the component is examined again) and refused when it leads out.
struct RootedWalk {
    /// The root's real path (every link resolved).
    let root: String
    /// The root as the host gave it, for messages.
    let shownRoot: String
    /// The path as the pipeline gave it, for messages.
    let path: String
    /// The components below the root, without `.` or `..`.
    let components: [String]

    /// The most links one walk follows, as the kernel allows.
    static let linkLimit = 40

    #if os(Linux)
    /// Directories are opened only to walk through: `O_PATH` needs no read permission. (Glibc's
    /// module leaves the constant out; its value is the same on every architecture Swift runs on.)
    private static let directoryFlags = 0o10000000 | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #else
    private static let directoryFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #endif

    /// Reads the file (links followed inside the root).
    func read(maxBytes: Int) throws -> [UInt8] {
        let file = try openForReading()
        defer { close(file) }
        return try FileIO.read(descriptor: file, path: path, maxBytes: maxBytes)
    }

    /// Opens the file for reading (links followed inside the root); the caller closes it.
    func openForReading() throws -> Int32 {
        for _ in 0..<Self.linkLimit {
            let (directory, name) = try parent(createsDirectories: false, forWriting: false)
            defer { close(directory) }
            let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if file < 0 {
                // A link put there after the walk looked: walk again, and check it.
                if errno == ELOOP { continue }
                throw FileError.cannotRead(path: path, reason: FileIO.errorText())
            }
            return file
        }
        throw FileError.cannotRead(path: path, reason: "it kept changing into a symbolic link while being opened")
    }

    /// The atomic writer for the file (a link at the end is followed: its target is replaced).
    func createFile(followingFinalLink: Bool) throws -> AtomicFile {
        let (directory, name) = try parent(createsDirectories: false, forWriting: true, followsFinalLink: followingFinalLink)
        defer { close(directory) }
        return try AtomicFile(directory: directory, name: name, path: path)
    }

    /// Creates the folders above the file that do not exist yet.
    func createParentDirectories() throws {
        let (directory, _) = try parent(createsDirectories: true, forWriting: true)
        close(directory)
    }

    /// Walks to the directory holding the last component and returns its descriptor (the caller
    /// closes it) and the last name, every link on the way (and at the end) followed and checked.
    private func parent(createsDirectories: Bool, forWriting: Bool, followsFinalLink: Bool = true) throws -> (directory: Int32, name: String) {
        let rootDescriptor = open(root, Self.directoryFlags)
        guard rootDescriptor >= 0 else { throw PolicyError.rootMissing(root: shownRoot) }
        var opened = [rootDescriptor]
        var kept: Int32 = -1
        defer { for descriptor in opened where descriptor != kept { close(descriptor) } }
        var pending = Array(components.reversed())
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                guard opened.count > 1 else { throw PolicyError.outsideRoot(path: path, root: shownRoot) }
                close(opened.removeLast())
                continue
            }
            let current = opened[opened.count - 1]
            var info = stat()
            let exists = fstatat(current, component, &info, AT_SYMLINK_NOFOLLOW) == 0
            let missing = exists ? 0 : errno
            // A link as the file written is replaced, not followed, unless asked.
            if exists && (info.st_mode & S_IFMT) == S_IFLNK && (followsFinalLink || !pending.isEmpty) {
                links += 1
                guard links <= Self.linkLimit else { throw failure("too many levels of symbolic links", forWriting) }
                let target = try linkTarget(current, component, forWriting)
                if target.hasPrefix("/") {
                    guard let normalized = FilePolicy.normalized(target), FilePolicy.isInside(normalized, root: root) else {
                        throw PolicyError.outsideRoot(path: path, root: shownRoot)
                    }
                    while opened.count > 1 { close(opened.removeLast()) }
                    pending += FilePolicy.components(of: normalized, under: root).reversed()
                } else {
                    pending += target.split(separator: "/").map(String.init).reversed()
                }
                continue
            }
            if pending.isEmpty {
                kept = current
                return (current, component)
            }
            if !exists {
                guard createsDirectories, missing == ENOENT else { throw failure(String(cString: strerror(missing)), forWriting) }
                if mkdirat(current, component, 0o777) != 0 && errno != EEXIST {
                    throw failure("cannot create the folder \(component): \(FileIO.errorText())", forWriting)
                }
            }
            let next = openat(current, component, Self.directoryFlags)
            guard next >= 0 else {
                let reason = FileIO.errorText()
                // A link swapped in after the check: examine the component again.
                var again = stat()
                if fstatat(current, component, &again, AT_SYMLINK_NOFOLLOW) == 0 && (again.st_mode & S_IFMT) == S_IFLNK {
                    pending.append(component)
                    continue
                }
                throw failure(reason, forWriting)
            }
            opened.append(next)
        }
        throw failure("it is a directory", forWriting)
    }

    /// The text of the link `name` in `directory`.
    private func linkTarget(_ directory: Int32, _ name: String, _ forWriting: Bool) throws -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlinkat(directory, name, &buffer, 4096)
        guard length > 0 else { throw failure(FileIO.errorText(), forWriting) }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func failure(_ reason: String, _ forWriting: Bool) -> FileError {
        forWriting ? .cannotWrite(path: path, reason: reason) : .cannotRead(path: path, reason: reason)
    }
}
