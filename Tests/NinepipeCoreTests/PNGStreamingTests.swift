import Foundation
import Testing

@testable import NinepipeCore

/// PNG decoded and encoded band by band, from and to files, never whole in memory.
@Suite("PNG streaming")
struct PNGStreamingTests {
    /// A photo-like image large enough that the encoder deflates it in parallel blocks.
    static func large(layout: PixelLayout = .rgb, depth: SampleDepth = .eight, width: Int = 700, height: Int = 520) -> Image {
        var generator = UInt64(0x9E37_79B9_7F4A_7C15)
        let channels = layout.channelCount
        let count = width * height * channels
        func value(_ index: Int) -> Int {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pixel = index / channels
            let x = pixel % width
            let y = pixel / width
            return ((x * 3 + y * 2 + index % channels * 50) % 256 + Int(generator >> 60)) % 256 * 256 + Int(generator >> 56)
        }
        switch depth {
        case .eight: return Image(width: width, height: height, layout: layout, samples: (0..<count).map { UInt8(truncatingIfNeeded: value($0) / 256) })
        case .sixteen: return Image(width: width, height: height, layout: layout, samples: (0..<count).map { UInt16(truncatingIfNeeded: value($0)) })
        }
    }

    @Test("every non-interlaced PngSuite file streams to the same pixels and metadata as a whole decode")
    func pngSuiteStreams() throws {
        guard let suite = TestFiles.pngSuite else { try Test.cancel(Comment(rawValue: TestFiles.pngSuiteMissing)) }
        var streamed = 0
        for name in TestFiles.pngSuiteNames() where !name.hasPrefix("x") {
            let bytes = try TestFiles.bytes(suite.appendingPathComponent("png/\(name).png"))
            let whole = try PNGDecoder().decode(bytes)
            guard let source = try PNGDecoder().bands(bytes) else {
                #expect(name.contains("i"), "\(name): only interlaced files decline to stream")
                continue
            }
            #expect(try source.materialized(bandRows: 3) == whole, "\(name)")
            streamed += 1
        }
        #expect(streamed > 100)
    }

    @Test("corrupt PngSuite files are refused when streamed too, before or while rows are read")
    func corruptRefused() throws {
        guard let suite = TestFiles.pngSuite else { try Test.cancel(Comment(rawValue: TestFiles.pngSuiteMissing)) }
        for name in TestFiles.pngSuiteNames() where name.hasPrefix("x") {
            let bytes = try TestFiles.bytes(suite.appendingPathComponent("png/\(name).png"))
            #expect(throws: (any Error).self, "\(name)") { _ = try PNGDecoder().bands(bytes)?.materialized() ?? PNGDecoder().decode(bytes) }
        }
    }

    @Test("a file is read by position: rows skipped, rows below the last one asked for never read")
    func fileRegions() throws {
        let image = Self.large(layout: .rgba, depth: .sixteen, width: 97, height: 61)
        let path = try TestFiles.temporaryDirectory() + "/a.png"
        try ImageCodecRegistry.builtIn.write(image, to: path, options: EncodeOptions(format: .png))
        let file = try #require(FileBytes(descriptor: open(path, O_RDONLY), path: path))
        let source = try #require(try PNGDecoder().bands(file))
        #expect(source.header.width == 97 && source.header.depth == .sixteen)
        let first = try source.read(3..<10)
        let second = try source.read(20..<21)
        #expect(first.rows == image.cropped(to: PixelRect(x: 0, y: 3, width: 97, height: 7)).withoutMetadata)
        #expect(second.top == 20 && second.rows == image.cropped(to: PixelRect(x: 0, y: 20, width: 97, height: 1)).withoutMetadata)
    }

    @Test("a truncated file fails while streaming with the same error as a whole decode")
    func truncated() throws {
        // A valid chunk structure whose IDAT holds 150 of the 200 rows.
        let bytes = try PNGRoundTripTests.png([
            (.header, PNGHeader(width: 300, height: 200, bitDepth: 8, colorType: .rgb, isInterlaced: false).serialized),
            (.imageData, Array(try Zlib.compress(Array(repeating: 0, count: 901 * 150)))), (.end, []),
        ])
        #expect(throws: PNGError.imageDataTooShort(decodedRows: 150, expectedRows: 200)) { try PNGDecoder().decode(bytes) }
        let source = try #require(try PNGDecoder().bands(bytes))
        #expect(try source.read(0..<150).rows.height == 150)
        #expect(throws: PNGError.imageDataTooShort(decodedRows: 150, expectedRows: 200)) { try source.read(150..<200) }
    }

    @Test(
        "the streamed encoder writes pixels that decode exactly, in the stream's own layout",
        arguments: [(PixelLayout.rgb, SampleDepth.eight), (.rgba, .eight), (.gray, .eight), (.grayAlpha, .sixteen), (.rgba, .sixteen)])
    func encodes(layout: PixelLayout, depth: SampleDepth) throws {
        var image = Self.large(layout: layout, depth: depth)
        image.metadata.text = [TextEntry(keyword: "Comment", text: "streamed")]
        var bytes: [UInt8] = []
        try PNGEncoder().encode(ImageBandSource(image)) { bytes.append(contentsOf: $0) }
        let decoded = try PNGDecoder().decode(bytes)
        #expect(decoded == image)
        let info = try ImageCodecRegistry.builtIn.info(bytes)
        #expect(info.bitDepth == (depth == .eight ? 8 : 16))
    }

    @Test("on a large image whose layout the search would keep, the bytes equal the whole-image encoder's")
    func sameBytes() throws {
        let image = Self.large()
        var streamed: [UInt8] = []
        try PNGEncoder().encode(ImageBandSource(image)) { streamed.append(contentsOf: $0) }
        #expect(streamed == (try PNGEncoder().encode(image)))
    }

    @Test("premultiplied streams are written as straight alpha")
    func premultiplied() throws {
        let straight = Image(width: 3, height: 1, layout: .rgba, samples: [UInt8]([200, 100, 50, 128, 10, 20, 30, 255, 0, 0, 0, 0]))
        let source = ImageBandSource(straight.premultiplied())
        var bytes: [UInt8] = []
        try PNGEncoder().encode(source) { bytes.append(contentsOf: $0) }
        #expect(try PNGDecoder().decode(bytes) == straight.premultiplied().unpremultiplied())
    }
}

extension Image {
    /// The same pixels with empty metadata (how bands carry them).
    var withoutMetadata: Image {
        var copy = self
        copy.metadata = ImageMetadata()
        return copy
    }
}
