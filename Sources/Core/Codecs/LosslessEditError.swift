/// Why a file could not be turned or cropped without decoding it.
public enum LosslessEditError: RemediableError, Hashable {
    /// No codec in this build edits the format losslessly.
    case unavailable
    /// The file cannot be edited so (`reason` says why: a JPEG without DCT coefficients).
    case unsupported(String)
    /// The result would differ from the exact geometry asked (`differences` says how) and
    /// trimming was not allowed.
    case notExact(String)
    /// The crop keeps nothing that whole blocks can give.
    case nothingKept(requested: PixelRect, blockWidth: Int, blockHeight: Int)
    /// The codec's library refused the data (its message).
    case failed(String)

    /// What is wrong.
    public var problem: String {
        switch self {
        case .unavailable:
            "this build has no lossless editor for the format"
        case .unsupported(let reason):
            "no lossless edit: \(reason)"
        case .notExact(let differences):
            "no exact lossless edit: it would have \(differences)"
        case .nothingKept(let requested, let blockWidth, let blockHeight):
            "no lossless edit: the crop \(requested.width)×\(requested.height) at \(requested.x),\(requested.y) keeps no part of the picture that whole \(blockWidth)×\(blockHeight) blocks can give"
        case .failed(let message):
            "corrupt file: \(message); the file is damaged: re-export or re-download it"
        }
    }

    /// Decoding and encoding, when no lossless editor exists.
    public var remedy: Remedy? { self == .unavailable ? .decodeAndEncode : nil }
}
