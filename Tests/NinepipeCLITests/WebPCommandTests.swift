import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

/// WebP from the command line: extension and `format=`, quality, lossless, effort,
/// `info`, batches, and what `--version` and `plugins save` say.
@Suite("WebP on the command line", .enabled(if: Requirement.met(WebPCodec.isAvailable), "this build has no WebP (libwebp-dev was missing)"))
struct WebPCommandTests {
    @Test("save by extension or format=, lossless exact, quality and effort change the file; info reads it; a batch keeps .webp")
    func saveAndLoad() throws {
        let folder = try TemporaryFolder.make("webp-cli")
        var samples: [UInt8] = []
        for y in 0..<48 { for x in 0..<64 { samples += [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2), x < 4 ? 0 : 255] } }
        let image = Image(width: 64, height: 48, layout: .rgba, samples: samples)
        try ImageCodecRegistry.builtIn.write(image, to: folder + "/in.png", options: EncodeOptions(format: .png))
        let run = { (script: String) in TestConsole.run(["run", "-e", script], in: folder) }
        #expect(run(#"load "in.png" | save "q80.webp""#).status == 0)
        #expect(run(#"load "in.png" | save "q20.webp" quality=20 effort=6"#).status == 0)
        #expect(run(#"load "in.png" | save "exact.out" format=webp lossless=true"#).status == 0)
        let size = { (name: String) in (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0 }
        #expect(size("q20.webp") > 0 && size("q20.webp") < size("q80.webp"))
        let exact = try ImageCodecRegistry.builtIn.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/exact.out"))))
        #expect(exact.storage == image.storage)
        let info = TestConsole.run(["info", "q80.webp"], in: folder)
        #expect(info.status == 0 && info.out.contains("format: WebP") && info.out.contains("size: 64×48") && info.out.contains("lossy RGBA"), "\(info.out)")
        // WebP in, PNG out; and a batch whose template keeps each input's extension.
        #expect(run(#"load "q80.webp" | resize width=32 | save "small.png""#).status == 0)
        #expect(try ImageCodecRegistry.builtIn.info(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/small.png")))).width == 32)
        let batch = TestConsole.run(["run", "-q", "-e", "resize width=16", "q80.webp", "--output", "out/{name}.{ext}"], in: folder)
        #expect(batch.status == 0, "\(batch.err)")
        #expect(ImageCodecRegistry.builtIn.format(sniffing: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/q80.webp")))) == .webp)
    }

