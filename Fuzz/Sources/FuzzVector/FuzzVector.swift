import FuzzSupport
import NinepipeCore

/// Android vector drawables (and shape drawables, when the root is `<shape>`) through Ninepipe's part of their path: the XML screening, libxml2 in
/// the helper and the records it answers with, the drawable's reading (numbers, colours, path
/// data, gradients, groups), its translation to SVG and the drawing. The first byte chooses the
/// density (mode 0: its own size; else 40 × the byte), the rest is the document (given a
/// `<vector>` root start when it does not begin with `<`). A drawing must come out at the size
/// the drawable's dp size and the density make; the translation must be an SVG the screening
/// accepts. A trap, a sanitizer report or an allocation over 256 MiB is a bug.
@_cdecl("FuzzVector_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1, ImageCodecRegistry.builtIn.reads(.svg) else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var document = Array(bytes[1...])
    if document.first != UInt8(ascii: "<") {
        document =
            Array(
                #"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="16dp" android:height="12dp" android:viewportWidth="16" android:viewportHeight="12">"#
                    .utf8) + document
    }
    var limits = ImageLimits(maxPixelCount: 1 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20)
    limits.maxRenderSeconds = 1
    var options = DecodeOptions(limits: limits)
    if bytes[0] != 0 { options.rendering = VectorRendering(density: Double(bytes[0]) * 40) }
    _ = try? ImageCodecRegistry.builtIn.info(document, limits: limits)
    // A shape drawable: read, laid out and drawn (at its size, or stretchable), within the limits.
    if VectorDrawableCodec.rootName(of: document) == "shape" {
        guard let shape = try? ShapeDrawable.read(document, limits: limits) else { return 0 }
        let scale = bytes[0] == 0 ? 1 : Double(bytes[0] % 8 + 1) / 2
        let size = shape.size(at: scale) ?? shape.ninePatchLayout(at: scale).map { ($0.width, $0.height) }
        if let image = try? shape.draw(at: scale, limits: limits), let size {
            if image.width != size.0 || image.height != size.1 { fatalError("a shape laid out at \(size) drew \(image.width)×\(image.height)") }
        }
        return 0
    }
    guard let drawable = try? VectorDrawableCodec.drawable(document, limits: limits) else { return 0 }
    // The translation of a drawable that read must be well-formed XML (libxml2's errors name a column).
    guard let translated = try? drawable.svg() else { return 0 }  // past its bounds: refused, never drawn
    let svg = Array(translated.utf8)
    do { _ = try ImageCodecRegistry.builtIn.info(svg, limits: .default) } catch SVGError.invalid(let reason) where reason.contains("column") {
        fatalError("the translation is not well-formed: \(reason)\n\(String(decoding: svg, as: UTF8.self))")
    } catch {}
    guard let image = try? ImageCodecRegistry.builtIn.decode(document, options: options) else { return 0 }
    let scale = options.rendering.density.map { $0 / 160 } ?? 1
    let expected = Int((drawable.width * scale).rounded(.up))
    if abs(image.width - expected) > 1 { fatalError("a \(drawable.width) dp drawable at scale \(scale) drew \(image.width) pixels across") }
    return 0
}
