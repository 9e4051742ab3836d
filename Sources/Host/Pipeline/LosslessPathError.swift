import NinepipeCore

/// A pipeline saved with `lossless=always` cannot take the lossless path.
public struct LosslessPathError: NinepipeError {
    /// Why not.
    public var reason: String

    /// The message.
    public var description: String {
        "lossless=always cannot be honoured: \(reason); remove lossless=always to decode and encode again"
    }
}
