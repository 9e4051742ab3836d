#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NinepipeCore

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

    /// Any path the process can reach (the command-line default).
    public static let unrestricted = FilePolicy(rule: .unrestricted)
    /// No file access: `load` and `save` fail with ``PolicyError/filesForbidden(path:)``.
    public static let noFiles = FilePolicy(rule: .noFiles)

    /// Only files inside `directory`: relative paths are taken from it, and a path that leaves it
    /// (through `..`, an absolute path elsewhere, or a symbolic link pointing outside) is refused.
    public static func rooted(at directory: String) -> FilePolicy { FilePolicy(rule: .rooted(directory)) }

    /// Whether `load`/`save` may touch files at all.
    public var allowsFiles: Bool { rule != .noFiles }

    /// The path to open for `path`, or an error when the policy refuses it.
    ///
    /// For a rooted policy the real location is checked after resolving every symbolic link: the
    /// file itself when reading, the directory of what a save replaces when writing (a link's
    /// target, since a save through a link writes its target).
    func resolve(_ path: String, forWriting: Bool) throws(PolicyError) -> String {
        switch rule {
        case .unrestricted:
            return path
        case .noFiles:
            throw .filesForbidden(path: path)
        case .rooted(let directory):
            guard let root = Self.realPath(directory) else { throw .rootMissing(root: directory) }
            var joined = path.hasPrefix("/") ? path : root + "/" + path
            // An absolute path spelled through the root as given (not its real path) is inside too.
            if let given = Self.normalized(directory.hasPrefix("/") ? directory : Self.realPath(".").map { $0 + "/" + directory } ?? directory),
               given != root, let lexical = Self.normalized(joined), Self.isInside(lexical, root: given) {
                joined = root + lexical.dropFirst(given.count)
            }
            guard let lexical = Self.normalized(joined), Self.isInside(lexical, root: root) else {
                throw .outsideRoot(path: path, root: directory)
            }
            if forWriting {
                // A save through a link replaces the link's target: that is what must be inside.
                let parent = FileIO.parentDirectory(of: FileIO.linkTarget(of: lexical))
                // A missing directory is the save's own error to report; only existing ones can escape.
                if let real = Self.realPath(parent), !Self.isInside(real, root: root) {
                    throw .outsideRoot(path: path, root: directory)
                }
            } else if let real = Self.realPath(lexical), !Self.isInside(real, root: root) {
                throw .outsideRoot(path: path, root: directory)
            }
            return lexical
        }
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

/// A file access the embedding tool's ``FilePolicy`` refused.
public enum PolicyError: NinepipeError, Hashable {
    /// The policy forbids file access.
    case filesForbidden(path: String)
    /// The path leads outside the policy's root directory.
    case outsideRoot(path: String, root: String)
    /// The policy's root directory does not exist.
    case rootMissing(root: String)

    /// The message.
    public var description: String {
        switch self {
        case .filesForbidden(let path): "\(path): file access is disabled by the host's policy"
        case .outsideRoot(let path, let root): "\(path): outside the directory this host allows (\(root)); use a path inside it, without '..' or links that lead out"
        case .rootMissing(let root): "the host's file root \(root) does not exist"
        }
    }
}
