import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// GIF in (the first frame) through giflib. Skipped, saying so, in a build without it.
/// The fixtures were written by Pillow; `offset.gif` is a 2×2 frame at (3, 1) on a 6×4 screen.
@Suite("GIF reading", .enabled(if: Requirement.met(GIFCodec.isAvailable), "this build has no GIF (libgif-dev was missing)"))
struct GIFTests {
    static let fixtures = JPEGTests.fixtures.appendingPathComponent("gif")
    func fixture(_ name: String) throws -> [UInt8] { try TestFiles.bytes(Self.fixtures.appendingPathComponent(name)) }

    /// What the fixtures hold: pixel (x, y) is palette entry (x + 7y) mod 200, entry i = (37·(3i), 37·(3i+1), 37·(3i+2)) mod 256.
    static func expected(x: Int, y: Int) -> [Int] {
        let index = (x + 7 * y) % 200
        return (0..<3).map { (37 * (3 * index + $0)) % 256 }
    }

    @Test("interlaced and plain frames decode to their palette colours, rows in order")
    func palette() throws {
        let image = try GIFDecoder().decode(fixture("interlaced.gif"))
        #expect(image.width == 30 && image.height == 21 && image.layout == .rgb)
        for (x, y) in [(0, 0), (29, 20), (5, 1), (11, 9), (3, 18)] {
            #expect((0..<3).map { image.sample(x: x, y: y, channel: $0) } == Self.expected(x: x, y: y), "(\(x), \(y))")
        }
        let info = try GIFDecoder().readInfo(fixture("interlaced.gif"))
        #expect(info.isInterlaced && info.frameCount == 1 && !info.hasAlpha)
        #expect(try ImageCodecRegistry.builtIn.info(fixture("interlaced.gif")).format == .gif)
    }