    @Test("--version lists WebP; plugins save documents quality, lossless and effort; bad values are usage errors")
    func documented() throws {
        let version = TestConsole.run(["--version"])
        #expect(version.out.contains("formats: PNG (zlib "), "\(version.out)")
        #expect(version.out.contains("), JPEG (libjpeg-turbo ") && version.out.contains("), WebP (libwebp "), "\(version.out)")
        let save = TestConsole.run(["plugins", "save"])
        #expect(save.out.contains("lossless") && save.out.contains("effort") && save.out.contains("WebP default 80"), "\(save.out)")
        let bad = TestConsole.run(["run", "-e", #"load "a.png" | save "b.webp" effort=7"#])
        #expect(bad.status == 2 && bad.err.contains("effort"), "\(bad.err)")
        let unknown = TestConsole.run(["run", "-e", #"load "a.png" | save "b.tga""#])
        #expect(unknown.status == 2 && unknown.err.contains(".webp") && unknown.err.contains("format=png|jpeg|webp"), "\(unknown.err)")
    }
}

/// GIF on the command line, read and written.
@Suite("GIF on the command line", .enabled(if: Requirement.met(GIFCodec.isAvailable), "this build has no GIF (libgif-dev was missing)"))
struct GIFCommandTests {
    @Test("an animation saved as PNG keeps its first frame with one warning; frames=first says nothing; .gif is written; a stream from a GIF input is GIF")
    func readAndWrite() throws {
        let folder = try TemporaryFolder.make("gif-cli")
        let fixtures = Repository.root.appendingPathComponent("Tests")
            .appendingPathComponent("NinepipeCoreTests/Fixtures/gif")
        for name in ["animated.gif", "transparent.gif"] {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(name).path, toPath: folder + "/" + name)
        }
        let run = TestConsole.run(["run", "-e", #"load "animated.gif" | resize width=6 | save "a.png""#], in: folder)
        #expect(run.status == 0 && run.err.contains("animated GIF: only the first of its 3 frames is read"), "\(run.err)")
        #expect(run.err.components(separatedBy: "\n").filter { $0.contains("frames") }.count == 1, "\(run.err)")
        #expect(try ImageCodecRegistry.builtIn.info(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.png")))).width == 6)
        let quiet = TestConsole.run(["run", "-e", #"load "animated.gif" frames=first | save "q.png""#], in: folder)
        #expect(quiet.status == 0 && quiet.err.isEmpty, "\(quiet.err)")
        let written = TestConsole.run(["run", "-e", #"load "transparent.gif" | save "b.gif""#], in: folder)
        #expect(written.status == 0, "\(written.err)")
        let original = try GIFDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/transparent.gif"))))
        let back = try GIFDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/b.gif"))))
        #expect(back.width == original.width && back.layout == .rgba && back.hasTransparentPixels)
        let info = TestConsole.run(["info", "transparent.gif"], in: folder)
        #expect(info.status == 0 && info.out.contains("format: GIF"), "\(info.out)")
        let stream = TestConsole.run(["run", "-e", #"load "transparent.gif" | save "/dev/null""#], in: folder)
        #expect(stream.status == 0, "\(stream.err)")
        let version = TestConsole.run(["--version"]).out
        #expect(version.contains("GIF (giflib ") && !version.contains("GIF read only"), "\(version)")
    }
}

/// HEIC and AVIF on the command line.
@Suite("HEIC and AVIF on the command line", .enabled(if: Requirement.met(HEIFCodec.isAvailable), "this build has no libheif"))
struct HEIFCommandTests {
    @Test("save .avif and .heic with quality and effort; load them; info names them; --version lists them")
    func saveAndLoad() throws {
        let folder = try TemporaryFolder.make("heif-cli")
        try ImageCodecRegistry.builtIn.write(
            Image(width: 40, height: 30, layout: .rgb, depth: .eight, fill: [200, 120, 40]), to: folder + "/in.png",
            options: EncodeOptions(format: .png))
        let run = { (script: String) in TestConsole.run(["run", "-e", script], in: folder) }
        #expect(run(#"load "in.png" | save "a.avif" quality=50 effort=6"#).status == 0)
        #expect(run(#"load "in.png" | save "b.heic""#).status == 0)
        #expect(run(#"load "a.avif" | resize width=20 | save "c.png""#).status == 0)
        #expect(try ImageCodecRegistry.builtIn.info(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/c.png")))).width == 20)
        #expect(TestConsole.run(["info", "b.heic"], in: folder).out.contains("format: HEIC"))
        #expect(TestConsole.run(["info", "a.avif"], in: folder).out.contains("format: AVIF"))
        #expect(TestConsole.run(["--version"]).out.contains("HEIC, AVIF (libheif "))
    }
}

/// `info` lists an animation's frames, their durations and its loop count.
@Suite("info on animations", .enabled(if: Requirement.met(GIFCodec.isAvailable && WebPCodec.isAvailable), "this build has no GIF or WebP"))
struct AnimationInfoTests {
    @Test("frames with their durations, the total, and the loop count, for GIF and WebP")
    func info() throws {
        let fixtures = Repository.root.appendingPathComponent("Tests")
            .appendingPathComponent("NinepipeCoreTests/Fixtures")
        let gif = TestConsole.run(["info", fixtures.appendingPathComponent("gif/timed.gif").path])
        #expect(gif.out.contains("frames: 3 (20, 150, 70 ms; 0.24 s in all)") && gif.out.contains("loop: 2 (loop count as stored)"), "\(gif.out)")
        let webp = TestConsole.run(["info", fixtures.appendingPathComponent("webp/anim.webp").path])
        #expect(webp.out.contains("frames: 2 (100, 100 ms; 0.2 s in all)") && webp.out.contains("loop: forever"), "\(webp.out)")
        let still = TestConsole.run(["info", fixtures.appendingPathComponent("gif/transparent.gif").path])
        #expect(!still.out.contains("frames:") && !still.out.contains("loop:"), "\(still.out)")
    }
}
