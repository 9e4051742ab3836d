import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Damaged files must give an error or an image, never a trap, hang or huge allocation.
@Suite("Mutated inputs never crash")
struct MutationTests {
    typealias Generator = SeededGenerator

    /// Rewrites every chunk CRC so that mutations get past the CRC check.
    static func repairCRCs(_ bytes: inout [UInt8]) {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
            let end = offset + 8 + length
            guard length >= 0, end + 4 <= bytes.count else { return }
            let crc = bytes.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[(offset + 4)..<end])) }
            bytes.replaceSubrange(end..<(end + 4), with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
            offset = end + 4
        }
    }

    static func pngSeeds() throws -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        var samples: [UInt8] = []
        for i in 0..<(17 * 9) { samples += [UInt8(i & 255), UInt8((i * 7) & 255), 9, UInt8(255 - i)] }
        seeds.append(try PNGEncoder().encode(Image(width: 17, height: 9, layout: .rgba, samples: samples)))
        seeds.append(try PNGEncoder().encode(Image(width: 5, height: 7, layout: .gray, samples: (0..<35).map { UInt16($0 * 1111) })))
        var palette: [UInt8] = []
        for i in 0..<64 { palette += i % 2 == 0 ? [255, 0, 0] : [0, 0, 255] }
        seeds.append(try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, samples: palette)))
        if let suite = TestFiles.pngSuite {
            for name in ["basi0g01", "basi3p02", "basi6a16", "tbrn2c08", "basi4a08"] {
                seeds.append(try TestFiles.bytes(suite.appendingPathComponent("png/\(name).png")))
            }
        }
        return seeds
    }

    @Test("400 mutants of each PNG seed decode or throw")
    func pngMutants() throws {
        var g = Generator(state: 7)
        for seed in try Self.pngSeeds() {
            for _ in 0..<400 {
                var bytes = seed
                for _ in 0..<Int.random(in: 1...4, using: &g) {
                    let index = Int.random(in: 8..<bytes.count, using: &g)
                    bytes[index] = UInt8.random(in: 0...255, using: &g)
                }
                if Bool.random(using: &g) { bytes.removeLast(Int.random(in: 0..<(bytes.count / 2), using: &g)) }
                if Int.random(in: 0..<4, using: &g) != 0 { Self.repairCRCs(&bytes) }
                _ = try? PNGDecoder(limits: ImageLimits(maxPixelCount: 1 << 22)).decode(bytes)
                _ = try? ImageCodecRegistry.builtIn.info(bytes)
            }
        }
    }

    @Test("400 mutants of a JPEG decode or throw")
    func jpegMutants() throws {
        var samples: [UInt8] = []
        for i in 0..<(40 * 24) { samples += [UInt8(i & 255), UInt8((i * 3) & 255), UInt8((i * 5) & 255)] }
        let image = Image(width: 40, height: 24, layout: .rgb, samples: samples)
        let seeds = [try JPEGEncoder().encode(image), try JPEGEncoder(progressive: true).encode(image)]
        var g = Generator(state: 11)
        for seed in seeds {
            for _ in 0..<400 {
                var bytes = seed
                for _ in 0..<Int.random(in: 1...6, using: &g) {
                    bytes[Int.random(in: 2..<bytes.count, using: &g)] = UInt8.random(in: 0...255, using: &g)
                }
                if Bool.random(using: &g) { bytes.removeLast(Int.random(in: 0..<(bytes.count / 2), using: &g)) }
                _ = try? JPEGDecoder(limits: ImageLimits(maxPixelCount: 1 << 22)).decode(bytes)
            }
        }
    }
}
