import Foundation
import Testing
@testable import NinepipeCore

/// Issue 13: PNG encoding was the slowest stage and ran on one core. Large images are now
/// deflated in 1 MiB blocks on every core and joined into one zlib stream (as pigz does).
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

    @Test("large images round-trip bit-exactly through the block-parallel stream, for each layout and depth",
          arguments: [(PixelLayout.rgb, false), (.rgba, false), (.gray, false), (.rgba, true), (.gray, true)])
    func roundTrip(layout: PixelLayout, sixteen: Bool) throws {
        let image = Self.photo(layout: layout, sixteen: sixteen)
        let rowBytes = image.width * layout.channelCount * (sixteen ? 2 : 1)
        #expect(PNGParallelDeflate.pays(height: image.height, rowBytes: rowBytes, cores: 2))
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
        let parallel = PNGParallelDeflate(height: image.height, rowBytes: rowBytes, bpp: 3, adaptive: true, level: 4,
                                          strategy: 1, packer: PNGRowPacker(image: image, plan: plan))
        var one: [UInt8] = [], four: [UInt8] = []
        try parallel.write(cores: 1) { one += $0 }
        try parallel.write(cores: 4) { four += $0 }
        #expect(one == four)
        let inflated = try Zlib.decompress(one[...], limit: image.height * (rowBytes + 1))
        #expect(inflated.count == image.height * (rowBytes + 1))
        #expect(parallel.blockRows * (rowBytes + 1) <= PNGParallelDeflate.blockBytes && image.height / parallel.blockRows >= 2)
    }

    @Test("pngcheck accepts a block-parallel file", .enabled(if: PNGCheckTests.pngcheck != nil))
    func pngcheck() throws {
        let path = try TestFiles.temporaryDirectory() + "/big.png"
        try ImageCodecs.write(Self.photo(layout: .rgba), to: path, options: EncodeOptions(format: .png))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(PNGCheckTests.pngcheck))
        process.arguments = ["-q", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
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
