import Testing

@testable import NinepipeCore

/// Nine-patch chunks whose numbers no aapt writes (found by fuzzing: they used to load and then
/// trap in crop, frame drawing and stretching). Each file is built here from bytes.
@Suite("nine-patch chunk values")
struct NinePatchChunkValidationTests {
    /// A 10×8 RGBA PNG carrying `info` exactly as given (the encoder does not check it).
    static func png(_ info: NinePatchInfo) throws -> [UInt8] {
        var image = Image(width: 10, height: 8, layout: .rgba, depth: .eight, fill: [40, 80, 120, 255])
        image.metadata.ninePatch = info
        return try PNGEncoder().encode(image)
    }

    /// The fuzzer's chunk: divs [2,5]/[1,4], no colours, and the given padding.
    static func chunk(_ padding: NinePatchInsets) -> NinePatchInfo {
        NinePatchInfo(chunk: NinePatchChunk(xDivs: [2, 5], yDivs: [1, 4], padding: padding, colors: []))
    }

    /// The byte offset of the chunk named `type` (where its length field starts).
    static func offset(of type: String, in bytes: [UInt8]) -> Int {
        let tag = Array(type.utf8)
        return (0..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == tag }.map { $0 - 4 } ?? -1
    }

    @Test(
        "impossible values are refused where the chunk is read, naming the chunk, its byte offset, the field and what to do",
        arguments: [
            (chunk(NinePatchInsets(top: 0, left: 8, bottom: 0, right: 5)), "npTc", "npTc padding left 8 + right 5 is more than the image width 10"),
            (chunk(NinePatchInsets(top: 0, left: 0, bottom: 0, right: -20)), "npTc", "npTc padding right -20 is outside 0…10 (the image width)"),
            (chunk(NinePatchInsets(top: 0, left: 0, bottom: 0, right: .min)), "npTc", "npTc padding right -2147483648 is outside 0…10 (the image width)"),
            (chunk(NinePatchInsets(top: 9, left: 0, bottom: 0, right: 0)), "npTc", "npTc padding top 9 is outside 0…8 (the image height)"),
            (NinePatchInfo(chunk: NinePatchChunk(xDivs: [2, 11], yDivs: [], padding: .zero, colors: [])), "npTc", "npTc x-div 11 is past the image width 10"),
            (
                NinePatchInfo(layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: 0, left: -1, bottom: 0, right: 0))), "npLb",
                "npLb left -1 is outside 0…10 (the image width)"
            ),
            (NinePatchInfo(outline: NinePatchOutline(insets: .zero, radius: .nan, alpha: 255)), "npOl", "npOl radius nan is not a finite number ≥ 0"),
            (NinePatchInfo(outline: NinePatchOutline(insets: .zero, radius: 2, alpha: 256)), "npOl", "npOl alpha 256 is outside 0…255"),
        ])
    func refused(info: NinePatchInfo, type: String, reason: String) throws {
        let bytes = try Self.png(info)
        let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
        #expect(
            error.description
                == "corrupt PNG: chunk \(type) at byte \(Self.offset(of: type, in: bytes)): \(reason); the nine-patch chunk is damaged (aapt never writes this): compile its .9.png source again"
        )
        // A metadata-only read (what `info` does) refuses it too.
        #expect(throws: PNGError.self) { try ImageCodecRegistry.builtIn.info(bytes) }
    }

    @Test("values aapt does write are kept: padding that fills the axis, layout bounds over a whole edge from both ends")
    func accepted() throws {
        let info = NinePatchInfo(
            chunk: NinePatchChunk(xDivs: [0, 10], yDivs: [2, 3], padding: NinePatchInsets(top: 4, left: 10, bottom: 4, right: 0), colors: []),
            layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: 8, left: 0, bottom: 7, right: 0)),
            outline: NinePatchOutline(insets: NinePatchInsets(top: 0, left: 1, bottom: 0, right: 1), radius: 3.4142, alpha: 255))
        #expect(try PNGDecoder().decode(Self.png(info)).metadata.ninePatch == info)
    }
}
