import FuzzSupport
import NinepipeCore

/// Any bytes as a WebP (the RIFF header made right, so mutations reach libwebp's bitstream
/// parsers), at full size and shrunk on load, under small limits. A decoded image must survive
/// a lossless round trip exactly; so must an animation's frames (composited by libwebp: blend,
/// dispose, frames past the canvas), written again as a lossless animated WebP. A trap, a
/// sanitizer report or an allocation over 256 MiB is a bug.
@_cdecl("FuzzWebP_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, WebPCodec.isAvailable else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // "RIFF", the size of what follows, "WEBP": the container's own header, kept consistent.
    if bytes.count >= 12 {
        bytes.replaceSubrange(0..<4, with: Array("RIFF".utf8))
        let riffSize = UInt32(bytes.count - 8)
        bytes.replaceSubrange(4..<8, with: (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) })
        bytes.replaceSubrange(8..<12, with: Array("WEBP".utf8))
    }
    let limits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 8192, maxMetadataBytes: 1 << 20, maxFrameCount: 64)
    _ = try? WebPDecoder(limits: limits).readInfo(bytes)
    _ = try? ImageCodecRegistry.builtIn.info(bytes, limits: limits)
    _ = try? WebPDecoder(limits: limits, scaleDenominator: 4).decode(bytes)
    var upright = WebPDecoder(limits: limits)
    upright.appliesOrientation = true
    if let image = try? upright.decode(bytes) {
        guard let again = try? WebPDecoder(limits: limits).decode(WebPEncoder(isLossless: true, effort: 0).encode(image)) else {
            fatalError("a decoded \(image.width)×\(image.height) image did not survive a lossless round trip")
        }
        // An opaque image comes back without its alpha channel: compare as RGBA.
        if again.converted(to: .rgba).storage != image.converted(to: .rgba).storage { fatalError("the lossless round trip changed pixels") }
    }
    if let animation = try? WebPAnimation.decode(bytes, limits: limits) {
        guard let written = try? WebPAnimation.encode(animation, encoder: WebPEncoder(isLossless: true, effort: 0)),
            let back = try? WebPAnimation.decode(written, limits: limits)
        else { fatalError("an animation of \(animation.frames.count) frames did not survive a lossless round trip") }
        // libwebp may store a frame identical to the one before as a longer showing of that one
        // (and decides what is identical itself): every frame read back must be one written, the
        // first the first, none added, and the animation as long as it was.
        let pictures = animation.frames.map { visible($0.image) }
        guard !back.frames.isEmpty, back.frames.count <= pictures.count, visible(back.frames[0].image) == pictures[0] else {
            fatalError("written again, \(pictures.count) frames came back as \(back.frames.count), or the first changed")
        }
        for (index, frame) in back.frames.enumerated() where !pictures.contains(visible(frame.image)) {
            fatalError("the lossless animation round trip changed frame \(index)")
        }
        let total = animation.frames.reduce(0) { $0 + $1.duration }
        if pictures.count > 1, back.frames.count > 1, back.frames.reduce(0, { $0 + $1.duration }) != total {
            fatalError("written again, the animation lasts \(back.frames.reduce(0) { $0 + $1.duration }) ms, not \(total)")
        }
    }
    return 0
}

/// RGBA samples with every fully transparent pixel made (0, 0, 0, 0).
func visible(_ image: Image) -> [UInt8] {
    guard case .eight(var samples) = image.converted(to: .rgba).storage else { return [] }
    for i in stride(from: 0, to: samples.count, by: 4) where samples[i + 3] == 0 { samples.replaceSubrange(i..<i + 4, with: [0, 0, 0, 0]) }
    return samples
}
