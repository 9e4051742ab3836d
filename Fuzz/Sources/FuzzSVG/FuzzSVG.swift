import FuzzSupport
import NinepipeCore

/// SVG documents through Ninepipe's own part of the SVG path: the screening (entities, data:
/// URLs, element counts), the nine-patch region ids and style sheet, the size arithmetic of
/// drawing at a width, a width and height, or a scale, the child process that draws, and the
/// translation to a vector drawable, which must read back. The
/// first four bytes choose the size (mode, width − 1, height − 1, unused); the rest is the
/// document (given an `<svg>` root start when it does not begin with `<`). A drawing must come
/// out at the size asked; a nine-patch's runs must lie inside it. A trap, a sanitizer report or
/// an allocation over 256 MiB is a bug.
@_cdecl("FuzzSVG_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 4, ImageCodecRegistry.builtIn.reads(.svg) else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var document = Array(bytes[4...])
    if document.first != UInt8(ascii: "<") {
        document = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="12">"#.utf8) + document
    }
    var limits = ImageLimits(maxPixelCount: 1 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20)
    limits.maxRenderSeconds = 1
    let (width, height) = (Int(bytes[1]) + 1, Int(bytes[2]) + 1)
    var options = DecodeOptions(limits: limits)
    switch bytes[0] % 4 {
    case 1: options.rendering = VectorRendering(width: width)
    case 2: options.rendering = VectorRendering(width: width, height: height)
    case 3: options.rendering = VectorRendering(scale: Double(width) / 64)
    default: break
    }
    _ = try? ImageCodecRegistry.builtIn.info(document, limits: limits)
    // Written as a vector drawable (assets android), it must read back as one of the same size.
    if let drawable = try? VectorDrawable(svg: document, limits: limits) {
        let xml = drawable.xml()
        do {
            let reread = try VectorDrawableCodec.drawable(Array(xml.utf8), limits: .default)
            if abs(reread.width - drawable.width) > 0.01 || abs(reread.height - drawable.height) > 0.01 {
                fatalError("a \(drawable.width)×\(drawable.height) drawable read back as \(reread.width)×\(reread.height)")
            }
        } catch {
            fatalError("the vector drawable written does not read back: \(error)\n\(xml)")
        }
    }
    guard let image = try? ImageCodecRegistry.builtIn.decode(document, options: options) else { return 0 }
    let rendering = options.rendering
    if let asked = rendering.width, image.width != asked { fatalError("asked for \(asked) pixels across, drew \(image.width)") }
    if let asked = rendering.height, image.height != asked { fatalError("asked for \(asked) pixels down, drew \(image.height)") }
    if let chunk = image.metadata.ninePatch?.chunk {
        for (divs, length) in [(chunk.xDivs, image.width), (chunk.yDivs, image.height)] {
            guard divs.count % 2 == 0, zip(divs, divs.dropFirst()).allSatisfy({ $0 <= $1 }), divs.allSatisfy({ $0 >= 0 && Int($0) <= length }) else {
                fatalError("stretch runs \(divs) outside a drawing \(length) long")
            }
        }
    }
    return 0
}
