import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// `Fixtures/aapt-*.png` are the outputs of Debian's `aapt singleCrunch -i aapt-*.9.png`
/// (two x stretch regions, one y region, padding, layout bounds). Our chunks must match its bytes.
@Suite("aapt compatibility")
struct AaptCompatibilityTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/NinepipeCoreTests").appendingPathComponent("Fixtures")

    /// The (type, body) of every chunk in `bytes`.
    func chunks(_ bytes: [UInt8]) throws -> [(String, [UInt8])] {
        var reader = try PNGChunkReader(bytes: bytes)
        var result: [(String, [UInt8])] = []
        while !reader.isAtEnd {
            let chunk = try reader.next()
            result.append((chunk.type.description, Array(try reader.data(of: chunk))))
        }
        return result
    }

    @Test("npTc, npLb and npOl read from aapt output")
    func reads() throws {
        let bytes = try TestFiles.bytes(Self.fixtures.appendingPathComponent("aapt-button.png"))
        let image = try PNGDecoder().decode(bytes)
        let info = try #require(image.metadata.ninePatch)
        #expect(image.width == 20 && image.height == 14)
        #expect(info.chunk?.xDivs == [2, 5, 9, 13])
        #expect(info.chunk?.yDivs == [3, 7])
        #expect(info.chunk?.padding == NinePatchInsets(top: 2, left: 1, bottom: 3, right: 3))
        #expect(info.chunk?.colors == Array(repeating: NinePatchChunk.noColor, count: 15))
        #expect(info.layoutBounds?.insets == NinePatchInsets(top: 1, left: 1, bottom: 0, right: 0))
        #expect(info.outline == NinePatchOutline(insets: NinePatchInsets(top: 0, left: 0, bottom: 1, right: 0), radius: 0, alpha: 255))
    }

    @Test("re-encoding writes aapt's chunk bytes in aapt's order")
    func writesSameBytes() throws {
        let bytes = try TestFiles.bytes(Self.fixtures.appendingPathComponent("aapt-button.png"))
        let theirs = try chunks(bytes).filter { $0.0.hasPrefix("np") }
        let ours = try chunks(PNGEncoder().encode(PNGDecoder().decode(bytes)))
        #expect(ours.map(\.0).prefix(4) == ["IHDR", "npOl", "npLb", "npTc"])
        #expect(ours.filter { $0.0.hasPrefix("np") }.map(\.0) == theirs.map(\.0))
        for (mine, aapt) in zip(ours.filter { $0.0.hasPrefix("np") }, theirs) {
            #expect(mine.1 == aapt.1, "\(mine.0) differs from aapt's")
        }
    }

    @Test("an npTc whose length disagrees with its counts is refused with the chunk name")
    func refusesBadLength() throws {
        var bytes = try TestFiles.bytes(Self.fixtures.appendingPathComponent("aapt-button.png"))
        // npTc starts at byte 0x61 (its length field); its body 8 bytes later; body byte 1 is numXDivs.
        bytes[0x61 + 8 + 1] = 6
        // Fix the CRC so that the length check, not the CRC check, is what fails.
        let bodyEnd = 0x61 + 8 + 116
        let crc = bytes.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[(0x61 + 4)..<bodyEnd])) }
        bytes.replaceSubrange(bodyEnd..<(bodyEnd + 4), with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
        let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
        #expect(error.description.contains("npTc") && error.description.contains("byte 97"), "\(error)")
    }

    /// `aapt-button`: transparent frame, two x regions, bottom layout bound, no solid cells.
    /// `aapt-white`: white frame, transparent and solid cells, right-edge layout bounds, a rounded outline.
    @Test(
        "parsing the source frame gives exactly what aapt compiled: divs, padding, colours, bounds, outline",
        arguments: ["aapt-button", "aapt-white"])
    func parsesSourceLikeAapt(name: String) throws {
        let source = try PNGDecoder().decode(TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".9.png")))
        let compiled = try PNGDecoder().decode(TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".png")))
        let parsed = try NinePatchFrame.parse(source)
        #expect(parsed.width == compiled.width && parsed.height == compiled.height)
        #expect(parsed.metadata.ninePatch == compiled.metadata.ninePatch)
        // Same chunk bytes once encoded.
        let ours = try chunks(PNGEncoder().encode(parsed)).filter { $0.0.hasPrefix("np") }
        let theirs = try chunks(TestFiles.bytes(Self.fixtures.appendingPathComponent(name + ".png"))).filter { $0.0.hasPrefix("np") }
        #expect(ours.map(\.0) == theirs.map(\.0))
        for (mine, aapt) in zip(ours, theirs) { #expect(mine.1 == aapt.1, "\(mine.0) differs from aapt's") }
    }

    @Test("drawing the frame back from the chunks restores the source frame")
    func framesRoundTrip() throws {
        let source = try PNGDecoder().decode(TestFiles.bytes(Self.fixtures.appendingPathComponent("aapt-button.9.png")))
        let parsed = try NinePatchFrame.parse(source)
        let redrawn = try #require(NinePatchFrame.framed(parsed))
        let again = try NinePatchFrame.parse(redrawn)
        #expect(again.metadata.ninePatch?.chunk == parsed.metadata.ninePatch?.chunk)
        #expect(again.metadata.ninePatch?.layoutBounds == parsed.metadata.ninePatch?.layoutBounds)
    }

    @Test(
        "bad frames are refused with the pixel, its edge and its colour",
        arguments: [
            (
                (0, 5, Color(red: 0, green: 0, blue: 0, alpha: 0x7f)),
                "pixel (0, 5) on the left edge is #0000007f; frame pixels must be fully transparent, black or red"
            ),
            ((4, 0, Color(red: 0, green: 0, blue: 255)), "pixel (4, 0) on the top edge is #0000ffff; frame pixels must be fully transparent, black or red"),
            (
                (0, 0, Color(red: 9, green: 9, blue: 9)),
                "the top-left pixel (0, 0) is #090909ff; it sets the frame's neutral colour and must be fully transparent or opaque white"
            ),
            (
                (8, 9, Color(red: 0, green: 0, blue: 0)),
                "the bottom edge has a second content-padding run at pixel (8, 9); mark at most one padding run per edge"
            ),
        ])
    func badFrames(change: (Int, Int, Color), message: String) throws {
        // 10×10 source: stretch x 3..<5 and y 3..<5, padding run on the bottom at x 2…4.
        var samples = [UInt8](repeating: 0, count: 10 * 10 * 4)
        func set(_ x: Int, _ y: Int, _ c: Color) {
            samples.replaceSubrange(((y * 10 + x) * 4)..<((y * 10 + x) * 4 + 4), with: [c.red, c.green, c.blue, c.alpha])
        }
        for y in 1..<9 { for x in 1..<9 { set(x, y, Color(red: 200, green: 10, blue: 10)) } }
        for i in 4..<6 {
            set(i, 0, Color(red: 0, green: 0, blue: 0))
            set(0, i, Color(red: 0, green: 0, blue: 0))
        }
        for x in 3..<6 { set(x, 9, Color(red: 0, green: 0, blue: 0)) }
        set(change.0, change.1, change.2)
        let image = Image(width: 10, height: 10, layout: .rgba, samples: samples)
        let error = try #require(throws: NinePatchFrameError.self) { try NinePatchFrame.parse(image) }
        #expect(error.description == "nine-patch frame: " + message)
    }

    /// Android's `dialog_bottom_holo_*` carry such a right edge: aapt reads it as top 8,
    /// bottom 7 (its far-end loop stops before the first frame pixel), not 8 and 8.
    @Test("a layout-bound run over a whole edge counts as aapt counts it")
    func wholeEdgeLayoutBounds() throws {
        var samples = [UInt8](repeating: 0, count: 10 * 10 * 4)
        func set(_ x: Int, _ y: Int, _ c: Color) {
            samples.replaceSubrange(((y * 10 + x) * 4)..<((y * 10 + x) * 4 + 4), with: [c.red, c.green, c.blue, c.alpha])
        }
        for y in 1..<9 { for x in 1..<9 { set(x, y, Color(red: 20, green: 90, blue: 200)) } }
        for i in 3..<6 {
            set(i, 0, Color(red: 0, green: 0, blue: 0))
            set(0, i, Color(red: 0, green: 0, blue: 0))
        }
        for y in 1..<9 { set(9, y, Color(red: 255, green: 0, blue: 0)) }
        for x in 1..<3 { set(x, 9, Color(red: 255, green: 0, blue: 0)) }
        let parsed = try NinePatchFrame.parse(Image(width: 10, height: 10, layout: .rgba, samples: samples))
        let bounds = try #require(parsed.metadata.ninePatch?.layoutBounds?.insets)
        #expect(bounds == NinePatchInsets(top: 8, left: 2, bottom: 7, right: 0))
    }
}
