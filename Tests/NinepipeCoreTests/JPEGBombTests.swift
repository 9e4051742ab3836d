import Testing

@testable import NinepipeCore

/// Tiny JPEGs whose headers promise huge images (found by fuzzing: a 623-byte baseline file
/// made `load` take 789 MiB, a 237-byte progressive one 1,557 MiB, before failing). Each is
/// built here: a real small JPEG whose SOF is patched to 16384×16384 and whose scan data is cut.
/// `Benchmarks/bombs.sh` measures their peak memory with `/usr/bin/time -v`.
@Suite("JPEG header bombs")
struct JPEGBombTests {
    /// `bytes` with the SOF0/SOF2 size replaced and everything after the first SOS header
    /// replaced by `scanBytes` bytes of `fill`, then EOI.
    static func bomb(_ bytes: [UInt8], width: Int, height: Int, scanBytes: Int = 0, fill: UInt8 = 0) -> [UInt8] {
        var out = Array(bytes.prefix(2))
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            var segment = Array(bytes[index..<min(bytes.count, index + 2 + length)])
            if marker == 0xC0 || marker == 0xC2, segment.count >= 9 {
                segment[5] = UInt8(height >> 8)
                segment[6] = UInt8(height & 0xFF)
                segment[7] = UInt8(width >> 8)
                segment[8] = UInt8(width & 0xFF)
            }
            out += segment
            index += 2 + length
            if marker == 0xDA { break }
        }
        return out + [UInt8](repeating: fill, count: scanBytes) + [0xFF, 0xD9]
    }

    static func small(progressive: Bool) throws -> [UInt8] {
        try JPEGEncoder(quality: 90, progressive: progressive).encode(JPEGTests.photo(width: 16, height: 16))
    }

    @Test("a header over what its data can code is refused before any pixel or coefficient memory", arguments: [false, true])
    func refusedFromSize(progressive: Bool) throws {
        let bytes = Self.bomb(try Self.small(progressive: progressive), width: 16384, height: 16384)
        #expect(bytes.count < 1000)
        let error = try #require(throws: JPEGError.self) { try JPEGDecoder().decode(bytes) }
        let kind = progressive ? "progressive" : "baseline"
        // Baseline with the standard tables: a luma block takes at least a 2-bit DC code and a
        // 3-bit AC code (2-bit code + 1 extra bit), a chroma block 2 + 2 (end-of-block).
        // Progressive (libjpeg's optimised tables): at least 1 bit per block.
        let needed = progressive ? 786_432 : (4_194_304 * 5 + 2_097_152 * 4) / 8
        let prefix = "corrupt JPEG: the file holds 2 bytes of image data, but a 16384×16384 \(kind) JPEG (6291456 blocks of 8×8) needs at least "
        #expect(error.description.hasPrefix(prefix), "\(error)")
        let number = Int(error.description.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
        #expect(progressive ? number >= needed : number == needed, "\(error)")
    }

    @Test("the bound is the least a flat image needs: one byte short is refused, enough bytes are decoded")
    func boundIsTight() throws {
        // A 64×64 4:2:0 baseline file with the standard tables: 64 luma blocks of at least
        // 5 bits and 2 × 16 chroma blocks of at least 4 (see above).
        let base = try Self.small(progressive: false)
        let needed = (64 * 5 + 32 * 4 + 7) / 8
        let short = Self.bomb(base, width: 64, height: 64, scanBytes: needed - 3)  // + FF D9 = needed − 1
        let error = try #require(throws: JPEGError.self) { try JPEGDecoder().decode(short) }
        #expect(error.description.contains("needs at least \(needed)"), "\(error)")
        // With enough bytes the header is believed; the garbage data then fails as damaged, not as a bomb.
        let enough = Self.bomb(base, width: 64, height: 64, scanBytes: needed)
        let later = try #require(throws: JPEGError.self) { try JPEGDecoder().decode(enough) }
        #expect(!later.description.contains("needs at least"), "\(later)")
    }

    @Test("real flat images well under the bound's worst case still decode", arguments: [false, true])
    func flatImagesDecode(progressive: Bool) throws {
        let white = Image(width: 1024, height: 768, layout: .rgb, depth: .eight, fill: [255, 255, 255])
        let bytes = try JPEGEncoder(quality: 75, progressive: progressive).encode(white)
        let decoded = try JPEGDecoder().decode(bytes)
        #expect(decoded.width == 1024 && decoded.height == 768)
    }

    @Test("decoder working memory is counted against the pixel limit, with advice")
    func decoderMemoryLimit() throws {
        let limits = ImageLimits(maxPixelCount: 1_000_000)
        #expect(limits.decoderMemoryLimit == 8_000_000 + (64 << 20))
        #expect(ImageLimits(maxPixelCount: .max).decoderMemoryLimit == .max)
        let error = try #require(throws: LimitError.self) { try limits.checkDecoderMemory("a coefficient buffer", size: 200 << 20) }
        #expect(error == .decoderMemoryTooLarge(kind: "a coefficient buffer", size: 200 << 20, limit: 8_000_000 + (64 << 20)))
        #expect(
            error.description
                == "a coefficient buffer needs 200 MiB of decoder memory, over the limit of 71 MiB (8 bytes per allowed pixel, ImageLimits.decoderMemoryLimit)")
        #expect(ImageLimits.untrusted.maxPixelCount == 50_000_000)
    }
}
