/// The bytes start with no signature Ninepipe knows.
public struct UnknownFormatError: NinepipeError, Hashable {
    /// The first bytes in hex, for the message.
    public var firstBytes: String

    /// The message.
    public var description: String {
        "not a PNG or JPEG file (first bytes: \(firstBytes.isEmpty ? "none, the file is empty" : firstBytes)); Ninepipe reads PNG and JPEG"
    }
}
