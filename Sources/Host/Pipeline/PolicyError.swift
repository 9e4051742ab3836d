import NinepipeCore

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
        case .outsideRoot(let path, let root):
            "\(path): outside the directory this host allows (\(root)); use a path inside it, without '..' or links that lead out"
        case .rootMissing(let root): "the host's file root \(root) does not exist"
        }
    }
}
