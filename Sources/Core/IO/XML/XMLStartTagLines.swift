/// Where each element's start tag, and each of its attributes, begins in a well-formed
/// document's UTF-8 text, in document order: the lines a message points at.
///
/// libxml2 gives an element the line its start tag *ends* on, which is late by as many lines
/// as the tag spans (Android's tags put an attribute on each line). The text libxml2 parsed is
/// at hand, so its start tags are found again here: the n-th start tag in the text is the n-th
/// element libxml2 reports.
struct XMLStartTagLines {
    /// One start tag: the line of its `<` and of each attribute's name, by local name (the part
    /// after any prefix), in order.
    struct Tag {
        var line: Int
        var attributes: [(name: String, line: Int)]
    }

    /// The start tags of `text`, in document order.
    let tags: [Tag]

    /// Scans `text`: comments, CDATA sections, processing instructions, declarations and end
    /// tags are skipped; quoted attribute values may hold `>` and line breaks.
    init(_ text: [UInt8]) {
        var tags: [Tag] = []
        var line = 1
        var index = 0
        let count = text.count
        /// Moves `index` past the next `terminator`, counting lines.
        func skip(past terminator: [UInt8]) {
            while index < count {
                if text[index] == 0x0A { line += 1 }
                if text[index] == terminator[0] && text[index...].starts(with: terminator) {
                    index += terminator.count
                    return
                }
                index += 1
            }
        }
        while index < count {
            let byte = text[index]
            guard byte == UInt8(ascii: "<"), index + 1 < count else {
                if byte == 0x0A { line += 1 }
                index += 1
                continue
            }
            let next = text[index + 1]
            if text[index...].starts(with: Self.commentStart) {
                skip(past: Self.commentEnd)
            } else if text[index...].starts(with: Self.cdataStart) {
                skip(past: Self.cdataEnd)
            } else if next == UInt8(ascii: "?") {
                skip(past: Self.instructionEnd)
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "/") {
                skip(past: [UInt8(ascii: ">")])
            } else {
                var tag = Tag(line: line, attributes: [])
                index += 1
                while index < count && !Self.endsName(text[index]) { index += 1 }  // the element's name
                while index < count {
                    let current = text[index]
                    if current == 0x0A { line += 1 }
                    if current == UInt8(ascii: ">") {
                        index += 1
                        break
                    }
                    if Self.endsName(current) {
                        index += 1
                        continue
                    }
                    // An attribute: its name, `=`, then a quoted value.
                    let start = index
                    while index < count && !Self.endsName(text[index]) && text[index] != UInt8(ascii: "=") { index += 1 }
                    let name = text[start..<index]
                    let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
                    tag.attributes.append((String(decoding: local, as: UTF8.self), line))
                    while index < count && text[index] != UInt8(ascii: "\"") && text[index] != UInt8(ascii: "'") {
                        if text[index] == 0x0A { line += 1 }
                        index += 1
                    }
                    guard index < count else { break }
                    let quote = text[index]
                    index += 1
                    while index < count && text[index] != quote {
                        if text[index] == 0x0A { line += 1 }
                        index += 1
                    }
                    index += 1
                }
                tags.append(tag)
            }
        }
        self.tags = tags
    }

    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)
    private static let instructionEnd = Array("?>".utf8)

    /// White space, `/` and `>`: what ends a name inside a tag.
    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }
}
