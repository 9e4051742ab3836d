import FuzzSupport
import NinepipeCore

/// Any bytes as a JPEG, at full size and with DCT downscaling, under small limits (so a
/// header bomb is refused, not run). A trap, a sanitizer report or libFuzzer's RSS limit
/// (one allocation over 256 MiB: `-malloc_limit_mb` in Scripts/fuzz.sh) is a bug.
@_cdecl("FuzzJPEG_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxPixelCount: 4 << 20, maxDimension: 8192, maxMetadataBytes: 1 << 20)
    _ = try? JPEGDecoder(limits: limits).readInfo(bytes)
    _ = try? JPEGDecoder(limits: limits).decode(bytes)
    _ = try? JPEGDecoder(limits: limits, scaleDenominator: 8).decode(bytes)
    // A region (what `load | crop` decodes) must equal the full decode cropped.
    if let plain = try? JPEGDecoder(limits: limits, scaleDenominator: 4).decode(bytes), plain.width > 0, plain.height > 0 {
        let x = Int(bytes.last ?? 0) % plain.width
        let y = Int(bytes.first ?? 0) % plain.height
        var regional = JPEGDecoder(limits: limits, scaleDenominator: 4)
        regional.region = PixelRect(x: x, y: y, width: max(1, (plain.width - x) / 2), height: max(1, (plain.height - y) / 2))
        if let part = try? regional.decode(bytes), let region = regional.region, part != plain.cropped(to: region) {
            fatalError("region decode \(region) differs from the full decode cropped")
        }
    }
    // Streamed in bands (scanlines, rows skipped), it must decode to the same image.
    if let plain = try? JPEGDecoder(limits: limits, scaleDenominator: 2).decode(bytes) {
        let rows = Int(bytes.last ?? 0) % 5 + 1
        if let source = try? JPEGDecoder(limits: limits, scaleDenominator: 2).bands(bytes), let streamed = try? source.materialized(bandRows: rows),
            streamed != plain
        {
            fatalError("streamed decode in \(rows)-row bands differs from the whole decode")
        }
    }
    // Turned upright while decoding must equal decoding, then turning.
    var upright = JPEGDecoder(limits: limits, scaleDenominator: 4)
    upright.appliesOrientation = true
    if let turned = try? upright.decode(bytes) {
        guard let plain = try? JPEGDecoder(limits: limits, scaleDenominator: 4).decode(bytes), plain.uprighted() == turned else {
            fatalError("upright-while-decoding differs from decode + uprighted")
        }
    }
    // A lossless turn and crop (what `save lossless=` does) is refused, or gives a JPEG of the
    // planned size whose metadata reads.
    let orientation = Orientation(rawValue: Int(bytes.first ?? 0) % 8 + 1) ?? .up
    let crop = bytes.count > 3 ? PixelRect(x: Int(bytes[1]), y: Int(bytes[2]), width: 1 + Int(bytes[3]) * 4, height: 1 + Int(bytes.last ?? 0) * 4) : nil
    let edit = LosslessEdit(orientation: orientation, crop: size % 2 == 0 ? crop : nil, allowsTrimming: true)
    if let (edited, plan) = try? JPEGCodec().apply(edit, to: bytes, limits: limits) {
        guard let info = try? JPEGCodec().info(edited, limits: limits), info.width == plan.kept.width, info.height == plan.kept.height else {
            fatalError("a lossless edit wrote a JPEG that does not read back at its planned \(plan.kept)")
        }
    }
    return 0
}
