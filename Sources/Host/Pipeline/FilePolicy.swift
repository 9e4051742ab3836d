import NinepipeCore

/// Which files a pipeline's `load` and `save` steps may touch.
public struct FilePolicy: Sendable, Hashable {
    /// Whether `load`/`save` may touch files at all.
    public var allowsFiles: Bool

    /// Any path the process can reach (the command-line default).
    public static let unrestricted = FilePolicy(allowsFiles: true)
    /// No file access: pipelines must not contain `load` or `save`.
    public static let noFiles = FilePolicy(allowsFiles: false)

    /// The path to use for `path`, or an error when the policy refuses it.
    func resolve(_ path: String, forWriting: Bool) throws(PolicyError) -> String {
        guard allowsFiles else { throw .filesForbidden(path: path) }
        return path
    }
}

/// A file access the embedding tool's ``FilePolicy`` refused.
public enum PolicyError: NinepipeError, Hashable {
    /// The policy forbids file access.
    case filesForbidden(path: String)

    /// The message.
    public var description: String {
        switch self {
        case .filesForbidden(let path): "\(path): file access is disabled by the host's policy"
        }
    }
}
