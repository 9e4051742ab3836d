#if canImport(CSVGShim)
import CSVGShim
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Android's XML resources (vector drawables, colours, styles) and SVGs being imported, read
/// with libxml2 in a helper process (named so as not to meet Foundation's `XMLDocument` on
/// macOS). They come from strangers' trees, so they are parsed where a hostile one costs a
/// helper, never the caller, bounded in time and memory as SVGs are. The libxml2 is the one
/// librsvg links (no build-time dependency).
///
/// What libxml2 is given is decided here, not by the document: UTF-8 text only (``XMLText``;
/// other encodings are refused), no DTD (the `<!DOCTYPE>` is blanked out before the parse) and
/// so no entity of the document's own: an Android resource declaring one is refused, and an
/// SVG's plain text entities are checked and expanded here. The helper parses with no network,
/// no entity substitution, no DTD loading, the document's encoding label ignored, an external
/// entity loader that refuses everything, and it refuses a document that still shows it a DTD
/// or an entity reference; libxml2's depth limit (256) and ``maxElements`` bound the rest.
public enum ResourceXML {
    /// The most elements a resource document may have.
    public static let maxElements = 250_000

    /// Which rules a document's prolog is read by.
    public enum Dialect: Sendable, Hashable {
        /// An Android resource: never a DTD (a bare `<!DOCTYPE name>` is allowed and ignored),
        /// never an entity declaration.
        case androidResource
        /// An SVG being imported: a `<!DOCTYPE>` naming an external DTD is ignored (never
        /// loaded), and internal entities whose values are plain text (no other entity, no
        /// markup, no quote) are expanded by Ninepipe; any other entity is refused.
        case svg
    }

    /// The root element of `bytes`; throws ``ResourceXMLError`` naming the line.
    public static func parse(_ bytes: [UInt8], limits: ImageLimits, dialect: Dialect = .androidResource) throws -> ResourceXMLElement {
        guard bytes.count <= SVGScreening.maxDocumentBytes else {
            throw ResourceXMLError(line: nil, reason: "the document is \(bytes.count) bytes, more than the \(SVGScreening.maxDocumentBytes) read")
        }
        let text: [UInt8]
        do { text = try XMLText.utf8(bytes) } catch { throw ResourceXMLError(line: error.line, reason: error.reason) }
        let document = try prepared(text, dialect: dialect)
        do {
            let decoded = try SVGScreening.expanded(document, entities: [:])
            guard SVGScreening.elementCount(decoded, limit: maxElements) <= maxElements else {
                throw ResourceXMLError(line: nil, reason: "it has more than \(maxElements) elements")
            }
        } catch let error as SVGError {
            throw ResourceXMLError(line: nil, reason: "\(error)")
        }
        return try parsed(document, limits: limits)
    }

    /// `text` as libxml2 is given it: the `<!DOCTYPE>` blanked out, after the dialect's rules
    /// for it and for entities were applied.
    static func prepared(_ text: [UInt8], dialect: Dialect) throws(ResourceXMLError) -> [UInt8] {
        let doctype = XMLDocumentType.find(in: text)
        switch dialect {
        case .androidResource:
            if let offset = ByteSearch.firstIndex(of: "<!ENTITY", in: text) {
                throw ResourceXMLError(
                    line: XMLText.line(of: offset, in: text),
                    reason:
                        "the document declares an entity (<!ENTITY); Android resources never need a DTD or entities, and Ninepipe reads none: remove the DOCTYPE"
                )
            }
            if let doctype, doctype.internalSubset != nil || doctype.hasExternalIdentifier {
                throw ResourceXMLError(
                    line: XMLText.line(of: doctype.range.lowerBound, in: text),
                    reason: "the document's <!DOCTYPE> declares a DTD; Android resources never need one, and Ninepipe reads none: remove the DOCTYPE")
            }
            return doctype?.blanked(text) ?? text
        case .svg:
            let entities: [String: [UInt8]]
            do { entities = try SVGScreening.checkEntities(text) } catch { throw ResourceXMLError(line: nil, reason: "\(error)") }
            let document = doctype?.blanked(text) ?? text
            return try substituting(entities, in: document)
        }
    }