    @Test("the transparent index becomes alpha 0; everything else is opaque")
    func transparency() throws {
        let image = try GIFDecoder().decode(fixture("transparent.gif"))
        #expect(image.layout == .rgba)
        var transparent = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let alpha = image.sample(x: x, y: y, channel: 3)
                if (x + 7 * y) % 200 == 5 {
                    #expect(alpha == 0)
                    transparent += 1
                } else {
                    #expect(alpha == 255)
                }
            }
        }
        #expect(transparent > 0)
    }

    @Test("an animation gives its first frame with a warning; a frame smaller than the screen keeps its place on palette entry 0, as Pillow draws it")
    func frames() throws {
        var warnings: [String] = []
        let first = try GIFDecoder().decode(fixture("animated.gif")) { warnings.append($0) }
        #expect(first.width == 12 && first.sample(x: 5, y: 5, channel: 0) == 255 && first.sample(x: 5, y: 5, channel: 1) == 0)
        #expect(warnings == ["animated GIF: only the first of its 3 frames is read"])
        #expect(try GIFDecoder().readInfo(fixture("animated.gif")).frameCount == 3)
        let placed = try GIFDecoder().decode(fixture("offset.gif"))
        #expect(placed.width == 6 && placed.height == 4 && placed.layout == .rgb)
        #expect(placed.sample(x: 0, y: 0, channel: 0) == 10 && placed.sample(x: 3, y: 1, channel: 0) == 10 && placed.sample(x: 4, y: 2, channel: 0) == 200)
        #expect((0..<3).map { placed.sample(x: 5, y: 3, channel: $0) } == [10, 20, 30])
    }

    @Test("limits refuse the screen from the header; truncated and corrupt files are errors; 2,000 mutants decode or throw")
    func damaged() throws {
        var huge = try fixture("offset.gif")
        huge.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])  // a 65535×65535 screen
        #expect(throws: LimitError.self) { try GIFDecoder(limits: ImageLimits(maxPixelCount: 1 << 24)).decode(huge) }
        let seed = try fixture("interlaced.gif")
        for cut in [6, 13, 40, seed.count / 2] {
            #expect(throws: GIFError.self) { try GIFDecoder().decode(Array(seed.prefix(cut))) }
        }
        let error = try #require(throws: GIFError.self) { try GIFDecoder().decode(Array(seed.prefix(seed.count / 2))) }
        #expect(error.description.hasPrefix("corrupt GIF: ") && error.description.contains("at byte"), "\(error)")
        // Written again by our encoder, it reads back at its size.
        let rewritten = try ImageCodecRegistry.builtIn.encode(GIFDecoder().decode(seed), options: EncodeOptions(format: .gif))
        #expect(try GIFDecoder().readInfo(rewritten).width == GIFDecoder().readInfo(seed).width)
        // Found by the gif fuzz target: a 0×8 screen reached Image's size precondition (a trap).
        let zeroWide = Array(
            Data(
                base64Encoded:
                    "R0lGOG0AAAAIAIEAAP8AAAAAAAAAAAAAACH/C05FVFNDQVBFMi4wAwEAAAAh+QQACgAAACwAAAAADAAIAAAIEgABCBxIsKDBgwgTKlzIsGHBgAAh+YMIEypcL8iwSLCgwYMTKlwvyLBhwYAAIQ=="
            ) ?? Data())
        let zero = try #require(throws: GIFError.self) { try GIFDecoder().decode(zeroWide) }
        #expect(zero.description.contains("the logical screen is 0×8 pixels"), "\(zero)")
        // Found by the gif fuzz target: an empty first frame (0×0 at x 193) left its data unread, so
        // the decode walked on through it and disagreed with the header-only reading.
        let emptyFrame = Array(
            Data(
                base64Encoded:
                    "R0lGODlhDAAIAIEAAP8AAAAAAAAAAAAAACH/C05FVFNDQVBFMi4wAwEAAAAh+QQACgAAACwAwQAAAAAAAAAIEgABCBxIsKDBgwilKlzIsGHBgAAh+QQBCgABACwAAAAAADs=")
                ?? Data())
        // Skipped now, as the header-only reading skips it: both reach the same truncated frame.
        #expect(throws: GIFError.self) { try GIFDecoder().decode(emptyFrame) }
        #expect(throws: GIFError.self) { try GIFDecoder().readInfo(emptyFrame) }
        // A whole file whose first frame is empty: a screen of palette entry 0 (as Pillow), and the next frame counted.
        let offset = try fixture("offset.gif")
        let descriptor = try #require(offset.indices.first { $0 >= 25 && offset[$0] == 0x2C })
        let empty: [UInt8] = [0x2C, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0x02, 0x01, 0x2C, 0x00]  // 0×0 at (1, 1): clear, end
        let withEmpty = Array(offset[..<descriptor]) + empty + Array(offset[descriptor...])
        var warnings: [String] = []
        let image = try GIFDecoder().decode(withEmpty) { warnings.append($0) }
        #expect(image.width == 6 && image.layout == .rgb && image.sample(x: 3, y: 1, channel: 0) == 10 && warnings.count == 1)
        #expect(try GIFDecoder().readInfo(withEmpty).frameCount == 2)
        var generator = SeededGenerator(state: 23)
        for seed in [seed, try fixture("animated.gif"), try fixture("transparent.gif")] {
            for _ in 0..<700 {
                var bytes = seed
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    bytes[Int.random(in: 6..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<(bytes.count / 2), using: &generator)) }
                _ = try? GIFDecoder(limits: ImageLimits(maxPixelCount: 1 << 22)).decode(bytes)
                _ = try? GIFDecoder().readInfo(bytes)
            }
        }
    }
}

extension GIFTests {
    /// `timed.gif` was written by Pillow with durations 20, 150 and 70 ms and
    /// loop=2; `animated.gif` loops forever at 100 ms; a still GIF has neither.
    @Test("frame durations and the NETSCAPE2.0 loop count are read from the headers")
    func timing() throws {
        let timed = try ImageCodecRegistry.builtIn.info(fixture("timed.gif"))
        #expect(timed.frameDurations == [20, 150, 70] && timed.loopCount == 2)
        let animated = try ImageCodecRegistry.builtIn.info(fixture("animated.gif"))
        #expect(animated.frameDurations == [100, 100, 100] && animated.loopCount == 0)
        let still = try ImageCodecRegistry.builtIn.info(fixture("transparent.gif"))
        #expect(still.frameDurations.isEmpty && still.loopCount == nil)
    }
}

extension GIFTests {
    /// Pillow's `issue_2811.gif` has an LZW minimum code size of 11; giflib refuses it and says
    /// only that a read failed. The message now names the byte and the reason.
    @Test("an LZW minimum code size over 8 is refused with its value and place, not as a short file")
    func wideCodeSize() throws {
        var bytes: [UInt8] = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0]  // a 2×1 image, no local palette
        bytes += [11, 2, 0x00, 0x01, 0, 0x3B]  // code size 11, a data block, the trailer
        #expect(
            throws: GIFError.corrupt(
                "a frame's LZW minimum code size is 11 (at byte 29), over the 8 GIF allows, and giflib cannot decode it (Pillow and browsers read such files)")
        ) {
            try GIFDecoder().decode(bytes)
        }
    }
}
