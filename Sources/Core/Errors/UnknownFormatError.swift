/// The bytes start with no signature Ninepipe knows.
public struct UnknownFormatError: NinepipeError, Hashable {
    /// The first bytes in hex, for the message.
    public var firstBytes: String
    /// The names of the formats the registry that looked reads (`PNG`, `JPEG`), for the message.
    public var readableFormats: [String]

    /// Creates the error.
    public init(firstBytes: String, readableFormats: [String]) {
        self.firstBytes = firstBytes
        self.readableFormats = readableFormats
    }

    /// The message.
    public var description: String {
        let formats = readableFormats
        func listed(_ last: String) -> String {
            formats.dropLast().joined(separator: ", ") + (formats.count > 1 ? " \(last) " : "") + (formats.last ?? "")
        }
        return "not a \(listed("or")) file (first bytes: \(firstBytes.isEmpty ? "none, the file is empty" : firstBytes)); Ninepipe reads \(listed("and"))"
    }
}
