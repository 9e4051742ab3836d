/// Why a JPEG could not be turned or cropped on its coefficients.
public enum JPEGLosslessError: NinepipeError, Hashable {
    /// This build has no TurboJPEG (libturbojpeg0-dev was missing).
    case unavailable
    /// The file is no JPEG with DCT coefficients (`reason` says what it is).
    case unsupported(String)
    /// The result would differ from the exact geometry asked (`differences` says how) and
    /// trimming was not allowed.
    case notExact(String)
    /// The crop keeps no whole block.
    case nothingKept(requested: PixelRect, blockWidth: Int, blockHeight: Int)
    /// TurboJPEG refused the data (its message).
    case failed(String)

    /// The message.
    public var description: String {
        switch self {
        case .unavailable:
            "this ninepipe was built without lossless JPEG transforms: install libturbojpeg0-dev (Homebrew: jpeg-turbo) and build it again"
        case .unsupported(let reason):
            "no lossless JPEG transform: \(reason)"
        case .notExact(let differences):
            "no exact lossless JPEG transform: it would have \(differences)"
        case .nothingKept(let requested, let blockWidth, let blockHeight):
            "no lossless JPEG transform: the crop \(requested.width)×\(requested.height) at \(requested.x),\(requested.y) keeps no part of the picture that whole \(blockWidth)×\(blockHeight) blocks can give"
        case .failed(let message):
            "corrupt JPEG: \(message); the file is damaged: re-export or re-download it"
        }
    }
}
