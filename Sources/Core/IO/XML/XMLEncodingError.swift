/// Why an XML document's bytes are not text Ninepipe reads: it reads XML as UTF-8 only (UTF-16
/// with a byte-order mark is transcoded first), because every check made before the parser runs
/// looks at UTF-8 text, and a parser that decoded another encoding would see a document those
/// checks never saw.
public enum XMLEncodingError: NinepipeError, Hashable {
    /// The XML declaration names an encoding other than UTF-8 (`encoding="UTF-7"`), cut to a short
    /// length.
    case declared(String)
    /// The bytes are UTF-16 or UTF-32 without a byte-order mark, or UTF-32 with one.
    case unsupported(String)
    /// The byte at `offset` (counted from 0) on `line` starts no UTF-8 character.
    case invalidUTF8(offset: Int, line: Int)
    /// A UTF-16 document (with a byte-order mark) has an unpaired surrogate at byte `offset`.
    case invalidUTF16(offset: Int)
    /// The document holds the character U+0000 at byte `offset`, which XML never allows.
    case nul(offset: Int, line: Int)

    /// The line the problem is on, counted from 1, when known.
    public var line: Int? {
        switch self {
        case .declared: 1
        case .invalidUTF8(_, let line), .nul(_, let line): line
        case .unsupported, .invalidUTF16: nil
        }
    }

    /// The reason, without the line.
    public var reason: String {
        let remedy = "Ninepipe reads XML as UTF-8 only (or UTF-16 with a byte-order mark): save it as UTF-8"
        return switch self {
        case .declared(let name): "the XML declaration says encoding=\"\(name)\"; \(remedy)"
        case .unsupported(let what): "the document is \(what); \(remedy)"
        case .invalidUTF8(let offset, _): "byte \(offset) is not UTF-8 text; \(remedy)"
        case .invalidUTF16(let offset): "byte \(offset) is half of a UTF-16 surrogate pair; save it as UTF-8"
        case .nul(let offset, _): "byte \(offset) is a NUL character, which XML does not allow; save it as UTF-8 text"
        }
    }

    /// The message: `line N: ` when the line is known, then the reason.
    public var description: String { (line.map { "line \($0): " } ?? "") + reason }
}
