import FuzzSupport
import NinepipeCore

/// Any bytes as HEIC/AVIF through libheif, header-only and decoded, under small limits; a
/// decoded image must be the size `readInfo` reports. A trap, a sanitizer report or an
/// allocation over 256 MiB is a bug.
@_cdecl("FuzzHEIF_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, HEIFCodec.isAvailable else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20)
    let info = try? HEIFDecoder(limits: limits).readInfo(bytes)
    _ = try? ImageCodecRegistry.builtIn.info(bytes, limits: limits)
    if let image = try? HEIFDecoder(limits: limits).decode(bytes) {
        guard let info, info.width == image.width, info.height == image.height else {
            fatalError("decoded \(image.width)×\(image.height) but the header says \(info.map { "\($0.width)×\($0.height)" } ?? "nothing readable")")
        }
    }
    return 0
}
