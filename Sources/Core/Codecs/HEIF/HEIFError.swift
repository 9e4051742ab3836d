/// Why a HEIC or AVIF could not be decoded or encoded. The text is libheif's own.
public enum HEIFError: NinepipeError, Hashable {
    /// libheif refused the data.
    case corrupt(String)
    /// The file uses something this libheif cannot decode (a codec plugin that is missing).
    case unsupported(String)
    /// Encoding failed.
    case encodingFailed(String)

    /// The message.
    public var description: String {
        switch self {
        case .corrupt(let message): "corrupt HEIF: \(message); the file is damaged or truncated: re-export or re-download it"
        case .unsupported(let message): "unsupported HEIF: \(message); libheif on this machine cannot decode it"
        case .encodingFailed(let message): "HEIF encoding failed: \(message)"
        }
    }
}
