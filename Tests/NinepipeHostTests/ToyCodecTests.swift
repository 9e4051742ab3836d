import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// A toy format registered from this test target, never named by Host: the magic `TOY1`, width
/// and height as big-endian `UInt32`, a one-byte note, then 8-bit straight RGBA rows.
struct ToyCodec: ImageDecoder, ImageEncoder {
    static let format = ImageFormat("toy", name: "Toy", fileExtensions: ["toy"])

    var format: ImageFormat { Self.format }

    func recognizes(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("TOY1".utf8)) }

    /// The stored size, or an error naming what is missing.
    private func size(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        guard bytes.count >= 13 else { throw ToyError("a toy file has a 13-byte header; this one has \(bytes.count) bytes") }
        let word = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(4), word(8))
    }

    func info(_ bytes: [UInt8], limits: ImageLimits) throws -> ImageInfo {
        let (width, height) = try size(bytes)
        return ImageInfo(
            format: format, width: width, height: height, bitDepth: 8, colorType: "RGBA, note \(bytes[12])", hasAlpha: true,
            isInterlaced: false, metadata: ImageMetadata())
    }

    func decode(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Image {
        let (width, height) = try size(bytes)
        try options.limits.check(width: width, height: height)
        guard width > 0, height > 0, bytes.count == 13 + width * height * 4 else { throw ToyError("the pixels do not match the \(width)×\(height) header") }
        return Image(width: width, height: height, layout: .rgba, samples: Array(bytes[13...]))
    }

    /// One parameter of its own, which `save` accepts once this codec is registered.
    var parameters: [ParameterSpec] { [ParameterSpec("note", .integer(0...255), default: .integer(7), summary: "Toy: the byte written after the size")] }

    func encode(_ image: Image, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8] {
        let rgba = image.unpremultiplied().converted(to: SampleDepth.eight).converted(to: .rgba)
        guard case .eight(let samples) = rgba.storage else { throw ToyError("not 8-bit") }
        let note = UInt8(options.arguments["note"]?.intValue ?? 7)
        var out = Array("TOY1".utf8)
        for value in [rgba.width, rgba.height] { out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return out + [note] + samples
    }
}

/// The toy codec's errors.
struct ToyError: NinepipeError {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A codec added from outside Core and Host is read and written by pipelines like the
/// built-in ones, shrink-on-load and region decode being done for it by the registry.
@Suite("a codec registered from outside")
struct ToyCodecTests {
    /// The built-in codecs plus the toy: a value, so no other test sees the toy format.
    let codecs = ImageCodecRegistry.builtIn.adding(ToyCodec())

    @Test("load and save reach the toy codec through the registry: extension, signature, its own save parameter, info")
    func roundTrip() throws {
        let folder = try TemporaryFolder.make("toy")
        let source = Image(width: 3, height: 2, layout: .rgba, samples: (0..<24).map { UInt8($0 * 10) })
        try codecs.write(source, to: folder + "/in.png", options: EncodeOptions(format: .png))
        let registry = PluginRegistry.standard(codecs: codecs)
        let compiler = PipelineCompiler(registry: registry)
        try PipelineRunner().runToFiles(try compiler.pipeline(#"load "\#(folder)/in.png" | save "\#(folder)/out.toy" note=42"#))
        let bytes = try FileIO.read(folder + "/out.toy")
        #expect(Array(bytes.prefix(4)) == Array("TOY1".utf8) && bytes[12] == 42 && Array(bytes[13...]) == (0..<24).map { UInt8($0 * 10) })
        #expect(codecs.format(sniffing: bytes) == ToyCodec.format && codecs.format(forPath: "x.TOY") == ToyCodec.format)
        #expect(try codecs.info(bytes).colorType == "RGBA, note 42")
        // The built-in registry, and the standard steps, never learnt of it.
        #expect(ImageCodecRegistry.builtIn.format(forPath: "x.toy") == nil && ImageCodecRegistry.builtIn.format(sniffing: bytes) == nil)
        #expect(PipelineCompiler().compile(#"load "a.png" | save "b.toy""#).pipeline == nil)
        #expect(PluginRegistry.standard["save"]?.parameter(named: "note") == nil && registry["save"]?.parameter(named: "note") != nil)

        // Read back (the name says .toy, the bytes say TOY1), cut on load by the registry, saved as PNG.
        try PipelineRunner().runToFiles(
            try compiler.pipeline(#"load "\#(folder)/out.toy" | crop x=1 y=0 width=2 height=2 | save "\#(folder)/back.png""#))
        let back = try codecs.decode(try FileIO.read(folder + "/back.png"))
        #expect(back.width == 2 && back.height == 2 && back.storage == source.cropped(to: PixelRect(x: 1, y: 0, width: 2, height: 2)).storage)

        // Its parameter is validated like a built-in one, and `format=toy` names it.
        let bad = compiler.compile(#"load "a.png" | save "b.toy" note=300"#)
        #expect(bad.diagnostics.contains { $0.message.contains("note") }, "\(bad.diagnostics)")
        #expect(compiler.compile(#"load "a.png" | save "-" format=toy"#).pipeline != nil)
    }

    @Test("a broken toy file is that codec's error, with the file named")
    func brokenFile() throws {
        let folder = try TemporaryFolder.make("toy")
        try Data("TOY1\0\0".utf8).write(to: URL(fileURLWithPath: folder + "/bad.toy"))
        let compiler = PipelineCompiler(registry: PluginRegistry.standard(codecs: codecs))
        #expect {
            try PipelineRunner().runToFiles(try compiler.pipeline(#"load "\#(folder)/bad.toy" | save "\#(folder)/x.png""#))
        } throws: { error in
            "\(error)".contains("bad.toy") && "\(error)".contains("a toy file has a 13-byte header; this one has 6 bytes")
        }
    }

    @Test("assets read a tool's own format through the run's codecs, and only then")
    func assetsThroughTheRunsCodecs() throws {
        let folder = try TemporaryFolder.make("toy-assets")
        try FileManager.default.createDirectory(atPath: folder + "/res/drawable-xhdpi", withIntermediateDirectories: true)
        let source = Image(width: 4, height: 2, layout: .rgba, samples: (0..<32).map { UInt8($0 * 7) })
        try codecs.write(source, to: folder + "/res/drawable-xhdpi/dot.toy", options: EncodeOptions(format: ToyCodec.format))
        // The built-in codecs do not know the file: it is named as left out, not an asset.
        let plain = try AssetCollector().collect([folder + "/res"])
        #expect(plain.assets.isEmpty && plain.skipped.map(\.path) == [folder + "/res/drawable-xhdpi/dot.toy"], "\(plain.skipped)")
        var collector = AssetCollector()
        collector.codecs = codecs
        let inventory = try collector.collect([folder + "/res"])
        #expect(inventory.assets.map(\.name) == ["dot"])
        var options = AssetOptions(target: .ios)
        options.codecs = codecs
        let output = folder + "/A.xcassets"
        let summary = AssetRun(converter: AssetConverter(options: options), output: output, jobs: 1).runBlocking(inventory) { _ in }
        #expect(summary.failures.isEmpty && summary.converted == 1, "\(summary.failures)")
        let written = try codecs.decode(FileIO.read(output + "/dot.imageset/dot@2x.png"))
        #expect(written.width == 4 && written.height == 2 && written.converted(to: .rgba).storage == source.storage)
    }

}
