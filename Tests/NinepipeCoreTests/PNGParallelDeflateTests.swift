import CZlib
import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// PNG encoding was the slowest stage and ran on one core. Images are now deflated in
/// 256 KiB blocks on every core and joined into one zlib stream (as pigz does), each block with
/// the zlib strategy its samples choose.
@Suite("PNG encoding on several cores")
struct PNGParallelDeflateTests {
    /// A noisy photo-like image big enough for several blocks (2.3 MB of filtered rows).
    static func photo(layout: PixelLayout, sixteen: Bool = false, width: Int = 1100) -> Image {
        var generator = SeededBytes(seed: 7)
        let height = 2_300_000 / (width * layout.channelCount * (sixteen ? 2 : 1)) + 1
        let count = width * height * layout.channelCount
        if sixteen {
            let samples = (0..<count).map { index -> UInt16 in UInt16(truncatingIfNeeded: (index * 37) ^ Int(generator.next()) << 4) }
            return Image(width: width, height: height, layout: layout, samples: samples)
        }
        let samples = (0..<count).map { index -> UInt8 in UInt8(truncatingIfNeeded: (index / 3 + (index % width)) / 4) &+ (generator.next() & 7) }
        return Image(width: width, height: height, layout: layout, samples: samples)
    }

    @Test(
        "large images round-trip bit-exactly through the block-parallel stream, for each layout and depth",
        arguments: [(PixelLayout.rgb, false), (.rgba, false), (.gray, false), (.rgba, true), (.gray, true)])
    func roundTrip(layout: PixelLayout, sixteen: Bool) throws {
        let image = Self.photo(layout: layout, sixteen: sixteen)
        let rowBytes = image.width * layout.channelCount * (sixteen ? 2 : 1)
        #expect(PNGParallelDeflate(height: image.height, rowBytes: rowBytes, bpp: 1, adaptive: true, level: 4, strategy: 1).blockCount >= 4)
        let bytes = try PNGEncoder().encode(image)
        let decoded = try PNGDecoder().decode(bytes)
        #expect(decoded.width == image.width && decoded.height == image.height)
        let same = decoded.storage == image.storage
        #expect(same, "pixels differ after the round trip")
    }

    @Test("the stream is the same on one core and on four: blocks do not depend on the machine; zlib reads it as one stream")
    func deterministic() throws {
        let image = Self.photo(layout: .rgb)
        let plan = PNGEncodingPlan.plan(for: image, allowsPalette: false)
        let rowBytes = image.width * 3
        let parallel = PNGParallelDeflate(height: image.height, rowBytes: rowBytes, bpp: 3, adaptive: true, level: 4, strategy: 1)
        let packer = PNGRowPacker(image: image, plan: plan)
        var one: [UInt8] = []
        var four: [UInt8] = []
        try parallel.write(cores: 1, rows: { _ in packer }) { one += $0 }
        try parallel.write(cores: 4, rows: { _ in packer }) { four += $0 }
        #expect(one == four)
        let inflated = try Zlib.decompress(one[...], limit: image.height * (rowBytes + 1))
        #expect(inflated.count == image.height * (rowBytes + 1))
        #expect(parallel.blockRows * (rowBytes + 1) <= PNGParallelDeflate.blockBytes && image.height / parallel.blockRows >= 2)
    }

    @Test("an error while getting a block's rows ends the stream with that error, after the blocks in flight")
    func rowsFailure() throws {
        let image = Self.photo(layout: .rgb)
        let packer = PNGRowPacker(image: image, plan: PNGEncodingPlan.plan(for: image, allowsPalette: false))
        let parallel = PNGParallelDeflate(height: image.height, rowBytes: image.width * 3, bpp: 3, adaptive: true, level: 4, strategy: 1)
        var asked: [Int] = []
        var written = 0
        #expect(throws: CancellationError.self) {
            try parallel.write(
                cores: 2,
                rows: { index in
                    asked.append(index)
                    if index == 3 { throw CancellationError() }
                    return packer
                }
            ) { written += $0.count }
        }
        #expect(asked == [0, 1, 2, 3] && written > 2, "asked \(asked), wrote \(written) bytes")
    }

    @Test("each block's samples choose run-length matching for noise-like rows and string matching for repeated shapes")
    func strategyTrial() throws {
        var generator = SeededBytes(seed: 3)
        // Filtered photo residuals: small values around zero, no repeats.
        let noise = (0..<(256 << 10)).map { _ in generator.next() & 0x1F }
        // Text on a screen: the same 600-byte glyph row again and again, with a little change.
        let glyphs = (0..<600).map { _ in generator.next() & 0x81 }
        let text = (0..<(256 << 10)).map { index in glyphs[index % 600] ^ (index % 7919 == 0 ? 1 : 0) }
        func choice(_ data: [UInt8], level: Int32 = 4, start: Int = 0) throws -> Int32 {
            try data.withUnsafeBufferPointer { try PNGStrategyTrial(level: level, preferred: Z_FILTERED).strategy(for: $0, start: start) }
        }
        #expect(try choice(noise) == Z_RLE)
        #expect(try choice(text) == Z_FILTERED)
        #expect(try choice(noise, level: 0) == Z_FILTERED, "level 0 stores: nothing to choose")
        #expect(try choice(noise, start: noise.count - (32 << 10)) == Z_FILTERED, "a block under 64 KiB is not sampled")
        // Dense rows go to run-length matching when it is within 3% of string matching (for a
        // quarter of the time); the file still decodes the same.
        let image = Image(width: 1024, height: 256, layout: .gray, samples: noise)
        let tried = try PNGEncoder().encode(image)
        #expect(try PNGDecoder().decode(tried).storage == image.storage)
        let rowBytes = 1024
        let plain = PNGParallelDeflate(height: 256, rowBytes: rowBytes, bpp: 1, adaptive: true, level: 4, strategy: Z_FILTERED, triesRuns: false)
        let packer = PNGRowPacker(image: image, plan: PNGEncodingPlan.plan(for: image, allowsPalette: false))
        var untried = 0
        try plain.write(cores: 1, rows: { _ in packer }) { untried += $0.count }
        #expect(tried.count * 100 <= untried * 103, "\(tried.count) bytes with the trial, \(untried) without")
    }

    @Test("pngcheck accepts a block-parallel file", .enabled(if: Requirement.met(PNGCheckTests.pngcheck != nil)))
    func pngcheck() throws {
        let path = try TestFiles.temporaryDirectory() + "/big.png"
        try ImageCodecRegistry.builtIn.write(Self.photo(layout: .rgba), to: path, options: EncodeOptions(format: .png))
        #expect(try ChildProcess.run(#require(PNGCheckTests.pngcheck), ["-q", path]).status == 0)
    }
}

/// A small deterministic byte source (xorshift).
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt8 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state >> 32)
    }
}
