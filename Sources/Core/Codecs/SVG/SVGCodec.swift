/// SVG through librsvg: drawn at the size `load` asks for (``DecodeOptions/rendering``), or at
/// the document's own size; premultiplied RGBA, 8 bits, sRGB. librsvg is loaded at run time by
/// helper processes that parse and draw (never linked into Ninepipe): without it on the machine
/// the format is known but refused. No encoder: SVG is read only.
///
/// Before librsvg sees a document, Ninepipe bounds it (size, elements, entities,
/// embedded images); librsvg gets no base file, so it loads nothing from outside the document.
/// The drawing's size is checked against the limits before any pixel is allocated.
public struct SVGCodec: ImageDecoder {
    /// Creates the codec.
    public init() {}

    /// librsvg's version (`2.54.7`), or `nil` when this build leaves SVG out or librsvg cannot be
    /// loaded on this machine (it is loaded at run time, by a helper process, never linked).
    public static var libraryVersion: String? {
        #if canImport(CSVGShim)
        SVGRenderer.version
        #else
        nil
        #endif
    }

    /// Whether this build holds the SVG code (it then needs librsvg only at run time).
    public static var isCompiledIn: Bool {
        #if canImport(CSVGShim)
        true
        #else
        false
        #endif
    }

    /// SVG.
    public var format: ImageFormat { .svg }

    /// librsvg.
    public var library: CodecLibrary? {
        CodecLibrary(name: "librsvg", version: Self.libraryVersion, package: "librsvg2-2 (Homebrew: librsvg)", isLoadedAtRunTime: Self.isCompiledIn)
    }

    /// Drawn at any size.
    public var capabilities: DecoderCapabilities { DecoderCapabilities(rendersAtAnySize: true) }

    /// A document (UTF-8 or UTF-16) that starts with `<!DOCTYPE svg` or whose first element is
    /// `<svg>` (after a byte-order mark, an XML declaration, comments and white space); when its
    /// first 4 KiB hold no element start, one that starts with an XML declaration, a comment or
    /// an `<svg` element. So a vector drawable with an XML declaration is not taken for one.
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        var text = bytes[...]
        if text.starts(with: [0xFF, 0xFE]) || text.starts(with: [0xFE, 0xFF]) {
            // UTF-16 (transcoded before any check): its ASCII characters are enough to sniff.
            let bigEndian = text.first == 0xFE
            var ascii: [UInt8] = []
            var index = 2
            while index + 1 < min(bytes.count, 8192) {
                let unit = bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
                ascii.append(unit < 0x80 ? UInt8(unit) : 0x80)
                index += 2
            }
            text = ascii[...]
        }
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if text.starts(with: Array("<!DOCTYPE svg".utf8)) { return true }
        if let root = VectorDrawableCodec.rootName(of: Array(text.prefix(4096))) { return root == "svg" || root.hasSuffix(":svg") }
        return ["<?xml", "<!--", "<!DOCTYPE svg", "<svg"].contains { text.starts(with: Array($0.utf8)) }
    }

    /// The document's own size (at 96 DPI, sides rounded up).
    public func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let bytes = try SVGScreening.screened(bytes, limits: limits)
        guard let size = try measure(bytes, limits: limits) else { throw SVGError.noSize }
        let pixels = VectorRendering.intrinsic.layout(documentWidth: size.width, documentHeight: size.height)
        var info = ImageInfo(
            format: .svg, width: pixels.width, height: pixels.height, bitDepth: 8, colorType: "vector, drawn as RGBA", hasAlpha: true,
            isInterlaced: false, metadata: ImageMetadata())
        info.ninePatchRegions = SVGNinePatch.guideIDs(in: bytes)
        return info
    }

    /// Draws the document at `options.rendering`'s size, in a child process bounded by
    /// ``ImageLimits/maxRenderSeconds`` and ``ImageLimits/decoderMemoryLimit``.
    public func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        let rendering = options.rendering
        let bytes = try SVGScreening.screened(bytes, limits: options.limits)
        let documentSize: (width: Double, height: Double)
        if let size = try measure(bytes, limits: options.limits) {
            documentSize = size
        } else if let width = rendering.width, let height = rendering.height {
            documentSize = (Double(width), Double(height))
        } else {
            throw SVGError.noSize
        }
        let layout = rendering.layout(documentWidth: documentSize.width, documentHeight: documentSize.height)
        try options.limits.check(width: layout.width, height: layout.height)
        #if canImport(CSVGShim)
        let guides = SVGNinePatch.guideIDs(in: bytes)
        let drawn = try SVGRenderer.draw(
            guides.isEmpty ? bytes : SVGNinePatch.hidingGuides(bytes) ?? bytes, documentSize: documentSize, layout: layout, locating: guides,
            seconds: options.limits.maxRenderSeconds, memory: options.limits.decoderMemoryLimit)
        var image = Image(width: layout.width, height: layout.height, layout: .rgba, samples: drawn.pixels, alphaMode: .premultiplied)
        guard !guides.isEmpty else { return image }
        // A vector nine-patch: its frame drawn from the regions, then read as aapt reads a .9.png.
        image = image.unpremultiplied()
        image.metadata.ninePatch = try SVGNinePatch.info(boxes: drawn.boxes, layout: layout)
        guard let framed = NinePatchFrame.framed(image, warn: warn) else { return image }
        return try NinePatchFrame.parse(framed, warn: warn)
        #else
        throw FormatUnavailableError(format: .svg)
        #endif
    }

    /// The screened document's own size in CSS pixels, or `nil` when it has none.
    private func measure(_ bytes: [UInt8], limits: ImageLimits) throws -> (width: Double, height: Double)? {
        #if canImport(CSVGShim)
        return try SVGRenderer.size(of: bytes, seconds: limits.maxRenderSeconds, memory: limits.decoderMemoryLimit)
        #else
        throw FormatUnavailableError(format: .svg)
        #endif
    }
}
