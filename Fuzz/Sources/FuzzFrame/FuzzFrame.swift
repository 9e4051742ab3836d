import FuzzSupport
import NinepipeCore

@_cdecl("FuzzFrame_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

/// Nine-patch source frames: the bytes after a width byte are a small RGBA image's pixels
/// (padded with transparent ones), with each pixel pushed toward the colours a frame uses so
/// that parsing gets past the first pixel often. When the frame parses, drawing it back and
/// parsing again must give the same stretch regions.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let width = Int(bytes[0] % 24) + 1
    let pixels = (bytes.count - 1) / 2
    let height = min(max(1, (pixels + width - 1) / width), 24)
    let palette: [[UInt8]] = [[0, 0, 0, 0], [0, 0, 0, 255], [255, 0, 0, 255], [255, 255, 255, 255]]
    var samples = [UInt8](repeating: 0, count: width * height * 4)
    for p in 0..<min(pixels, width * height) {
        let kind = bytes[1 + 2 * p]
        let value = bytes[2 + 2 * p]
        let pixel = kind < 200 ? palette[Int(kind) % 4] : [value, value &* 3, value &* 7, kind]
        samples.replaceSubrange((4 * p)..<(4 * p + 4), with: pixel)
    }
    let image = Image(width: width, height: height, layout: .rgba, samples: samples)
    guard let parsed = try? NinePatchFrame.parse(image) else { return 0 }
    guard let framed = NinePatchFrame.framed(parsed) else { fatalError("a parsed frame has no chunk to draw") }
    guard let again = try? NinePatchFrame.parse(framed) else { fatalError("a drawn frame does not parse") }
    if again.metadata.ninePatch?.chunk?.xDivs != parsed.metadata.ninePatch?.chunk?.xDivs
        || again.metadata.ninePatch?.chunk?.yDivs != parsed.metadata.ninePatch?.chunk?.yDivs
    {
        fatalError("stretch regions change through draw and parse")
    }
    return 0
}
