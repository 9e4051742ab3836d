/// Android vector drawables (`<vector>` XML): read with libxml2 in a helper process (see
/// ``ResourceXML``), translated to SVG with Android's semantics (``VectorDrawable/svg(templateColor:)``)
/// and drawn by the SVG renderer, with all its bounds. Drawn at the drawable's dp size (one
/// pixel a dp, as at mdpi), at `load density=` (160 is its own size) or at a size. Read only.
public struct VectorDrawableCodec: ImageDecoder {
    /// Creates the codec.
    public init() {}

    /// Android vector drawable.
    public var format: ImageFormat { .vectorDrawable }

    /// libxml2 and librsvg, loaded at run time by the SVG helpers.
    public var library: CodecLibrary? { SVGCodec().library }

    /// Drawn at any size.
    public var capabilities: DecoderCapabilities { DecoderCapabilities(rendersAtAnySize: true) }

    /// An XML document whose first element is `<vector>` (after an XML declaration, comments
    /// and white space).
    public func recognizes(_ bytes: [UInt8]) -> Bool { Self.rootName(of: bytes) == "vector" }

    /// The name of the first element of `bytes` (`vector`, `shape`, `selector`), looking no
    /// further than its first 4 KiB; `nil` when there is none there.
    public static func rootName(of bytes: [UInt8]) -> String? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(bytes.count, 4096)
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < end else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!"), let doctype = XMLDocumentType.find(in: Array(bytes[..<end])), doctype.range.lowerBound == index {
                index = doctype.range.upperBound  // its internal subset may hold `>`
                continue
            }
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // A declaration, comment or DOCTYPE: skip to the end of it.
                let closing: [UInt8] = bytes[index...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                var cursor = index + 2
                while cursor + closing.count <= end, !bytes[cursor..<(cursor + closing.count)].elementsEqual(closing) { cursor += 1 }
                guard cursor + closing.count <= end else { return nil }
                index = cursor + closing.count
                continue
            }
            var nameEnd = index + 1
            while nameEnd < end, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[nameEnd]) { nameEnd += 1 }
            return String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self)
        }
        return nil
    }

    /// Reads `bytes` into a drawable.
    public static func drawable(_ bytes: [UInt8], limits: ImageLimits, resources: VectorDrawable.Resources = .none) throws -> VectorDrawable {
        let root = try ResourceXML.parse(bytes, limits: limits)
        return try VectorDrawable(root, resources: resources)
    }

    /// The drawable's dp size (as pixels at mdpi), its viewport and whether it is a template.
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        var lenient = VectorDrawable.Resources.none
        lenient.allowsUnresolved = true
        let drawable = try Self.drawable(bytes, limits: limits, resources: lenient)
        let width = Int(drawable.width.rounded(.up))
        let height = Int(drawable.height.rounded(.up))
        try limits.check(width: width, height: height)
        return ImageInfo(
            format: .vectorDrawable, width: width, height: height, bitDepth: 8,
            colorType:
                "vector, \(SVGWriterNumber.text(drawable.width))×\(SVGWriterNumber.text(drawable.height)) dp, viewport \(SVGWriterNumber.text(drawable.viewportWidth))×\(SVGWriterNumber.text(drawable.viewportHeight))\(drawable.isTemplate ? ", template (?attr/\(drawable.templateAttribute ?? ""))" : ""), drawn as RGBA",
            hasAlpha: true, isInterlaced: false, metadata: ImageMetadata())
    }

    /// Draws the drawable at `options.rendering`'s size: its dp size, `density` (dpi; 160 is its
    /// own size) or a size in pixels.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        let drawable = try Self.drawable(bytes, limits: options.limits, resources: options.resources)
        return try Self.draw(drawable, rendering: options.rendering, limits: options.limits)
    }

    /// `drawable` drawn at `rendering`: premultiplied RGBA, 8 bits. Its translation is drawn by
    /// the SVG helpers at the drawable's own size (it needs no measuring), bounded by `limits`'
    /// render time and decoder memory; the size is checked against `limits` first. A drawable
    /// read once and drawn at several sizes costs one helper request a size.
    public static func draw(_ drawable: VectorDrawable, rendering: VectorRendering, limits: ImageLimits) throws -> Image {
        var rendering = rendering
        if let density = rendering.density { rendering.scale = density / 160 }
        let layout = rendering.layout(documentWidth: drawable.width, documentHeight: drawable.height)
        try limits.check(width: layout.width, height: layout.height)
        #if canImport(CSVGShim)
        let drawn = try SVGRenderer.draw(
            Array(try drawable.svg().utf8), documentSize: (drawable.width, drawable.height), layout: layout, seconds: limits.maxRenderSeconds,
            memory: limits.decoderMemoryLimit)
        return Image(width: layout.width, height: layout.height, layout: .rgba, samples: drawn.pixels, alphaMode: .premultiplied)
        #else
        throw FormatUnavailableError(format: .vectorDrawable)
        #endif
    }
}

/// Numbers as the drawable's messages write them.
enum SVGWriterNumber {
    static func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value) }
}
