import NinepipeCore

/// An app icon that cannot be made: none found, a layer the tree does not hold, a source too
/// small. The command line reports ``isUsageError`` ones (what was asked) with exit 2, the rest
/// (what the inputs hold) with exit 1.
public enum AppIconError: NinepipeError, Hashable {
    /// No launcher icon in the inputs: `looked` says where the search went.
    case notFound(inputs: String, looked: String)
    /// The manifest names an icon the tree does not have, or cannot be read.
    case manifest(path: String, reason: String)
    /// A layer that cannot be drawn: the file (and line) and why.
    case layer(path: String, line: Int, reason: String)
    /// A source image smaller than the icon needs, and enlarging is off.
    case tooSmall(path: String, size: String, needed: String)
    /// Several inputs where one icon source is needed.
    case severalSources(first: String, second: String)
    /// An Android target needs a master image: a `res/` tree already holds Android's icons.
    case masterNeeded(input: String)
    /// A target that writes no app icons (one a tool defined).
    case noIcons(target: String)

    /// Whether what was asked is at fault rather than what the inputs hold.
    public var isUsageError: Bool {
        switch self {
        case .severalSources, .masterNeeded, .noIcons: true
        default: false
        }
    }

    /// The message.
    public var description: String {
        switch self {
        case .notFound(let inputs, let looked):
            "no launcher icon in \(inputs) (\(looked)); give the res/ folder whose ../AndroidManifest.xml names it, the manifest itself, or one master image (SVG, vector drawable, or a PNG of at least 1024×1024)"
        case .manifest(let path, let reason): "\(path): \(reason)"
        case .layer(let path, let line, let reason): "\(path)\(line > 0 ? ":\(line)" : ""): \(reason)"
        case .tooSmall(let path, let size, let needed):
            "\(path): \(size) is smaller than the \(needed) the icon needs; give a larger source, or allow upscaling to enlarge it"
        case .severalSources(let first, let second):
            "\(first) and \(second) are both icon sources; give one res/ folder or one master image"
        case .masterNeeded(let input):
            "\(input) already holds Android launcher icons; the Android target makes them from one master image (SVG, vector drawable, or a PNG of at least 1024×1024)"
        case .noIcons(let target): "the \(target) target writes no app icons"
        }
    }
}
