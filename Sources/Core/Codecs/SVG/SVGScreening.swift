/// The checks an SVG document passes before librsvg parses it: SVGs are programs in disguise, so
/// everything that makes one grow (its size, its element count, entity expansion, images
/// embedded in it) is bounded here, where the bounds are Ninepipe's and the messages name the
/// place. What librsvg is never allowed to do (fetch or read anything outside the document) is
/// its own rule: it is given no base file, so it refuses every reference that is not a `data:`
/// URL or a fragment of the document itself.
enum SVGScreening {
    /// The largest document read, in bytes (embedded images included).
    static let maxDocumentBytes = 32 << 20
    /// The most elements a document may have (librsvg's own limit is a million).
    static let maxElements = 250_000
    /// The most entities a `<!DOCTYPE>` may declare.
    static let maxEntities = 256
    /// How deep SVGs embedded in SVGs (as `data:` URLs) may go.
    static let maxNesting = 3

    /// The namespaces of XInclude, whose `include` element librsvg follows (the 2003 one is
    /// libxml2's older spelling).
    static let inclusionNamespaces = ["http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude"]

    /// Throws ``SVGError`` (or a ``LimitError`` for an embedded image over `limits`) when the
    /// document `bytes` is one Ninepipe does not hand to librsvg.
    ///
    /// The element count, the inclusion check and the embedded images are checked on the
    /// document as libxml2 hands it to librsvg: its entities expanded and its character
    /// references decoded, so that markup or a namespace written through them is seen (a review
    /// found `&#38;` hiding an entity reference, and XInclude pulling 300,000 elements in).
    static func check(_ bytes: [UInt8], limits: ImageLimits) throws {
        _ = try screened(bytes, limits: limits)
    }

    /// The document `bytes` as the UTF-8 text librsvg is given (see ``XMLText``), once it passed
    /// ``check(_:limits:)``: the checks read that text, so librsvg must read it too, never the
    /// bytes in an encoding the checks did not decode (a review hid XInclude in UTF-7).
    static func screened(_ bytes: [UInt8], limits: ImageLimits) throws -> [UInt8] {
        guard bytes.count <= maxDocumentBytes else { throw SVGError.documentTooLarge(bytes: bytes.count, limit: maxDocumentBytes) }
        let text = try XMLText.utf8(bytes)
        var elements = 0
        try check(text, limits: limits, depth: 0, elements: &elements)
        return text
    }

    /// ``check(_:limits:)`` for a document `depth` levels down, adding its elements to
    /// `elements`: SVGs embedded in SVGs share the document's element limit, as librsvg parses
    /// them all.
    static func check(_ bytes: [UInt8], limits: ImageLimits, depth: Int, elements: inout Int) throws {
        guard depth <= maxNesting else { throw SVGError.nestedTooDeeply(limit: maxNesting) }
        guard bytes.count <= maxDocumentBytes else { throw SVGError.documentTooLarge(bytes: bytes.count, limit: maxDocumentBytes) }
        let bytes = try XMLText.utf8(bytes)  // the top document arrives decoded; embedded ones do not
        let entities = try checkEntities(bytes)
        let text = try expanded(bytes, entities: entities)
        elements += elementCount(text, limit: maxElements - elements)
        guard elements <= maxElements else { throw SVGError.tooManyElements(limit: maxElements) }
        try checkNoInclusion(text)
        try checkEmbeddedImages(text, limits: limits, depth: depth, elements: &elements)
    }

    /// Refuses XInclude: `<xi:include href="data:…">` makes librsvg parse another document
    /// into this one, past every check here.
    static func checkNoInclusion(_ text: [UInt8]) throws(SVGError) {
        for namespace in inclusionNamespaces {
            if let offset = find(namespace, in: text, from: 0) { throw .inclusion(offset: offset) }
        }
    }

