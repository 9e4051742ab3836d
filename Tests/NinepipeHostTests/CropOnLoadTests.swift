import Foundation
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// `load | crop` decoded the whole PNG. The crop now tells `load` its rectangle, and
/// only that is decoded, when doing so certainly gives the same result.
@Suite("crop right after load decodes only its rectangle")
struct CropOnLoadTests {
    /// A PNG whose last row is damaged (invalid filter type): decoding it all fails.
    static func damagedBelow() throws -> [UInt8] {
        var filtered: [UInt8] = []
        for y in 0..<6 { filtered += [y == 5 ? 9 : 0] + (0..<24).map { UInt8(truncatingIfNeeded: y * 40 + $0) } }
        let header = PNGHeader(width: 8, height: 6, bitDepth: 8, colorType: .rgb, isInterlaced: false)
        var bytes: [UInt8] = []
        var writer = try PNGChunkWriter { bytes.append(contentsOf: $0) }
        try writer.append(.header, header.serialized)
        try writer.append(.imageData, try Zlib.compress(filtered))
        try writer.append(.end, [])
        return bytes
    }

    @Test("the crop step is done by load (rows below are never read), reported to the step observer, same pixels as cropping")
    func fused() throws {
        let dir = try TemporaryFolder.make("croponload")
        let path = dir + "/damaged.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(try Self.damagedBelow()))
        let reports = Mutex<[String]>([])
        var runner = PipelineRunner()
        runner.stepObserver = { report in reports.withLock { $0.append(report.stepName) } }
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("load \"\(path)\" | crop x=1 y=1 width=4 height=3")
        let image = try #require(try runner.run(pipeline))
        #expect(image.width == 4 && image.height == 3)
        #expect(image.sample(x: 0, y: 0, channel: 0) == 43)
        #expect(reports.withLock { $0 } == ["load", "crop"])
        // A crop that is not the step right after load still decodes everything (and fails here).
        let later = try PipelineCompiler(requiresSource: false).pipeline("load \"\(path)\" | orient | crop x=1 y=1 width=4 height=3")
        #expect(throws: (any Error).self) { try runner.run(later) }
    }

    @Test("with an orientation to apply, a nine-patch, or a frame to read, load decodes everything and the crop runs as before")
    func notFusedWhenUnsure() throws {
        var turned = Image(width: 6, height: 4, layout: .rgb, samples: (0..<72).map { UInt8($0 * 3) })
        turned.metadata.orientation = .right
        let patch = Image(width: 9, height: 9, layout: .rgba, depth: .eight, fill: [10, 20, 30, 255])
        var compiled = patch
        compiled.metadata.ninePatch = NinePatchInfo(chunk: NinePatchChunk(xDivs: [3, 6], yDivs: [3, 6], padding: .zero, colors: []))
        for (name, image) in [("turned.png", turned), ("compiled.png", compiled)] {
            let bytes = try PNGEncoder().encode(image)
            let expected = try PipelineRunner().run(
                try PipelineCompiler(requiresSource: false).pipeline("orient | crop x=1 y=1 width=3 height=2"),
                input: try ImageCodecRegistry.builtIn.decode(bytes).uprighted())
            let got = try PipelineRunner().run(
                try PipelineCompiler(requiresSource: false).pipeline("crop x=1 y=1 width=3 height=2"),
                encoded: bytes, name: name)
            #expect(got == expected, "\(name)")
        }
    }
}
