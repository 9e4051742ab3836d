/// XML documents as the one kind of text Ninepipe checks and parses: UTF-8.
///
/// A check that searches bytes for `<!ENTITY`, `&` or `data:` sees nothing in a document a
/// parser decodes from UTF-7 or UTF-16 (a review hid an external entity that way), so every XML
/// document passes through ``utf8(_:)`` first: UTF-8 (with or without its byte-order mark) is
/// validated, UTF-16 with a byte-order mark is transcoded, and anything else is refused. The
/// checks and the parser then read the same bytes, and the parser is told they are UTF-8.
public enum XMLText {
    /// The most characters of a value from a document that a message quotes.
    public static let quotedLength = 48

    /// `bytes` as UTF-8 text without a byte-order mark; throws ``XMLEncodingError`` for any other
    /// encoding, declared or detected, and for bytes that are not valid UTF-8.
    ///
    /// UTF-16 with a byte-order mark is transcoded, and its declaration's `encoding="UTF-16"`
    /// is blanked (spaces, so lines and columns stay), so that no parser decodes it again.
    public static func utf8(_ bytes: [UInt8]) throws(XMLEncodingError) -> [UInt8] {
        var text: [UInt8]
        var transcoded = false
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            throw .unsupported("UTF-32")
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            text = Array(bytes.dropFirst(3))
        } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            text = try utf16(bytes.dropFirst(2), bigEndian: bytes[0] == 0xFE)
            transcoded = true
        } else {
            text = bytes
        }
        if !transcoded {
            // UTF-16 and UTF-32 without a mark start `<` with NUL bytes beside it (XML 1.0,
            // appendix F); anything else that is not UTF-8 fails validation below.
            if text.count >= 2 && (text[0] == 0 || text[1] == 0) {
                let wide = text.count >= 4 && ((text[0] == 0 && text[1] == 0) || (text[2] == 0 && text[3] == 0))
                throw .unsupported(wide ? "UTF-32" : "UTF-16 without a byte-order mark")
            }
            try validateUTF8(text)
        }
        if let label = declaredEncoding(in: text) {
            let name = String(decoding: text[label], as: UTF8.self)
            let canonical = name.uppercased().filter { $0 != "-" && $0 != "_" }
            let accepted = transcoded ? ["UTF16", "UTF16LE", "UTF16BE", "UTF8"] : ["UTF8", "USASCII", "ASCII"]
            guard accepted.contains(canonical) else { throw .declared(String(name.prefix(quotedLength))) }
            if transcoded { blankEncodingDeclaration(in: &text, label: label) }
        }
        return text
    }

    /// `value` quoted for a message: in double quotes, control characters shown as `\u{…}`, and
    /// cut to ``quotedLength`` characters (marked `…`). Values from a document are quoted this
    /// way, so a message can never carry a whole file's text.
    public static func quoted(_ value: some StringProtocol) -> String {
        var shown = ""
        for character in value.prefix(quotedLength) {
            if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                shown += character.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
            } else {
                shown.append(character)
            }
        }
        return "\"" + shown + (value.count > quotedLength ? "…" : "") + "\""
    }

    /// The line (counted from 1) byte `offset` of `text` is on.
    public static func line(of offset: Int, in text: [UInt8]) -> Int {
        1 + text[..<min(max(offset, 0), text.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    // MARK: - Decoding

    /// UTF-16 code units (after the mark) as UTF-8, unpaired surrogates and NUL refused.
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(XMLEncodingError) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var unit = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                guard scalar.value != 0 else { throw .nul(offset: 2 + unit * 2, line: line(of: output.count, in: output)) }
                output += Array(String(scalar).utf8)
                unit += scalar.value > 0xFFFF ? 2 : 1
            case .emptyInput: break loop
            case .error: throw .invalidUTF16(offset: 2 + unit * 2)
            }
        }
        return output
    }

    /// Throws at the first byte that does not start a valid UTF-8 character (overlong forms,
    /// surrogates and values past U+10FFFF included), and at a NUL.
    private static func validateUTF8(_ text: [UInt8]) throws(XMLEncodingError) {
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 {
                guard lead != 0 else { throw .nul(offset: index, line: line(of: index, in: text)) }
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xED: (length, high) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF4: (length, high) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: throw .invalidUTF8(offset: index, line: line(of: index, in: text))
            }
            guard index + length <= text.count else { throw .invalidUTF8(offset: index, line: line(of: index, in: text)) }
            for position in 1..<length {
                let byte = text[index + position]
                let (minimum, maximum) = position == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= minimum && byte <= maximum else { throw .invalidUTF8(offset: index, line: line(of: index, in: text)) }
            }
            index += length
        }
    }

    // MARK: - The XML declaration

    /// The range of the `encoding` value in the XML declaration at the start of `text`, if it
    /// has one.
    static func declaredEncoding(in text: [UInt8]) -> Range<Int>? {
        let opening = Array("<?xml".utf8)
        guard text.starts(with: opening), text.count > opening.count, isSpace(text[opening.count]) else { return nil }
        let end = min(text.count, 1024)
        var index = opening.count
        let keyword = Array("encoding".utf8)
        while index + keyword.count < end {
            if text[index] == UInt8(ascii: "?") && index + 1 < end && text[index + 1] == UInt8(ascii: ">") { return nil }
            if text[index..<(index + keyword.count)].elementsEqual(keyword) {
                var cursor = index + keyword.count
                while cursor < end && isSpace(text[cursor]) { cursor += 1 }
                guard cursor < end, text[cursor] == UInt8(ascii: "=") else { return nil }
                cursor += 1
                while cursor < end && isSpace(text[cursor]) { cursor += 1 }
                guard cursor < end, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'") else { return nil }
                let quote = text[cursor]
                let start = cursor + 1
                var close = start
                while close < end && text[close] != quote && text[close] != UInt8(ascii: ">") { close += 1 }
                return start..<close
            }
            index += 1
        }
        return nil
    }

    /// Replaces `encoding="…"` (whose value is at `label`) with spaces.
    private static func blankEncodingDeclaration(in text: inout [UInt8], label: Range<Int>) {
        var start = label.lowerBound - 1  // the quote
        while start > 0 && text[start - 1] != UInt8(ascii: "g") { start -= 1 }  // back to "encoding"
        start -= "encoding".utf8.count
        let end = min(text.count, label.upperBound + 1)
        for index in max(start, 0)..<end { text[index] = 0x20 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
