#if canImport(CSVGShim)
import CSVGShim
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Android's XML resources (vector drawables, colours, styles), read with libxml2 in a helper
/// process (named so as not to meet Foundation's `XMLDocument` on macOS). They come from
/// strangers' trees, so they are parsed where a hostile one costs a helper, never the caller, bounded in time and memory as SVGs are. The libxml2 is the one
/// librsvg links (no build-time dependency): no network, no DTD loading, no external entities,
/// libxml2's depth limit (256). Before that, the bytes are screened as an SVG's are: only plain
/// text internal entities, their expansion bounded, at most ``maxElements`` elements.
public enum ResourceXML {
    /// The most elements a resource document may have.
    public static let maxElements = 250_000

    /// The root element of `bytes`; throws ``ResourceXMLError`` naming the line.
    public static func parse(_ bytes: [UInt8], limits: ImageLimits) throws -> ResourceXMLElement {
        guard bytes.count <= SVGScreening.maxDocumentBytes else {
            throw ResourceXMLError(line: nil, reason: "the document is \(bytes.count) bytes, more than the \(SVGScreening.maxDocumentBytes) read")
        }
        let entities: [String: [UInt8]]
        do { entities = try SVGScreening.checkEntities(bytes) } catch { throw ResourceXMLError(line: nil, reason: "\(error)") }
        do {
            let expanded = try SVGScreening.expanded(bytes, entities: entities)
            guard SVGScreening.elementCount(expanded, limit: maxElements) <= maxElements else {
                throw ResourceXMLError(line: nil, reason: "it has more than \(maxElements) elements")
            }
        } catch let error as SVGError {
            throw ResourceXMLError(line: nil, reason: "\(error)")
        }
        #if canImport(CSVGShim)
        var records: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer {
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
        return try tree(from: UnsafeBufferPointer(start: records, count: length))
        #else
        throw FormatUnavailableError(format: .vectorDrawable)
        #endif
    }

    /// The element tree the helper's records describe (see `njs_xml_parse`).
    static func tree(from records: UnsafeBufferPointer<UInt8>) throws -> ResourceXMLElement {
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
                var element = ResourceXMLElement(name: try string(), namespace: try string(), line: line)
                guard reader.remaining >= 2 else { throw ResourceXMLError(line: line, reason: "the parsed records are damaged") }
                let count = Int(reader.uint8()) | Int(reader.uint8()) << 8
                for _ in 0..<count {
                    element.attributes.append(ResourceXMLElement.Attribute(namespace: try string(), name: try string(), value: try string()))
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
