import FuzzSupport
import NinepipeCore

/// Any bytes as a GIF (the signature made right), header-only, first frame and every frame
/// composited (disposal, transparency, local palettes, frames reaching past the screen), under
/// small limits; a decoded first frame must be as large as the canvas `readInfo` reports, an
/// animation must have the frames and canvas `readInfo` reports, and written again as GIF it
/// must read back with as many frames and the same durations. A trap, a sanitizer report or an
/// allocation over 256 MiB is a bug.
@_cdecl("FuzzGIF_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, GIFCodec.isAvailable else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.count >= 6 { bytes.replaceSubrange(0..<6, with: Array("GIF89a".utf8)) }
    let limits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 8192, maxMetadataBytes: 1 << 20, maxFrameCount: 64)
    let info = try? GIFDecoder(limits: limits).readInfo(bytes)
    _ = try? ImageCodecRegistry.builtIn.info(bytes, limits: limits)
    if let image = try? GIFDecoder(limits: limits).decode(bytes) {
        guard let info, info.canvasWidth == image.width, info.canvasHeight == image.height else {
            fatalError("decoded \(image.width)×\(image.height) but the header says \(info.map { "\($0.width)×\($0.height)" } ?? "nothing readable")")
        }
    }
    if let animation = try? GIFDecoder(limits: limits).decodeAnimation(bytes) {
        guard let info, animation.frames.count == info.frameCount, animation.width == info.canvasWidth, animation.height == info.canvasHeight
        else { fatalError("decoded \(animation.frames.count) frames of \(animation.width)×\(animation.height) but the headers say otherwise") }
        // Small animations only: the writer's palette search is the slow part.
        if animation.width * animation.height * animation.frames.count <= 1 << 16 {
            guard let written = try? GIFEncoder().encode(animation), let back = try? GIFDecoder(limits: limits).decodeAnimation(written) else {
                fatalError("an animation of \(animation.frames.count) frames could not be written and read back")
            }
            // Durations are kept in hundredths of a second.
            guard back.frames.count == animation.frames.count, back.frames.map(\.duration) == animation.frames.map({ ($0.duration + 5) / 10 * 10 }) else {
                fatalError("written again, \(animation.frames.count) frames came back as \(back.frames.count)")
            }
        }
    }
    return 0
}
