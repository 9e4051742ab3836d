import FuzzSupport
import NinepipeCore

/// Any bytes as a GIF (the signature made right), header-only and decoded, under small
/// limits; a decoded first frame must be as large as the screen `readInfo` reports. A trap, a
/// sanitizer report or an allocation over 256 MiB is a bug.
@_cdecl("FuzzGIF_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, GIFCodec.isAvailable else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.count >= 6 { bytes.replaceSubrange(0..<6, with: Array("GIF89a".utf8)) }
    let limits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 8192, maxMetadataBytes: 1 << 20)
    let info = try? GIFDecoder(limits: limits).readInfo(bytes)
    _ = try? ImageCodecs.info(bytes, limits: limits)
    if let image = try? GIFDecoder(limits: limits).decode(bytes) {
        guard let info, info.width == image.width, info.height == image.height else {
            fatalError("decoded \(image.width)×\(image.height) but the header says \(info.map { "\($0.width)×\($0.height)" } ?? "nothing readable")")
        }
    }
    return 0
}
