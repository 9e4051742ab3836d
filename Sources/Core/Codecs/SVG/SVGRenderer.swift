#if canImport(CSVGShim)
import CSVGShim

/// librsvg behind the C shim: measuring a document in this process, drawing it in a child
/// process that is stopped when it runs over its time or memory.
enum SVGRenderer {
    /// The document's own size in CSS pixels, or `nil` when it has none (no absolute width and
    /// height, no viewBox).
    static func size(of bytes: [UInt8]) throws(SVGError) -> (width: Double, height: Double)? {
        var message = [CChar](repeating: 0, count: 512)
        var width = 0.0
        var height = 0.0
        let found = bytes.withUnsafeBufferPointer { njs_svg_measure($0.baseAddress, $0.count, &width, &height, &message, message.count) }
        guard found >= 0 else { throw .invalid(text(message)) }
        guard found == 1, width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return (width, height)
    }

    /// The document, `documentSize` CSS pixels, drawn at `layout`'s scales into its size:
    /// premultiplied RGBA. Stopped after `seconds`; may take `memory` bytes more than it started with.
    static func draw(
        _ bytes: [UInt8], documentSize: (width: Double, height: Double), layout: VectorRendering.Layout, seconds: Double, memory: Int
    ) throws(SVGError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { document in
            pixels.withUnsafeMutableBufferPointer { output in
                njs_svg_draw(
                    document.baseAddress, document.count, documentSize.width, documentSize.height, layout.scaleX, layout.scaleY,
                    Int32(layout.width), Int32(layout.height), output.baseAddress, seconds, memory, &message, message.count)
            }
        }
        switch status {
        case Int32(NJS_SVG_OK): return pixels
        case Int32(NJS_SVG_TIMEOUT): throw .tooSlow(seconds: seconds)
        case Int32(NJS_SVG_DIED): throw .drawingFailed(text(message), memory: memory)
        case Int32(NJS_SVG_NO_PROCESS): throw .noProcess(text(message))
        default: throw .invalid(text(message))
        }
    }

    /// librsvg's version (`2.54.7`).
    static var version: String { String(cString: njs_svg_version()) }

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "librsvg gave no reason" : text
    }
}
#endif
