import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

@Suite("PNG encode/decode round trips")
struct PNGRoundTripTests {
    /// A PNG file made of these chunks.
    static func png(_ chunks: [(PNGChunkType, [UInt8])]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = try PNGChunkWriter { bytes.append(contentsOf: $0) }
        for (type, body) in chunks { try writer.append(type, body) }
        return bytes
    }

    @Test(
        "every PngSuite image survives encode → decode bit-exactly, at its depth",
        .enabled(if: TestFiles.pngSuite != nil, Comment(rawValue: TestFiles.pngSuiteMissing)),
        arguments: TestFiles.pngSuiteNames().filter { !$0.hasPrefix("x") })
    func suiteRoundTrip(name: String) throws {
        let suite = try #require(TestFiles.pngSuite)
        let original = try PNGDecoder().decode(TestFiles.bytes(suite.appendingPathComponent("png/\(name).png")))

        let encoded = try PNGEncoder().encode(original)
        let decoded = try PNGDecoder().decode(encoded)

        #expect(decoded.width == original.width && decoded.height == original.height)
        let originalNeeds16 = original.converted(to: SampleDepth.eight).converted(to: SampleDepth.sixteen) != original.converted(to: SampleDepth.sixteen)
        if original.depth == .sixteen && originalNeeds16 { #expect(decoded.depth == .sixteen) }
        let a = original.depth == decoded.depth ? original : original.converted(to: decoded.depth)
        #expect(decoded.rgbaSamples == a.rgbaSamples)
    }

    @Test("16-bit data that needs 16 bits stays 16-bit through encode")
    func sixteenBitStays() throws {
        let samples: [UInt16] = [0, 1, 65535, 300, 12345, 54321]
        let image = Image(width: 2, height: 1, layout: .rgb, samples: samples)
        let decoded = try PNGDecoder().decode(PNGEncoder().encode(image))
        #expect(decoded.storage == .sixteen(samples))
        #expect(decoded.layout == .rgb)
    }

    @Test("8-bit images never grow to 16 bits; opaque alpha is dropped; gray is detected")
    func smallestLayout() throws {
        let rgbaGrayOpaque = Image(width: 2, height: 1, layout: .rgba, samples: [10, 10, 10, 255, 200, 200, 200, 255] as [UInt8])
        let bytes = try PNGEncoder(allowsPalette: false).encode(rgbaGrayOpaque)
        let header = try PNGHeader(parsing: bytes[16..<29])
        #expect(header.colorType == .gray && header.bitDepth == 8)
        let decoded = try PNGDecoder().decode(bytes)
        #expect(decoded.layout == .gray && decoded.storage == .eight([10, 200]))
    }

    @Test("few colours use a palette with tRNS and decode to the same RGBA")
    func palette() throws {
        var samples: [UInt8] = []
        for i in 0..<64 { samples += i % 3 == 0 ? [255, 0, 0, 128] : i % 3 == 1 ? [0, 255, 0, 255] : [0, 0, 255, 0] }
        let image = Image(width: 8, height: 8, layout: .rgba, samples: samples)
        let bytes = try PNGEncoder().encode(image)
        let header = try PNGHeader(parsing: bytes[16..<29])
        #expect(header.colorType == .palette && header.bitDepth == 2)
        #expect(try PNGDecoder().decode(bytes).storage == .eight(samples))
    }

    @Test("nine-patch chunks are written in aapt's order right after IHDR and read back")
    func ninePatchChunks() throws {
        let info = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [2, 5], yDivs: [1, 3, 4, 6], padding: NinePatchInsets(top: 3, left: 1, bottom: 4, right: 2),
                colors: Array(repeating: 1, count: 15)),
            layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: 2, left: 1, bottom: 0, right: 0)),
            outline: NinePatchOutline(insets: NinePatchInsets(top: 1, left: 1, bottom: 1, right: 1), radius: 2.5, alpha: 77))
        let image = Image(width: 8, height: 8, layout: .gray, depth: .eight, fill: [128], metadata: ImageMetadata(ninePatch: info))
        let bytes = try PNGEncoder().encode(image)
        var reader = try PNGChunkReader(bytes: bytes)
        let order = try (0..<5).map { _ in try reader.next().type.description }
        #expect(order == ["IHDR", "npOl", "npLb", "npTc", "IDAT"])
        #expect(try PNGDecoder().decode(bytes).metadata.ninePatch == info)
    }

    @Test("npTc bytes follow the documented layout")
    func ninePatchLayout() throws {
        let chunk = NinePatchChunk(xDivs: [1, 2], yDivs: [3, 4], padding: NinePatchInsets(top: 7, left: 5, bottom: 8, right: 6), colors: [1])
        let bytes = chunk.serialized
        #expect(bytes.count == 32 + 4 * 5)
        #expect(Array(bytes[0..<4]) == [0, 2, 2, 1])
        #expect(Array(bytes[4..<12]) == [32, 0, 0, 0, 40, 0, 0, 0])
        #expect(Array(bytes[12..<28]) == [0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0, 8])
        #expect(Array(bytes[28..<32]) == [48, 0, 0, 0])
        #expect(Array(bytes[32...]) == [0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 1])
        #expect(try NinePatchChunk(parsing: bytes[...]) == chunk)
    }

    @Test("a malicious npTc is refused, never read out of bounds")
    func maliciousNinePatch() throws {
        var bytes = NinePatchChunk(xDivs: [1, 2], yDivs: [3, 4], padding: .zero, colors: [1]).serialized
        bytes[1] = 200  // claims 200 x-divs
        #expect(throws: ChunkFormatError.self) { try NinePatchChunk(parsing: bytes[...]) }
        #expect(throws: ChunkFormatError.self) { try NinePatchChunk(parsing: bytes[0..<20]) }
    }

    @Test("metadata survives: ICC, density, EXIF orientation, text, gamma")
    func metadataRoundTrip() throws {
        let icc = ICCProfile(name: "Test profile", data: Array(repeating: 7, count: 300))
        let metadata = ImageMetadata(
            orientation: .right, iccProfile: icc, density: PhysicalDensity(dpi: 144),
            text: [TextEntry(keyword: "Title", text: "Café"), TextEntry(keyword: "Note", text: "日本")])
        let image = Image(width: 3, height: 2, layout: .rgb, depth: .eight, fill: [1, 2, 3], metadata: metadata)
        let decoded = try PNGDecoder().decode(PNGEncoder().encode(image))
        #expect(decoded.metadata.iccProfile == icc)
        #expect(decoded.metadata.density == metadata.density)
        #expect(decoded.metadata.orientation == .right)
        #expect(decoded.metadata.text == metadata.text)
    }

    @Test("a 1,000,000 × 1,000,000 header fails at once, naming the limit")
    func hugeHeader() throws {
        let png = try Self.png([
            (.header, PNGHeader(width: 1_000_000, height: 1_000_000, bitDepth: 8, colorType: .rgba, isInterlaced: false).serialized),
            (.imageData, try Zlib.compress([0, 0, 0, 0, 0])), (.end, []),
        ])
        #expect(png.count < 100)
        let start = ContinuousClock.now
        let error = try #require(throws: LimitError.self) { try PNGDecoder().decode(png) }
        #expect(!HangGuard.hung(since: start))
        // The library names the limit it checks (Not a command-line flag).
        #expect(error == .tooManyPixels(width: 1_000_000, height: 1_000_000, limit: ImageLimits.default.maxPixelCount))
        #expect(error.description.contains("ImageLimits.maxPixelCount") && !error.description.contains("--"))
        #expect(error.description.contains("1000000×1000000"))
    }

    @Test("a header within limits but with far too little data is refused before allocating")
    func tinyDataLargeHeader() throws {
        let png = try Self.png([
            (.header, PNGHeader(width: 16000, height: 16000, bitDepth: 16, colorType: .rgba, isInterlaced: false).serialized),
            (.imageData, try Zlib.compress([0, 0, 0, 0, 0])), (.end, []),
        ])
        let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(png) }
        guard case .corruptImageData = error else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test("extra inflated data is an error, not an overrun")
    func tooMuchData() throws {
        let png = try Self.png([
            (.header, PNGHeader(width: 2, height: 2, bitDepth: 8, colorType: .gray, isInterlaced: false).serialized),
            (.imageData, try Zlib.compress([UInt8](repeating: 0, count: 100))), (.end, []),
        ])
        #expect(throws: PNGError.imageDataTooLong) { try PNGDecoder().decode(png) }
    }

    @Test("a CRC error in IHDR names the chunk and byte offset")
    func crcError() throws {
        let image = Image(width: 1, height: 1, layout: .gray, samples: [9] as [UInt8])
        var bytes = try PNGEncoder().encode(image)
        bytes[20] ^= 0xFF
        let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
        guard case .checksumMismatch(let chunk, let offset, _, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(chunk == "IHDR" && offset == 8)
        #expect(error.description.contains("IHDR") && error.description.contains("byte 8"))
    }

    @Test("truncated files are refused", arguments: [10, 40, 60])
    func truncated(keep: Int) throws {
        let image = Image(width: 40, height: 40, layout: .rgb, depth: .eight, fill: [1, 2, 3])
        let bytes = try PNGEncoder().encode(image)
        #expect(throws: PNGError.self) { try PNGDecoder().decode(Array(bytes.prefix(keep))) }
    }
}
