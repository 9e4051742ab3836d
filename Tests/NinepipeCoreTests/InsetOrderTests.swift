import Testing

@testable import NinepipeCore

/// Insets are written top, left, bottom, right in code; Android's wire orders live in
/// the chunk readers and writers alone, and each is checked here byte by byte.
@Suite("inset orders")
struct InsetOrderTests {
    /// Four different values, so any swapped pair shows.
    let insets = NinePatchInsets(top: 1, left: 2, bottom: 3, right: 4)

    /// The `count` int32 values at `offset`, big- or little-endian.
    func int32s(_ bytes: [UInt8], at offset: Int, count: Int, bigEndian: Bool) -> [Int32] {
        (0..<count).map { index in
            let word = bytes[(offset + 4 * index)..<(offset + 4 * index + 4)].map(UInt32.init)
            let value = bigEndian ? word[0] << 24 | word[1] << 16 | word[2] << 8 | word[3] : word[3] << 24 | word[2] << 16 | word[1] << 8 | word[0]
            return Int32(bitPattern: value)
        }
    }

    @Test("the initialiser and the stored properties agree, label by label")
    func labels() {
        #expect([insets.top, insets.left, insets.bottom, insets.right] == [1, 2, 3, 4])
        #expect(NinePatchInsets.zero == NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0))
    }

    @Test("npTc padding is big-endian left, right, top, bottom at bytes 12…27 (aapt's Res_png_9patch), and reads back")
    func chunkWireOrder() throws {
        let chunk = NinePatchChunk(xDivs: [2, 5], yDivs: [1, 3], padding: insets, colors: [1, 1, 1, 1, 1, 1, 1, 1, 1])
        let bytes = chunk.serialized
        #expect(int32s(bytes, at: 12, count: 4, bigEndian: true) == [2, 4, 1, 3])
        #expect(try NinePatchChunk(parsing: bytes[...]).padding == insets)
    }

    @Test("npLb and npOl insets are little-endian left, top, right, bottom, and read back")
    func boundsWireOrder() throws {
        let bounds = NinePatchLayoutBounds(insets: insets).serialized
        #expect(int32s(bounds, at: 0, count: 4, bigEndian: false) == [2, 1, 4, 3])
        #expect(try NinePatchLayoutBounds(parsing: bounds[...]).insets == insets)
        let outline = NinePatchOutline(insets: insets, radius: 2.5, alpha: 255).serialized
        #expect(int32s(outline, at: 0, count: 4, bigEndian: false) == [2, 1, 4, 3])
        #expect(try NinePatchOutline(parsing: outline[...]).insets == insets)
    }

    @Test("cap insets: top and left from the first div, bottom and right from the last")
    func capInsets() {
        let chunk = NinePatchChunk(xDivs: [2, 6], yDivs: [1, 7], padding: .zero, colors: [])
        #expect(chunk.capInsets(width: 10, height: 10) == NinePatchInsets(top: 1, left: 2, bottom: 3, right: 4))
    }
}
