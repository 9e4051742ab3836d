/// Why a WebP could not be decoded or encoded. The reason is libwebp's status, in words.
public enum WebPError: NinepipeError, Hashable {
    /// libwebp refused the data (bad or unsupported bitstream, bad container).
    case corrupt(String)
    /// The data ends before the image does.
    case truncated(String)
    /// Encoding failed.
    case encodingFailed(String)

    /// The message.
    public var description: String {
        switch self {
        case .corrupt(let reason):
            "corrupt WebP: \(reason); the file is damaged or not a WebP: re-export or re-download it"
        case .truncated(let reason):
            "corrupt WebP: \(reason); the file is truncated: re-export or re-download it"
        case .encodingFailed(let reason):
            "WebP encoding failed: \(reason)"
        }
    }
}
