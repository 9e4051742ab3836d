/// Why a GIF could not be decoded: giflib's reason and how far it had read.
public enum GIFError: RemediableError, Hashable {
    /// The data is damaged, truncated or not a GIF.
    case corrupt(String)
    /// Frame `frame` (1-based) of `count` cannot be decoded, though the frames before it could.
    case damagedFrame(frame: Int, count: Int)
    /// A GIF could not be written.
    case writeFailed(String)

    /// What is wrong.
    public var problem: String {
        switch self {
        case .corrupt(let reason): "corrupt GIF: \(reason); the file is damaged or truncated: re-export or re-download it"
        case .damagedFrame(let frame, let count):
            "corrupt GIF: frame \(frame) of \(count) cannot be decoded: its image data is damaged"
        case .writeFailed(let reason): "cannot write GIF: \(reason)"
        }
    }

    /// Reading the first frame, when a later one is damaged.
    public var remedy: Remedy? {
        if case .damagedFrame = self { return .readFirstFrame }
        return nil
    }

    /// giflib's error `code`, with the byte offset it had read to.
    init(code: Int32, offset: Int) {
        let reason: String =
            switch code {
            case 102: "the data ends early"
            case 103: "not a GIF file (no GIF87a/GIF89a signature)"
            case 104: "the logical screen descriptor is damaged"
            case 105: "an image descriptor is damaged"
            case 106: "an image has no colour table"
            case 107: "a record of an unknown kind"
            case 108: "an image's data is larger than the image"
            case 109: "giflib ran out of memory"
            case 111: "the image data cannot be read"
            case 112: "the image data is damaged"
            case 113: "the image data ends early"
            default: "giflib error \(code)"
            }
        self = .corrupt("\(reason) (at byte \(offset))")
    }
}
