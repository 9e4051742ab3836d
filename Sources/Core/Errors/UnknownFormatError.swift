/// The bytes start with no signature Ninepipe knows.
public struct UnknownFormatError: NinepipeError, Hashable {
    /// The first bytes in hex, for the message.
    public var firstBytes: String

    /// The message.
    public var description: String {
        let formats = ImageFormat.available.map(\.description)
        func listed(_ last: String) -> String {
            formats.dropLast().joined(separator: ", ") + (formats.count > 1 ? " \(last) " : "") + (formats.last ?? "")
        }
        return "not a \(listed("or")) file (first bytes: \(firstBytes.isEmpty ? "none, the file is empty" : firstBytes)); Ninepipe reads \(listed("and"))"
    }
}
