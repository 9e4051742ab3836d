/// A document type declaration (`<!DOCTYPE …>`) found in the prolog of a document's UTF-8 text
/// (see ``XMLText``): where it is and what it holds. Android resources never need one; SVGs
/// carry one for a DTD nobody loads, or for a few plain text entities (Illustrator's namespace
/// names). Ninepipe hands libxml2 no DTD at all: ``blanked(_:)`` removes the declaration
/// after its entities were checked and expanded.
struct XMLDocumentType: Hashable {
    /// The bytes of the whole declaration, `<!DOCTYPE` to its closing `>`.
    var range: Range<Int>
    /// Whether it names an external DTD (`SYSTEM` or `PUBLIC`).
    var hasExternalIdentifier: Bool
    /// The bytes between `[` and `]`, when it has an internal subset.
    var internalSubset: Range<Int>?

    /// The declaration in the prolog of `text`, or `nil` when the prolog has none (or ends
    /// before one could close: libxml2 then refuses the document itself).
    static func find(in text: [UInt8]) -> XMLDocumentType? {
        var index = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < text.count {
            if isSpace(text[index]) {
                index += 1
            } else if starts(text, "<?", at: index) {
                guard let end = search(text, "?>", from: index + 2) else { return nil }
                index = end + 2
            } else if starts(text, "<!--", at: index) {
                guard let end = search(text, "-->", from: index + 4) else { return nil }
                index = end + 3
            } else if starts(text, "<!DOCTYPE", at: index) {
                return declaration(in: text, at: index)
            } else {
                return nil  // the root element, or text libxml2 refuses
            }
        }
        return nil
    }

    /// `text` with the declaration replaced by spaces, its line breaks kept (so every line
    /// number after it stays right).
    func blanked(_ text: [UInt8]) -> [UInt8] {
        var output = text
        for index in range where output[index] != 0x0A && output[index] != 0x0D { output[index] = 0x20 }
        return output
    }

    // MARK: - Scanning

    private static func declaration(in text: [UInt8], at start: Int) -> XMLDocumentType? {
        var index = start + 9
        // The root element's name, then an optional external identifier.
        while index < text.count && isSpace(text[index]) { index += 1 }
        while index < text.count && !isSpace(text[index]) && text[index] != UInt8(ascii: "[") && text[index] != UInt8(ascii: ">") { index += 1 }
        var external = false
        var subset: Range<Int>?
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = text[(index + 1)...].firstIndex(of: byte) else { return nil }
                index = close + 1
            } else if byte == UInt8(ascii: "[") {
                guard let end = subsetEnd(in: text, from: index + 1) else { return nil }
                subset = (index + 1)..<end
                index = end + 1
            } else if byte == UInt8(ascii: ">") {
                return XMLDocumentType(range: start..<(index + 1), hasExternalIdentifier: external, internalSubset: subset)
            } else {
                if starts(text, "SYSTEM", at: index) || starts(text, "PUBLIC", at: index) { external = true }
                index += 1
            }
        }
        return nil
    }

    /// Where the internal subset starting at `start` ends (its `]`): quoted literals, comments
    /// and processing instructions skipped, as a `]` in them does not end it.
    private static func subsetEnd(in text: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "]") { return index }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = text[(index + 1)...].firstIndex(of: byte) else { return nil }
                index = close + 1
            } else if starts(text, "<!--", at: index) {
                guard let end = search(text, "-->", from: index + 4) else { return nil }
                index = end + 3
            } else if starts(text, "<?", at: index) {
                guard let end = search(text, "?>", from: index + 2) else { return nil }
                index = end + 2
            } else {
                index += 1
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func starts(_ text: [UInt8], _ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= text.count else { return false }
        return prefix.withUTF8Buffer { text[index..<(index + count)].elementsEqual($0) }
    }

    private static func search(_ text: [UInt8], _ needle: StaticString, from start: Int) -> Int? {
        guard start < text.count else { return nil }
        return needle.withUTF8Buffer { ByteSearch.firstIndex(of: Array($0), in: text, from: start) }
    }
}
