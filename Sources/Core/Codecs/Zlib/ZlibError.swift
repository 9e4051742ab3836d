/// A zlib failure, with zlib's own message.
public struct ZlibError: NinepipeError, Hashable {
    /// zlib's return code.
    public var code: Int32
    /// zlib's message, or a description of the code.
    public var message: String

    /// The message.
    public var description: String { "zlib error \(code): \(message)" }
}
