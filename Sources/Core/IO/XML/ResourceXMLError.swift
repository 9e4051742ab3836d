/// Why an XML document could not be read: the line, when known, and the reason.
public struct ResourceXMLError: NinepipeError, Hashable {
    /// The line, counted from 1.
    public var line: Int?
    /// What is wrong.
    public var reason: String

    /// The message.
    public var description: String { (line.map { "line \($0): " } ?? "") + reason }
}
