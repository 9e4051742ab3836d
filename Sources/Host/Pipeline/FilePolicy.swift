import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files a pipeline's `load` and `save` steps may touch: anything, nothing, or only what
/// lies inside one directory.
///
/// ```swift
/// let runner = PipelineRunner(policy: .rooted(at: "/srv/uploads"))   // "a.png" means /srv/uploads/a.png
/// ```
public struct FilePolicy: Sendable, Hashable {
    private enum Rule: Sendable, Hashable {
        case unrestricted
        case noFiles
        case rooted(String)
    }

    private let rule: Rule

    /// Whether a save onto a symbolic link writes the link's target (keeping the link) instead of
    /// replacing the link itself (default `false`: a link planted in an output folder cannot
    /// redirect a write; the command line sets it with its follow-output-links option). A rooted policy's
    /// target must lie inside the root either way.
    public var followsOutputLinks = false

    /// Any path the process can reach (the command-line default).
    public static let unrestricted = FilePolicy(rule: .unrestricted)
    /// No file access: `load` and `save` fail with ``PolicyError/filesForbidden(path:)``.
    public static let noFiles = FilePolicy(rule: .noFiles)

    /// Only files inside `directory`: relative paths are taken from it, and a path that leaves it
    /// (through `..`, an absolute path elsewhere, or a symbolic link pointing outside) is refused.
    ///
    /// Files are opened by walking from the directory with `openat` and `O_NOFOLLOW`, checking
    /// each link as it is met, so a link swapped into the path during a run cannot escape.
    public static func rooted(at directory: String) -> FilePolicy { FilePolicy(rule: .rooted(directory)) }

    /// Whether `load`/`save` may touch files at all.
    public var allowsFiles: Bool { rule != .noFiles }

    /// Reads the whole file at `path`, as the policy allows.
    ///
    /// A rooted policy opens it by walking from the root one component at a time (see
    /// ``RootedWalk``), so no link, however it changes during the run, leads the read outside.
    func read(_ path: String, maxBytes: Int = 4 << 30) throws -> [UInt8] {
        guard let walk = try walk(for: path) else { return try FileIO.read(path, maxBytes: maxBytes) }
        return try walk.read(maxBytes: maxBytes)
    }

    /// Opens the regular file at `path` for reading by position, as the policy allows; `nil` for
    /// standard input, pipes and devices (which are read whole with ``read(_:maxBytes:)``).
    func openFile(_ path: String) throws -> FileBytes? {
        if FileIO.streamDescriptor(path, forWriting: false) != nil { return nil }
        let descriptor: Int32
        if let walk = try walk(for: path) {
            descriptor = try walk.openForReading()
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileError.cannotRead(path: path, reason: FileIO.errorText()) }
        }
        guard let file = FileBytes(descriptor: descriptor, path: path) else {
            close(descriptor)
            return nil
        }
        return file
    }

    /// Opens `path` for an atomic write, as the policy allows: a link at `path` is replaced, or
    /// with ``followsOutputLinks`` its target is (for a rooted policy, a target inside the root).
    func createFile(_ path: String) throws -> AtomicFile {
        guard let walk = try walk(for: path) else { return try AtomicFile(path: path, followingLinks: followsOutputLinks) }
        return try walk.createFile(followingFinalLink: followsOutputLinks)
    }

    /// Creates the missing folders above `path` (`mkdir -p` of its directory), as the policy allows.
    func createParentDirectories(of path: String) throws {
        guard let walk = try walk(for: path) else { return try Self.createParentDirectories(of: path) }
        try walk.createParentDirectories()
    }

    /// `mkdir -p` for the directory of `path`.
    static func createParentDirectories(of path: String) throws {
        let parent = FileIO.parentDirectory(of: path)
        guard !FileIO.isDirectory(parent) else { return }
        try createParentDirectories(of: parent)
        if mkdir(parent, 0o777) != 0 && errno != EEXIST {
            throw FileError.cannotWrite(path: path, reason: "cannot create the folder \(parent): \(String(cString: strerror(errno)))")
        }
    }

    /// The walk that reaches `path` inside a rooted policy's directory; `nil` when the policy is
    /// unrestricted. Refuses what lies outside the root as spelled (`..`, another absolute path);
    /// links are followed, and checked, by the walk itself.
    private func walk(for path: String) throws(PolicyError) -> RootedWalk? {
        switch rule {
        case .unrestricted:
            return nil
        case .noFiles:
            throw .filesForbidden(path: path)
        case .rooted(let directory):
            guard let root = Self.realPath(directory) else { throw .rootMissing(root: directory) }
            var joined = path.hasPrefix("/") ? path : root + "/" + path
            // An absolute path spelled through the root as given (not its real path) is inside too.
            if let given = Self.normalized(directory.hasPrefix("/") ? directory : Self.realPath(".").map { $0 + "/" + directory } ?? directory),
                given != root, let lexical = Self.normalized(joined), Self.isInside(lexical, root: given)
            {
                joined = root + lexical.dropFirst(given.count)
            }
            guard let lexical = Self.normalized(joined), Self.isInside(lexical, root: root) else {
                throw .outsideRoot(path: path, root: directory)
            }
            return RootedWalk(root: root, shownRoot: directory, path: path, components: Self.components(of: lexical, under: root))
        }
    }

    /// The components of `path` below `root` (which `path` lies inside).
    static func components(of path: String, under root: String) -> [String] {
        path.dropFirst(root == "/" ? 0 : root.count).split(separator: "/").map(String.init)
    }

    /// `path` with `.` and `..` removed, or `nil` when `..` climbs above `/`.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func isInside(_ path: String, root: String) -> Bool {
        path == root || root == "/" || path.hasPrefix(root + "/")
    }

    /// The canonical absolute path with every symbolic link resolved, or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
