import FuzzSupport
import NinepipeCore

/// Any bytes as a WebP (the RIFF header made right, so mutations reach libwebp's bitstream
/// parsers), at full size and shrunk on load, under small limits. A decoded image must survive
/// a lossless round trip exactly. A trap, a sanitizer report or an allocation over 256 MiB is a bug.
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
    let limits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 8192, maxMetadataBytes: 1 << 20)
    _ = try? WebPDecoder(limits: limits).readInfo(bytes)
    _ = try? ImageCodecs.info(bytes, limits: limits)
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
    return 0
}
