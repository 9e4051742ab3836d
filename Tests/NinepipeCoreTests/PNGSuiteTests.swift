import Foundation
import Testing

@testable import NinepipeCore

/// PngSuite conformance: every valid image decodes to exactly the reference pixels;
/// every deliberately corrupt `x*` image is refused with a clear error.
@Suite("PngSuite conformance", .enabled(if: TestFiles.pngSuite != nil, Comment(rawValue: TestFiles.pngSuiteMissing)))
struct PNGSuiteTests {
    static let valid = TestFiles.pngSuiteNames().filter { !$0.hasPrefix("x") }
    static let corrupt = TestFiles.pngSuiteNames().filter { $0.hasPrefix("x") }

    /// A decoder whose image data is inflated by `engine`.
    static func decoder(_ engine: InflateEngine) -> PNGDecoder {
        var decoder = PNGDecoder()
        decoder.inflateEngine = engine
        return decoder
    }

    @Test("decodes to the reference pixels, with every inflater this build has (ISA-L, zlib)", arguments: valid, InflateEngine.available)
    func decodesToReference(name: String, engine: InflateEngine) throws {
        let suite = try #require(TestFiles.pngSuite)
        let bytes = try TestFiles.bytes(suite.appendingPathComponent("png/\(name).png"))
        let reference = try JSONDecoder().decode([Int].self, from: Data(contentsOf: suite.appendingPathComponent("json/\(name).json")))

        let image = try Self.decoder(engine).decode(bytes)

        #expect(image.rgbaSamples.count == reference.count)
        let mismatch = zip(image.rgbaSamples, reference).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(mismatch == nil, "first mismatch at sample \(mismatch?.offset ?? -1): got \(mismatch?.element.0 ?? -1), want \(mismatch?.element.1 ?? -1)")
        let is16 = reference.contains { $0 > 255 } || name.contains("16")
        #expect(image.depth == (is16 ? .sixteen : .eight))
    }

    @Test("16-bit files also match their 8-bit reference when reduced", arguments: valid.filter { $0.contains("16") })
    func reducesTo8Bit(name: String) throws {
        let suite = try #require(TestFiles.pngSuite)
        let url = suite.appendingPathComponent("json/\(name)_to8.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let reference = try JSONDecoder().decode([Int].self, from: Data(contentsOf: url))
        let image = try PNGDecoder().decode(TestFiles.bytes(suite.appendingPathComponent("png/\(name).png")))
        let reduced = image.converted(to: SampleDepth.eight).rgbaSamples
        // Reference tools reduce by rounding or by taking the high byte; allow one step.
        #expect(zip(reduced, reference).allSatisfy { abs($0 - $1) <= 1 })
    }

    @Test("corrupt files are refused with a clear error, by every inflater", arguments: corrupt, InflateEngine.available)
    func refusesCorrupt(name: String, engine: InflateEngine) throws {
        let suite = try #require(TestFiles.pngSuite)
        let bytes = try TestFiles.bytes(suite.appendingPathComponent("png/\(name).png"))
        let error = try #require(throws: PNGError.self) { try Self.decoder(engine).decode(bytes) }
        #expect(error.description.contains("PNG"))
    }
}
