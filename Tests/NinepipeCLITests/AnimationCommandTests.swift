import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// Animations through pipelines, batches and the command line.
@Suite("Animations on the command line", .enabled(if: Requirement.met(GIFCodec.isAvailable && WebPCodec.isAvailable), "this build has no GIF or WebP"))
struct AnimationCommandTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures")

    /// A folder holding the GIF fixtures `names`.
    static func folder(_ label: String, _ names: [String]) throws -> String {
        let folder = try TemporaryFolder.make(label)
        for name in names {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("gif/" + name).path, toPath: folder + "/" + name)
        }
        return folder
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("GIF → resize → GIF and WebP keeps frame count, delays and loop; gifsicle and webpmux accept the files")
    func roundTrip() throws {
        let folder = try Self.folder("anim-round", ["timed.gif", "anim-local.gif"])
        let run = TestConsole.run(
            ["run", "-e", #"load "timed.gif" | resize width=24 | save "out.gif" | save "out.webp" | save "lossless.webp" lossless=true"#], in: folder)
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        for name in ["out.gif", "out.webp", "lossless.webp"] {
            let info = try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/" + name))
            #expect(info.width == 24 && info.frameDurations == [20, 150, 70] && info.loopCount == 2, "\(name): \(info)")
        }
        guard let gifsicle = try Requirement.tool("gifsicle"), let webpmux = try Requirement.tool("webpmux") else {
            try Test.cancel("gifsicle or webpmux not installed (apt-get install gifsicle webp): the files are not checked by them")
        }
        let gifsicleInfo = try ChildProcess.output(of: gifsicle, ["--info", folder + "/out.gif"])
        #expect(gifsicleInfo.contains("3 images") && gifsicleInfo.contains("loop count 2"), "\(gifsicleInfo)")
        let webpmuxInfo = try ChildProcess.output(of: webpmux, ["-info", folder + "/out.webp"])
        #expect(webpmuxInfo.contains("Number of frames: 3") && webpmuxInfo.contains("Loop Count : 2"), "\(webpmuxInfo)")
        // The lossless WebP holds the resized frames; the GIF the same within its palette's error.
        let exact = try WebPAnimation.decode(Self.bytes(folder + "/lossless.webp"), limits: .default)
        let back = try GIFDecoder().decodeAnimation(Self.bytes(folder + "/out.gif"))
        #expect(back.frames.count == exact.frames.count)
        for (gif, webp) in zip(back.frames, exact.frames) {
            let a = gif.image.converted(to: .rgba)
            let b = webp.image.converted(to: .rgba)
            guard case .eight(let x) = a.storage, case .eight(let y) = b.storage else { continue }
            let error = zip(x, y).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(error) / Double(x.count) < 6, "mean error \(Double(error) / Double(x.count))")
        }
    }

    @Test("frame N and frames A..B pick frames; out of range is an error naming the count; a bad range is exit 2")
    func selection() throws {
        let folder = try Self.folder("anim-select", ["anim-local.gif"])
        let original = try GIFDecoder().decodeAnimation(Self.bytes(folder + "/anim-local.gif"))
        #expect(TestConsole.run(["run", "-e", #"load "anim-local.gif" | frame 2 | save "f2.png""#], in: folder).status == 0)
        let f2 = try ImageCodecRegistry.builtIn.decode(Self.bytes(folder + "/f2.png"))
        #expect(f2.converted(to: .rgba) == original.frames[2].image.converted(to: .rgba))
        #expect(TestConsole.run(["run", "-e", #"load "anim-local.gif" | frame -1 | save "last.png""#], in: folder).status == 0)
        #expect(try ImageCodecRegistry.builtIn.decode(Self.bytes(folder + "/last.png")).converted(to: .rgba) == original.frames[3].image.converted(to: .rgba))
        let run = TestConsole.run(["run", "-e", #"load "anim-local.gif" | frames 1..2 | save "mid.gif" delay=250 loop=7"#], in: folder)
        #expect(run.status == 0, "\(run.err)")
        let mid = try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/mid.gif"))
        #expect(mid.frameDurations == [250, 250] && mid.loopCount == 7, "\(mid)")
        #expect(TestConsole.run(["run", "-e", #"load "anim-local.gif" | frames 2.. | save "tail.webp""#], in: folder).status == 0)
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/tail.webp")).frameDurations.count == 2)
        let missing = TestConsole.run(["run", "-e", #"load "anim-local.gif" | frame 9 | save "x.png""#], in: folder)
        #expect(missing.status == 1 && missing.err.contains("frame 9 does not exist: the image has 4 frames"), "\(missing.err)")
        let bad = TestConsole.run(["run", "-e", #"load "anim-local.gif" | frames 3..x | save "x.gif""#], in: folder)
        #expect(bad.status == 2 && bad.err.contains("a frame range such as 0..9"), "\(bad.err)")
        let backwards = TestConsole.run(["check", "-e", #"load "anim-local.gif" | frames 3..1 | save "x.gif""#], in: folder)
        #expect(backwards.status == 2 && backwards.err.contains("the first not after the last"), "\(backwards.err)")
        #expect(TestConsole.run(["run", "-e", #"load "anim-local.gif" | frames -2..-1 | save "end.gif""#], in: folder).status == 0)
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/end.gif")).frameDurations.count == 2)
        // frames=first gives one frame to the steps after it.
        let first = TestConsole.run(["run", "-e", #"load "anim-local.gif" frames=first | save "one.gif""#], in: folder)
        #expect(first.status == 0)
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/one.gif")).frameDurations.count <= 1)
    }

    @Test("a batch over still and animated files keeps animations animated and writes stills as stills")
    func batch() throws {
        let folder = try Self.folder("anim-batch", ["timed.gif", "anim-keep.gif", "transparent.gif"])
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("webp/timed.webp").path, toPath: folder + "/timed.webp")
        try ImageCodecRegistry.builtIn.write(
            Image(width: 40, height: 30, layout: .rgb, depth: .eight, fill: [10, 200, 30]), to: folder + "/still.png", options: EncodeOptions(format: .png))
        let run = TestConsole.run(["run", "-e", "thumbnail width=16 height=16 | save", folder, "--output", folder + "/thumbs/"])
        #expect(run.status == 0, "\(run.err)")
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/thumbs/timed.gif")).frameDurations == [20, 150, 70])
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/thumbs/anim-keep.gif")).frameDurations.count == 3)
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/thumbs/timed.webp")).frameDurations == [50, 250])
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/thumbs/still.png")).frameDurations.isEmpty)
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/thumbs/transparent.gif")).frameDurations.isEmpty)
        // To WebP: the GIFs become animated WebPs.
        let webp = TestConsole.run(
            ["run", "-e", "thumbnail width=16 height=16 | save", folder + "/timed.gif", folder + "/anim-keep.gif", "--output", folder + "/webp/{name}.webp"])
        #expect(webp.status == 0, "\(webp.err)")
        #expect(try ImageCodecRegistry.builtIn.info(Self.bytes(folder + "/webp/timed.webp")).frameDurations == [20, 150, 70])
    }

    /// A GIF of `frames` frames of `width`×`height` whose image data is one pixel's worth (the
    /// limits must refuse it from the headers, before any frame is decoded).
    static func headerOnlyGIF(width: Int, height: Int, frames: Int) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + le(width) + le(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        for _ in 0..<frames { bytes += [0x2C] + le(0) + le(0) + le(width) + le(height) + [0, 2, 2, 0x44, 0x01, 0] }
        return bytes + [0x3B]
    }

    @Test("a 10,000-frame 1×1 GIF and a 2-frame GIF over the pixel limit counted over frames are refused from the headers")
    func limits() throws {
        let folder = try TemporaryFolder.make("anim-limits")
        try Data(Self.headerOnlyGIF(width: 1, height: 1, frames: 10_000)).write(to: URL(fileURLWithPath: folder + "/many.gif"))
        try Data(Self.headerOnlyGIF(width: 12_000, height: 12_000, frames: 2)).write(to: URL(fileURLWithPath: folder + "/large.gif"))
        try Data(Self.headerOnlyGIF(width: 30_000, height: 30_000, frames: 2)).write(to: URL(fileURLWithPath: folder + "/huge.gif"))
        let many = TestConsole.run(["run", "-e", #"load "many.gif" | save "m.gif""#], in: folder)
        #expect(many.status == 1 && many.err.contains("10000 frames, over the limit of 2000 frames") && many.err.contains("--max-frames"), "\(many.err)")
        let large = TestConsole.run(["run", "-e", #"load "large.gif" | save "l.webp""#], in: folder)
        #expect(large.status == 1 && large.err.contains("2 frames of 12000×12000") && large.err.contains("--max-pixels"), "\(large.err)")
        let huge = TestConsole.run(["run", "-e", #"load "huge.gif" | save "h.gif""#], in: folder)
        #expect(huge.status == 1 && huge.err.contains("30000×30000"), "\(huge.err)")
        // The first frame alone is within the limits: frames=first reads it.
        #expect(TestConsole.run(["run", "-e", #"load "many.gif" frames=first | save "m1.png""#], in: folder).status == 0)
        // Raised limits let them through (the frames decode to one pixel each).
        #expect(TestConsole.run(["run", "-e", #"load "many.gif" | frames 0..2 | save "m3.gif""#, "--max-frames", "10000"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/m3.gif"))
    }

    /// A 20×16 animation of three frames: a 4×4 opaque square at (2, 3), (9, 5) and (12, 10) on
    /// a see-through canvas.
    static func movingSquare() throws -> [UInt8] {
        let frames = [(2, 3), (9, 5), (12, 10)].map { x, y -> AnimationFrame in
            var image = Image(width: 20, height: 16, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
            image.paste(Image(width: 4, height: 4, layout: .rgba, depth: .eight, fill: [200, 40, 40, 255]), x: x, y: y)
            return AnimationFrame(image: image, duration: 60)
        }
        return try GIFEncoder().encode(Animation(frames: frames, loopCount: 0))
    }

    @Test("trim cuts every frame to the box holding all frames' content; a smart crop picks one window for all; runAnimation gives the frames")
    func pixelDecisions() throws {
        let compiled = try #require(PipelineCompiler(requiresSource: false).compile("load frames=all | trim").pipeline)
        let runner = PipelineRunner(limits: .untrusted, policy: .noFiles)
        let trimmed = try #require(try runner.runAnimation(compiled, encoded: Self.movingSquare(), name: "square.gif"))
        // The union of (2,3)…(6,7), (9,5)…(13,9) and (12,10)…(16,14).
        #expect(trimmed.frames.count == 3 && trimmed.width == 14 && trimmed.height == 11, "\(trimmed.width)×\(trimmed.height)")
        #expect(trimmed.frames[0].image.sample(x: 0, y: 0, channel: 3) == 255 && trimmed.frames[2].image.sample(x: 10, y: 7, channel: 3) == 255)
        #expect(trimmed.frames.map(\.duration) == [60, 60, 60])
        // A still result is no animation.
        let first = try #require(PipelineCompiler(requiresSource: false).compile("load frames=first | trim").pipeline)
        #expect(try runner.runAnimation(first, encoded: Self.movingSquare(), name: "square.gif") == nil)
        #expect(try runner.run(first, encoded: Self.movingSquare(), name: "square.gif").width == 4)
        // An entropy crop keeps one window for every frame (frame by frame it would follow the square).
        let smart = try #require(PipelineCompiler(requiresSource: false).compile("load frames=all | crop width=8 height=8 gravity=entropy").pipeline)
        let cropped = try #require(try runner.runAnimation(smart, encoded: Self.movingSquare(), name: "square.gif"))
        #expect(cropped.frames.count == 3 && cropped.width == 8)
        let opaque = cropped.frames.map { frame in (0..<64).filter { frame.image.sample(x: $0 % 8, y: $0 / 8, channel: 3) == 255 }.count }
        #expect(opaque[0] == 16 && opaque[2] < 16, "\(opaque)")
    }
}
