import FuzzSupport
import NinepipeCore
import NinepipePlugins

/// Nine-patch information with any values (read from the bytes as the three chunks' bodies)
/// on a small image, through every operation that carries it: crop, pad, orient, scale,
/// stretch, frame drawing and parsing, cap insets. Nothing may trap; and from valid
/// information every result must be valid for its image (else this traps on purpose).
@_cdecl("FuzzNinePatch_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let width = Int(bytes[0] % 16) + 1
    let height = Int(bytes[1] % 16) + 1
    var rest = bytes.dropFirst(2)
    var info = NinePatchInfo()
    if rest.count >= NinePatchLayoutBounds.length {
        info.layoutBounds = try? NinePatchLayoutBounds(parsing: rest.prefix(NinePatchLayoutBounds.length))
        rest = rest.dropFirst(NinePatchLayoutBounds.length)
    }
    if rest.count >= NinePatchOutline.length {
        info.outline = try? NinePatchOutline(parsing: rest.prefix(NinePatchOutline.length))
        rest = rest.dropFirst(NinePatchOutline.length)
    }
    info.chunk = try? NinePatchChunk(parsing: rest)
    // As read (any values: nothing may trap), then made valid (every result must stay valid).
    for (candidate, mustStayValid) in [(info, false), (info.clamped(width: width, height: height), true)] {
        var image = Image(width: width, height: height, layout: .rgba, depth: .eight, fill: [10, 20, 30, 200])
        image.metadata.ninePatch = candidate
        func check(_ result: Image?) {
            guard mustStayValid, let result, let kept = result.metadata.ninePatch else { return }
            do { try kept.validate(width: result.width, height: result.height) } catch {
                fatalError("\(candidate) on \(width)×\(height) became \(kept), not valid for \(result.width)×\(result.height): \(error)")
            }
        }
        check(image.cropped(to: PixelRect(x: width / 3, y: height / 2, width: width - width / 3, height: height - height / 2)))
        check(image.padded(top: 1, left: 3, bottom: 0, right: 2, color: .clear))
        for orientation in [Orientation.right, .leftMirrored, .down] { check(image.applying(orientation)) }
        check(try? Transforms.Resize(width: .pixels(Double(width * 3 + 1)), height: .pixels(7), fit: .fill).apply(to: image))
        check(try? Transforms.NinePatch(width: 40, height: 3).apply(to: image))
        check(try? Transforms.Tile(width: 33, height: 19).apply(to: image))
        _ = candidate.chunk?.capInsets(width: width, height: height)
        if let framed = NinePatchFrame.framed(image), let parsed = try? NinePatchFrame.parse(framed) { check(parsed) }
    }
    return 0
}