    /// `text` with each reference to one of `entities` replaced by its value. A value that holds
    /// markup, a quote or an ampersand is refused rather than expanded, so the expansion means
    /// what XML's would and no more.
    static func substituting(_ entities: [String: [UInt8]], in text: [UInt8]) throws(ResourceXMLError) -> [UInt8] {
        guard !entities.isEmpty else { return text }
        let special: Set<UInt8> = [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'")]
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "&"), let end = text[index..<min(text.count, index + 66)].firstIndex(of: UInt8(ascii: ";")),
                let value = entities[String(decoding: text[(index + 1)..<end], as: UTF8.self)]
            else {
                output.append(byte)
                index += 1
                continue
            }
            if value.contains(where: special.contains) {
                let name = String(decoding: text[(index + 1)..<end], as: UTF8.self)
                throw ResourceXMLError(
                    line: XMLText.line(of: index, in: text),
                    reason:
                        "the entity \(XMLText.quoted(name)) holds markup, a quote or an ampersand, which Ninepipe does not expand: write its text in place of the reference"
                )
            }
            output += value
            index = end + 1
            guard output.count <= SVGScreening.maxDocumentBytes else {
                throw ResourceXMLError(line: nil, reason: "its entities expand it past \(SVGScreening.maxDocumentBytes) bytes")
            }
        }
        return output
    }

    /// The element tree libxml2 reads from `document` (prepared UTF-8 text) in a helper.
    private static func parsed(_ document: [UInt8], limits: ImageLimits) throws -> ResourceXMLElement {
        #if canImport(CSVGShim)
        var records: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = document.withUnsafeBufferPointer {
            njs_xml_parse($0.baseAddress, $0.count, limits.maxRenderSeconds, limits.decoderMemoryLimit, &records, &length, &message, message.count)
        }
        defer { free(records) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case Int32(NJS_SVG_OK): break
        case Int32(NJS_SVG_TIMEOUT): throw ResourceXMLError(line: nil, reason: "reading it took longer than the \(limits.maxRenderSeconds) s allowed")
        case Int32(NJS_SVG_UNAVAILABLE), Int32(NJS_SVG_NO_PROCESS): throw FormatUnavailableError(format: .vectorDrawable)
        case Int32(NJS_SVG_DIED):
            throw ResourceXMLError(line: nil, reason: "reading it failed: \(text); it may need more than the \(limits.decoderMemoryLimit >> 20) MiB allowed")
        default:
            // "line N: reason", from the helper.
            if text.hasPrefix("line "), let colon = text.firstIndex(of: ":"), let line = Int(text.dropFirst(5).prefix { $0 != ":" }), line > 0 {
                throw ResourceXMLError(line: line, reason: String(text[text.index(after: colon)...].drop { $0 == " " }))
            }
            throw ResourceXMLError(line: nil, reason: text)
        }
        guard let records else { throw ResourceXMLError(line: nil, reason: "the document has no elements") }
        return try tree(from: UnsafeBufferPointer(start: records, count: length), lines: XMLStartTagLines(document))
        #else
        throw FormatUnavailableError(format: .vectorDrawable)
        #endif
    }

    /// The element tree the helper's records describe (see `njs_xml_parse`), each element's and
    /// attribute's line taken from `lines` (the parsed text's start tags) when it has them.
    static func tree(from records: UnsafeBufferPointer<UInt8>, lines: XMLStartTagLines? = nil) throws -> ResourceXMLElement {
        var tagIndex = 0
        var reader = ByteReader(Array(records)[...])
        func string() throws -> String {
            let count = Int(reader.uint32LE())
            guard count <= reader.remaining else { throw ResourceXMLError(line: nil, reason: "the parsed records are damaged") }
            let start = records.count - reader.remaining
            reader.skip(count)
            return String(decoding: records[start..<(start + count)], as: UTF8.self)
        }
        // The open elements, outermost first; each closes when a node at its depth or above comes.
        var open: [ResourceXMLElement] = []
        var root: ResourceXMLElement?
        func close(to depth: Int) {
            while open.count > depth {
                let done = open.removeLast()
                if open.isEmpty { root = root ?? done } else { open[open.count - 1].children.append(done) }
            }
        }
        while reader.remaining > 0 {
            let kind = reader.uint8()
            guard reader.remaining >= 8 else { throw ResourceXMLError(line: nil, reason: "the parsed records are damaged") }
            let depth = Int(reader.uint32LE())
            let line = Int(reader.uint32LE())
            close(to: depth)
            if kind == UInt8(ascii: "E") {
                let tag = lines.flatMap { tagIndex < $0.tags.count ? $0.tags[tagIndex] : nil }
                tagIndex += 1
                var element = ResourceXMLElement(name: try string(), namespace: try string(), line: tag?.line ?? line)
                guard reader.remaining >= 2 else { throw ResourceXMLError(line: line, reason: "the parsed records are damaged") }
                let count = Int(reader.uint8()) | Int(reader.uint8()) << 8
                for _ in 0..<count {
                    var attribute = ResourceXMLElement.Attribute(namespace: try string(), name: try string(), value: try string())
                    attribute.line = tag?.attributes.first { $0.name == attribute.name }?.line ?? element.line
                    element.attributes.append(attribute)
                }
                guard open.count == depth else { throw ResourceXMLError(line: line, reason: "the parsed records are damaged") }
                open.append(element)
            } else {
                let text = try string()
                if !open.isEmpty { open[open.count - 1].text += text }
            }
        }
        close(to: 0)
        guard let root else { throw ResourceXMLError(line: nil, reason: "the document has no elements") }
        return root
    }
}
