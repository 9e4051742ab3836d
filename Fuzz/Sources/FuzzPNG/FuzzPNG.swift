import FuzzSupport
import NinepipeCore
import NinepipePlugins

/// Any bytes as a PNG, with small limits so a hostile header cannot make the fuzzer itself run
/// out of memory: decode, decode a region of it (which must equal the full decode cropped),
/// read its nine-patch as `load` would (under both names), and when that works, stretch it,
/// draw its frame and encode it again. A trap or sanitizer report is a bug;
/// thrown errors are the expected outcome for most inputs.
@_cdecl("FuzzPNG_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let raw = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxPixelCount: 1 << 20, maxDimension: 4096, maxMetadataBytes: 1 << 20)
    _ = try? ImageCodecRegistry.builtIn.info(raw, limits: limits)
    _ = try? PNGDecoder(limits: limits).decode(raw)
    // Mutations nearly always break a CRC, and a critical chunk with a bad CRC is refused at
    // once; with the CRCs made right the fuzzer reaches the parsers and the inflater.
    let bytes = withValidCRCs(raw)
    _ = try? ImageCodecRegistry.builtIn.info(bytes, limits: limits)
    guard let image = try? PNGDecoder(limits: limits).decode(bytes) else { return 0 }
    // A region decode (what `load | crop` does) must give exactly the full decode cropped.
    if image.width > 0, image.height > 0 {
        let x = Int(raw.first ?? 0) % image.width
        let y = Int(raw.last ?? 0) % image.height
        let region = PixelRect(x: x, y: y, width: max(1, (image.width - x) / 2), height: max(1, (image.height - y) / 2))
        guard let part = try? PNGDecoder(limits: limits).decode(bytes, region: region), part == image.cropped(to: region) else {
            fatalError("region decode \(region) differs from the full decode cropped")
        }
    }
    // Streamed in bands, it must decode to the same image, and a streamed encode must round-trip.
    let rows = Int(raw.first ?? 0) % 7 + 1
    if let source = try? PNGDecoder(limits: limits).bands(bytes) {
        guard let streamed = try? source.materialized(bandRows: rows), streamed == image else {
            fatalError("streamed decode in \(rows)-row bands differs from the whole decode")
        }
    }
    var encoded: [UInt8] = []
    if (try? PNGEncoder().encode(ImageBandSource(image), to: { encoded.append(contentsOf: $0) })) != nil {
        guard let back = try? PNGDecoder(limits: limits).decode(encoded), back.storage == image.storage else {
            fatalError("a streamed encode does not decode to the same pixels")
        }
    }
    for name in ["x.9.png", "x.png"] {
        guard let resolved = try? NinePatchSource.auto.resolve(image, path: name) else { continue }
        _ = try? Transforms.NinePatch(width: 37, height: 23).apply(to: resolved)
        _ = NinePatchFrame.framed(resolved)
        _ = try? ImageCodecRegistry.builtIn.encode(resolved, options: EncodeOptions(format: .png))
    }
    return 0
}

/// `bytes` with every whole chunk's CRC recomputed (bytes after the last whole chunk kept).
func withValidCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var offset = 8
    while offset + 12 <= out.count {
        let length = Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
        let end = offset + 8 + length
        guard length >= 0, end + 4 <= out.count else { break }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in out[(offset + 4)..<end] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        for k in 0..<4 { out[end + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
        offset = end + 4
    }
    return out
}
