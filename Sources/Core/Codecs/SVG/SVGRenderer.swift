#if canImport(CSVGShim)
import CSVGShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// librsvg behind the C shim: helper processes that load it at run time, parse and draw, each
/// request stopped when it runs over its time (and a drawing over its memory).
enum SVGRenderer {
    /// librsvg's version (`2.54.7`), or `nil` when it cannot be loaded on this machine; asked of a
    /// helper once per process.
    static let version: String? = {
        var message = [CChar](repeating: 0, count: 512)
        let status = njs_svg_version(10, &message, message.count)
        return status == Int32(NJS_SVG_OK) ? text(message) : nil
    }()

    /// The document's own size in CSS pixels, or `nil` when it has none (no absolute width and
    /// height, no viewBox). Parsed in a helper, stopped after `seconds`; may take `memory` bytes
    /// more than it started with.
    static func size(of bytes: [UInt8], seconds: Double, memory: Int) throws(SVGError) -> (width: Double, height: Double)? {
        var message = [CChar](repeating: 0, count: 512)
        var width = 0.0
        var height = 0.0
        let found = bytes.withUnsafeBufferPointer {
            njs_svg_measure($0.baseAddress, $0.count, seconds, memory, &width, &height, &message, message.count)
        }
        if found < 0 { try check(found, message, seconds: seconds, memory: memory) }
        guard found == 1, width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return (width, height)
    }

    /// Turns a failure status into its error.
    private static func check(_ status: Int32, _ message: [CChar], seconds: Double, memory: Int) throws(SVGError) {
        switch status {
        case Int32(NJS_SVG_OK), 1: return
        case Int32(NJS_SVG_TIMEOUT): throw .tooSlow(seconds: seconds)
        case Int32(NJS_SVG_DIED): throw .drawingFailed(text(message), memory: memory)
        case Int32(NJS_SVG_NO_PROCESS): throw .noProcess(text(message))
        case Int32(NJS_SVG_UNAVAILABLE): throw .unavailable(text(message))
        default:
            // librsvg says so when cairo could not get a surface within the helper's memory bound.
            let reason = text(message)
            throw reason.contains("NoMemory") ? .drawingFailed(reason, memory: memory) : .invalid(reason)
        }
    }

    /// The document, `documentSize` CSS pixels, drawn at `layout`'s scales into its size:
    /// premultiplied RGBA; and the boxes of the elements `located` names by id (those found), in
    /// CSS pixels. Stopped after `seconds`; may take `memory` bytes more than it started with.
    static func draw(
        _ bytes: [UInt8], documentSize: (width: Double, height: Double), layout: VectorRendering.Layout, locating located: [String] = [],
        seconds: Double, memory: Int
    ) throws(SVGError) -> (pixels: [UInt8], boxes: [String: SVGNinePatch.Box]) {
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        var message = [CChar](repeating: 0, count: 512)
        let ids = located.prefix(Int(NJS_SVG_MAX_LOCATED)).map { "#" + $0 }
        var boxes = [Double](repeating: 0, count: ids.count * 4)
        var found = [Int32](repeating: 0, count: ids.count)
        // Each id as a C string that lives through the call.
        let strings = ids.map { strdup($0) }
        defer { for string in strings { free(string) } }
        let pointers = strings.map { UnsafePointer<CChar>($0) }
        let status = bytes.withUnsafeBufferPointer { document in
            pixels.withUnsafeMutableBufferPointer { output in
                pointers.withUnsafeBufferPointer { names in
                    njs_svg_draw(
                        document.baseAddress, document.count, documentSize.width, documentSize.height, layout.scaleX, layout.scaleY,
                        Int32(layout.width), Int32(layout.height), output.baseAddress, names.baseAddress, Int32(ids.count), &boxes, &found,
                        seconds, memory, &message, message.count)
                }
            }
        }
        try check(status, message, seconds: seconds, memory: memory)
        var located: [String: SVGNinePatch.Box] = [:]
        for (index, id) in ids.enumerated() where found[index] != 0 {
            located[String(id.dropFirst())] = SVGNinePatch.Box(
                x: boxes[index * 4], y: boxes[index * 4 + 1], width: boxes[index * 4 + 2], height: boxes[index * 4 + 3])
        }
        return (pixels, located)
    }

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "librsvg gave no reason" : text
    }
}
#endif