    /// `bytes` with its character references decoded and the references to `entities` replaced
    /// by their values (predefined and unknown references are left as they are); refused when
    /// that grows past ``maxDocumentBytes``. Entity values hold no references (see
    /// ``checkEntities(_:)``), so one pass expands everything.
    static func expanded(_ bytes: [UInt8], entities: [String: [UInt8]]) throws(SVGError) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "&"), let end = bytes[index..<Swift.min(bytes.count, index + 65)].firstIndex(of: UInt8(ascii: ";")) else {
                output.append(byte)
                continue
            }
            let name = bytes[index..<end]
            if name.first == UInt8(ascii: "#"), let character = characterReference(name.dropFirst()) {
                output += character
            } else if let value = entities[String(decoding: name, as: UTF8.self)] {
                output += value
            } else {
                output.append(byte)
                continue
            }
            index = end + 1
            guard output.count <= maxDocumentBytes else { throw .expandsTooFar(limit: maxDocumentBytes) }
        }
        return output
    }

    /// The UTF-8 bytes of the character a reference's digits name (`38`, `x26`), or `nil` when
    /// they name none.
    static func characterReference(_ digits: ArraySlice<UInt8>) -> [UInt8]? {
        let text = String(decoding: digits, as: UTF8.self)
        let value = text.first == "x" ? UInt32(text.dropFirst(), radix: 16) : UInt32(text, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }

    /// How many element tags (`<` then a name) `bytes` holds, counting no further than `limit` + 1.
    /// Tags inside comments count too: an overestimate is safe.
    static func elementCount(_ bytes: [UInt8], limit: Int) -> Int {
        var count = 0
        var index = 0
        while index + 1 < bytes.count && count <= limit {
            if bytes[index] == UInt8(ascii: "<") && isNameStart(bytes[index + 1]) { count += 1 }
            index += 1
        }
        return count
    }

    /// Refuses entity declarations other than plain text ones, and gives the values of those:
    /// their character references decoded, as libxml2 decodes them when it reads the
    /// declaration (so `&#38;a;` is the reference `&a;` and is refused).
    @discardableResult
    static func checkEntities(_ bytes: [UInt8]) throws(SVGError) -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        var declared = 0
        var cursor = 0
        while let start = find("<!ENTITY", in: bytes, from: cursor) {
            declared += 1
            var index = start + 8
            skipSpace(bytes, &index)
            if index < bytes.count && bytes[index] == UInt8(ascii: "%") {
                index += 1
                skipSpace(bytes, &index)
                throw .unsafeEntity(name: "%" + name(in: bytes, after: index), reason: "a parameter entity", offset: start)
            }
            let entity = name(in: bytes, after: index)
            guard declared <= maxEntities else { throw .unsafeEntity(name: entity, reason: "one of more than \(maxEntities)", offset: start) }
            index += entity.utf8.count
            skipSpace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw .unsafeEntity(name: entity, reason: "external (SYSTEM or PUBLIC): it would read another file", offset: start)
            }
            let quote = bytes[index]
            var end = index + 1
            while end < bytes.count && bytes[end] != quote {
                // A character reference (`&#160;`) is plain text; any other `&` or `%` names an entity.
                let refersToEntity =
                    bytes[end] == UInt8(ascii: "%") || (bytes[end] == UInt8(ascii: "&") && (end + 1 >= bytes.count || bytes[end + 1] != UInt8(ascii: "#")))
                if refersToEntity { throw .unsafeEntity(name: entity, reason: "defined through other entities", offset: start) }
                end += 1
            }
            // The same rule for the value as libxml2 stores it.
            let value = (try? expanded(Array(bytes[Swift.min(index + 1, end)..<end]), entities: [:])) ?? []
            if value.contains(UInt8(ascii: "&")) || value.contains(UInt8(ascii: "%")) {
                throw .unsafeEntity(name: entity, reason: "defined through other entities (written with character references)", offset: start)
            }
            if values[entity] == nil { values[entity] = value }  // the first declaration wins, as in XML
            cursor = end
        }
        return values
    }

    /// Checks everything embedded as a `data:` URL that could be an image, whatever type the URL
    /// declares (librsvg's image loader sniffs the bytes): an SVG or other XML by these same
    /// rules one level deeper, a raster image by its header against `limits` (before librsvg's
    /// image loader allocates it). Other data (a font, a style sheet) is left alone.
    static func checkEmbeddedImages(_ bytes: [UInt8], limits: ImageLimits, depth: Int, elements: inout Int) throws {
        var cursor = 0
        while let start = find("data:", in: bytes, from: cursor) {
            cursor = start + 5
            guard let comma = bytes[cursor..<Swift.min(bytes.count, cursor + 256)].firstIndex(of: UInt8(ascii: ",")) else { continue }
            let header = String(decoding: bytes[cursor..<comma], as: UTF8.self).lowercased()
            // The URL ends at the quote that opened it (an attribute, or CSS `url("…")`), else
            // at what ends an unquoted CSS `url(…)`.
            let opener = start > 0 ? bytes[start - 1] : 0
            let quoted = opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'")
            var end = comma + 1
            while end < bytes.count && (quoted ? bytes[end] != opener : !isURLEnd(bytes[end])) { end += 1 }
            cursor = end
            let payload = Array(bytes[(comma + 1)..<end])
            let data: [UInt8]
            if header.hasSuffix(";base64") {
                guard let decoded = base64Decoded(payload) else {
                    throw SVGError.unreadableEmbeddedImage(offset: start, reason: "its base64 data is damaged")
                }
                data = decoded
            } else {
                data = percentDecoded(payload)
            }
            let sniffed = ImageCodecRegistry.builtIn.format(sniffing: data)
            if header.hasPrefix("image/svg+xml") || (sniffed == nil && looksLikeXML(data)) || sniffed == .svg {
                try check(data, limits: limits, depth: depth + 1, elements: &elements)
                continue
            }
            guard header.hasPrefix("image/") || sniffed != nil else { continue }
            let info: ImageInfo
            do {
                info = try ImageCodecRegistry.builtIn.info(data, limits: limits)
            } catch let error as LimitError {
                throw error
            } catch {
                throw SVGError.unreadableEmbeddedImage(offset: start, reason: "\(error)")
            }
            try limits.check(width: info.width, height: info.height)
        }
    }

    /// Whether `data` starts, after white space and a byte-order mark, with markup.
    static func looksLikeXML(_ data: [UInt8]) -> Bool {
        var index = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        skipSpace(data, &index)
        return index < data.count && data[index] == UInt8(ascii: "<")
    }

    // MARK: - Bytes

    /// Whether `byte` can start an element name: an ASCII letter, `_`, `:`, or the first byte of
    /// any non-ASCII character (XML names may be `<é>`, and librsvg keeps unknown elements).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Where an unquoted CSS `url(…)` ends.
    private static func isURLEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isSpace(byte)
    }

    private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count && isSpace(bytes[index]) { index += 1 }
    }

    /// The name starting at `index` (up to white space, a quote or `>`), at most 64 characters.
    private static func name(in bytes: [UInt8], after index: Int) -> String {
        var end = index
        while end < bytes.count && end - index < 64 && !isSpace(bytes[end]) && bytes[end] != UInt8(ascii: ">")
            && bytes[end] != UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "'")
        {
            end += 1
        }
        return String(decoding: bytes[Swift.min(index, end)..<end], as: UTF8.self)
    }

    /// The first index of `needle` in `bytes` at or after `start`.
    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        ByteSearch.firstIndex(of: needle, in: bytes, from: start)
    }

    /// `text` decoded from base64, white space skipped; `nil` when it is not base64.
    static func base64Decoded(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): continue
            default:
                if isSpace(byte) { continue }
                return nil
            }
            accumulator = (accumulator << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    /// `text` with `%XX` escapes decoded (a `data:` URL without `;base64`).
    static func percentDecoded(_ text: [UInt8]) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "%"), index + 2 < text.count, let high = hex(text[index + 1]), let low = hex(text[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(text[index])
                index += 1
            }
        }
        return output
    }
}
