import FuzzSupport
import NinepipeCore

@_cdecl("FuzzInfo_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

/// Header-only reads: `info` on any bytes (PNG or JPEG, metadata parsed, no pixels), and the
/// bytes as an EXIF block (orientation read, then rewritten).
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxPixelCount: 1 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20)
    _ = try? ImageCodecRegistry.builtIn.info(bytes, limits: limits)
    let orientation = EXIF.orientation(in: bytes)
    if let rewritten = EXIF.block(bytes, orientation: .leftMirrored), EXIF.orientation(in: rewritten) != .leftMirrored {
        fatalError(
            "EXIF orientation rewritten as leftMirrored reads back as \(String(describing: EXIF.orientation(in: rewritten))) (was \(String(describing: orientation)))"
        )
    }
    return 0
}
