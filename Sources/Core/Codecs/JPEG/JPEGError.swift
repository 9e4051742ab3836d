/// Why a JPEG could not be decoded or encoded. The text after the colon is libjpeg's own.
public enum JPEGError: NinepipeError, Hashable {
    /// libjpeg refused the data.
    case corrupt(String)
    /// The entropy-coded data ends early or is damaged.
    case truncated(String)
    /// A colour space Ninepipe cannot convert.
    case unsupportedColorSpace(String)
    /// Encoding failed.
    case encodingFailed(String)

    /// The message.
    public var description: String {
        switch self {
        case .corrupt(let message):
            return "corrupt JPEG: \(message); the file is damaged or not a JPEG: re-export or re-download it"
        case .truncated(let message):
            return "corrupt JPEG: \(message); the file is truncated or damaged: re-export or re-download it"
        case .unsupportedColorSpace(let name):
            return "unsupported JPEG colour space \(name)"
        case .encodingFailed(let message):
            return "JPEG encoding failed: \(message)"
        }
    }
}
