import Foundation
import Testing

@testable import NinepipeCore

/// JPEG decoded band by band through libjpeg's scanline interface.
@Suite("JPEG streaming")
struct JPEGStreamingTests {
    static func file(_ name: String) throws -> FileBytes {
        let path = JPEGTests.fixtures.appendingPathComponent(name).path
        return try #require(FileBytes(descriptor: open(path, O_RDONLY), path: path))
    }

    @Test(
        "every fixture streams to the same pixels and metadata as a whole decode, at every DCT scale",
        arguments: ["gray.jpg", "icc.jpg", "orient6.jpg", "progressive.jpg", "cmyk-red-blue.jpg"])
    func sameAsWhole(name: String) throws {
        let bytes = try TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent(name))
        for scale in [1, 2, 8] {
            let whole = try JPEGDecoder(scaleDenominator: scale).decode(bytes)
            let source = try JPEGDecoder().bands(try Self.file(name)) { _, _, _ in scale }
            #expect(try source.materialized(bandRows: 7) == whole, "\(name) 1/\(scale)")
        }
    }

    @Test("rows are skipped without being produced: a later band equals the same rows of a whole decode")
    func skips() throws {
        let image = Image(width: 64, height: 80, layout: .rgb, samples: (0..<(64 * 80 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 192) })
        let bytes = try JPEGEncoder(quality: 90).encode(image)
        let path = try TestFiles.temporaryDirectory() + "/rows.jpg"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let whole = try JPEGDecoder().decode(bytes)
        let source = try JPEGDecoder().bands(try #require(FileBytes(descriptor: open(path, O_RDONLY), path: path)))
        let top = 37
        let band = try source.read(top..<(top + 3))
        #expect(band.top == top)
        #expect(band.rows == whole.cropped(to: PixelRect(x: 0, y: top, width: whole.width, height: 3)).withoutMetadata)
    }

    @Test("a truncated JPEG fails while streaming instead of giving gray rows")
    func truncated() throws {
        let bytes = try TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent("progressive.jpg"))
        let path = try TestFiles.temporaryDirectory() + "/cut.jpg"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(bytes.count * 2 / 3)))
        let file = try #require(FileBytes(descriptor: open(path, O_RDONLY), path: path))
        #expect(throws: JPEGError.self) { _ = try JPEGDecoder().bands(file).materialized() }
    }

    @Test(
        "the streamed encoder writes the same bytes as the whole-image encoder; flattening is reported once",
        arguments: [(PixelLayout.rgb, SampleDepth.eight), (.gray, .eight), (.rgba, .sixteen), (.grayAlpha, .eight)])
    func encodes(layout: PixelLayout, depth: SampleDepth) throws {
        let image = PNGStreamingTests.large(layout: layout, depth: depth, width: 83, height: 150)
        var wholeWarnings: [String] = []
        var streamedWarnings: [String] = []
        let encoder = JPEGEncoder(quality: 85, subsampling: .s422)
        let whole = try encoder.encode(image) { wholeWarnings.append($0) }
        let streamed = try encoder.encode(ImageBandSource(image)) { streamedWarnings.append($0) }
        #expect(streamed == whole)
        #expect(streamedWarnings == wholeWarnings)
        #expect(streamedWarnings.count == (layout.hasAlpha ? 1 : 0))
    }
}
