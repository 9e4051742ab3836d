import Foundation
import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeHost

/// The transform commands (crop, thumbnail, round, border, alpha, orientation), exactly as users type them (same serialized suite as the
/// other command-line tests, because running the tool changes the current directory).
extension CommandLineTests {
    /// A directory with a 400×300 RGBA in.png and a 1200×800 in.jpg.
    func photoWorkspace() throws -> String {
        let directory = try TemporaryFolder.make("transforms")
        var samples: [UInt8] = []
        for y in 0..<300 { for x in 0..<400 { samples += [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256), 255] } }
        let png = try PNGEncoder().encode(Image(width: 400, height: 300, layout: .rgba, samples: samples))
        _ = FileManager.default.createFile(atPath: directory + "/in.png", contents: Data(png))
        var photo: [UInt8] = []
        for y in 0..<800 { for x in 0..<1200 { photo += [UInt8(x * 255 / 1199), UInt8(y * 255 / 799), 90] } }
        let jpeg = try JPEGEncoder(quality: 90).encode(Image(width: 1200, height: 800, layout: .rgb, samples: photo))
        _ = FileManager.default.createFile(atPath: directory + "/in.jpg", contents: Data(jpeg))
        return directory
    }

    @Test(
        "the issue's transform commands run exactly as written and make the promised sizes",
        arguments: [
            (#"load "in.png" | crop x=10 y=20 width=100 height=80 | save "a.png""#, "a.png", 100, 80),
            (#"load "in.png" | crop width=50% height=50% gravity=center | save "b.png""#, "b.png", 200, 150),
            (#"load "in.jpg" | resize width=320 height=200 fit=cover | save "c.jpg""#, "c.jpg", 320, 200),
            (#"load "in.png" | resize width=320 fit=contain filter=lanczos3 | save "d.png""#, "d.png", 320, 240),
            (#"load "in.jpg" | thumbnail size=128 border=2 radius=12 | save "e.png""#, "e.png", 132, 132),
            (#"load "in.png" | round radius=12 | border width=4 | save "f.png""#, "f.png", 408, 308),
            (#"load "in.jpg" orient=keep | orient | save "g.png""#, "g.png", 1200, 800),
            (#"load "in.png" | tile width=640 height=480 mode=repeat | save "h.png""#, "h.png", 640, 480),
        ])
    func issueCommands(pipeline: String, output: String, width: Int, height: Int) throws {
        let dir = try photoWorkspace()
        let result = TestConsole.run(["run", "-e", pipeline], in: dir)
        #expect(result.status == 0, "\(result.err)")
        let image = try decode(dir + "/" + output)
        #expect(image.width == width && image.height == height)
        if output == "e.png" || output == "f.png" {
            #expect(image.layout.hasAlpha && image.sample(x: 0, y: 0, channel: image.layout.channelCount - 1) == 0)
        }
    }

    @Test("every relative path in a pipeline (load, save, overlay) starts at the working directory; $here names the file's folder")
    func oneRuleForPaths() throws {
        let dir = try photoWorkspace()
        try FileManager.default.createDirectory(atPath: dir + "/jobs", withIntermediateDirectories: true)
        let badge = try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, samples: [UInt8](repeating: 200, count: 8 * 8 * 3)))
        _ = FileManager.default.createFile(atPath: dir + "/jobs/badge.png", contents: Data(badge))
        // Beside the pipeline file only when it says so, with $here.
        try #"load "in.png" | overlay "$here/badge.png" gravity=northwest | save "marked.png""#.write(
            toFile: dir + "/jobs/mark.pipe", atomically: true, encoding: .utf8)
        let single = TestConsole.run(["run", "jobs/mark.pipe"], in: dir)
        #expect(single.status == 0, "\(single.err)")
        #expect(try decode(dir + "/marked.png").sample(x: 0, y: 0, channel: 0) == 200)
        let checked = TestConsole.run(["check", "jobs/mark.pipe"], in: dir)
        #expect(checked.out.contains(#"overlay "jobs/badge.png""#), "\(checked.out)")
        try #"overlay "$here/badge.png" gravity=northwest"#.write(toFile: dir + "/jobs/batch.pipe", atomically: true, encoding: .utf8)
        let batch = TestConsole.run(["run", "jobs/batch.pipe", "in.png", "--output", "out/"], in: dir)
        #expect(batch.status == 0, "\(batch.err)")
        #expect(try decode(dir + "/out/in.png").sample(x: 0, y: 0, channel: 0) == 200)
        // A bare relative path is the working directory's, in a file as in -e text.
        for arguments in [["run", "jobs/bare.pipe"], ["run", "-e", #"load "in.png" | overlay "badge.png" | save "x.png""#]] {
            try #"load "in.png" | overlay "badge.png" | save "x.png""#.write(toFile: dir + "/jobs/bare.pipe", atomically: true, encoding: .utf8)
            let result = TestConsole.run(arguments, in: dir)
            #expect(result.status == 1)
            // The path named once, as the host tried it.
            #expect(result.err.contains("error: overlay: badge.png: cannot read: No such file or directory"), "\(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        // -e text's $here is the working directory; a param or --set named here wins.
        try FileManager.default.copyItem(atPath: dir + "/jobs/badge.png", toPath: dir + "/badge.png")
        let expression = TestConsole.run(["run", "-e", #"load "in.png" | overlay "$here/badge.png" | save "y.png""#], in: dir)
        #expect(expression.status == 0, "\(expression.err)")
        let set = TestConsole.run(["check", "-e", #"load "in.png" | overlay "$here/b.png""#, "--set", "here=/srv"])
        #expect(set.out.contains(#"overlay "/srv/b.png""#) && !set.err.contains("not used"), "\(set.out) \(set.err)")
    }

    @Test("resize width=-5 fails at check time with exit 2, naming width and its range")
    func resizeRangeError() {
        let result = TestConsole.run(["check", "-e", #"load "in.png" | resize width=-5"#])
        #expect(result.status == 2)
        #expect(result.err.contains("'width'") && result.err.contains("1…65535"), "\(result.err)")
    }

    @Test("load jpg | thumbnail decodes the JPEG at the smallest DCT scale still twice the thumbnail")
    func thumbnailShrinksOnLoad() throws {
        let dir = try photoWorkspace()
        let result = TestConsole.run(["run", "--timings", "-e", #"load "in.jpg" | thumbnail size=128 | save "t.png""#], in: dir)
        #expect(result.status == 0, "\(result.err)")
        // 1200×800 covering 128×128 scales by 0.16 → 192×128; twice that needs ≥ 384×256: 1/2 gives 600×400.
        #expect(result.err.contains("step 1 'load'") && result.err.contains("→ 600×400"), "\(result.err)")
        #expect(result.err.contains("step 2 'thumbnail'") && result.err.contains("→ 128×128"))
        // An explicit shrink wins, and other steps after load get the full image.
        let resized = TestConsole.run(["run", "--timings", "-e", #"load "in.jpg" | resize width=128 | save "r.png""#], in: dir)
        #expect(resized.err.contains("→ 1200×800"), "\(resized.err)")
    }

    /// The line `info --placeholder` should print, from the library's ``Placeholder``.
    func placeholderLine(_ path: String) throws -> String? {
        let placeholder = try Placeholder(bytes: FileIO.read(path))
        guard let colour = placeholder.dominantColor else { return nil }
        return "placeholder: #\(colour.description.dropFirst().prefix(6)), blurhash \(placeholder.blurHash) (4×3)"
    }

    @Test("info --alpha says whether any pixel is actually transparent; plain info reads headers only")
    func infoTransparency() throws {
        let dir = try photoWorkspace()
        // Our encoder drops an alpha channel nobody uses, so in.png has none; the formatter's wording for an unused one:
        #expect(TestConsole.run(["info", "in.png"], in: dir).out.contains("alpha: no"))
        let unused = ImageInfo(
            format: .png, width: 2, height: 2, bitDepth: 8, colorType: "RGBA", hasAlpha: true,
            isInterlaced: false, metadata: ImageMetadata())
        #expect(InfoFormatter.alpha(unused, transparentPixels: 0).hasPrefix("yes, but every pixel is opaque"))
        #expect(InfoFormatter.alpha(unused, transparentPixels: 1) == "yes, 1 of 4 pixels (25.0%) not opaque")
        #expect(TestConsole.run(["run", "-e", #"load "in.png" | round radius=10 | save "r.png""#], in: dir).status == 0)
        // Headers only by default; --alpha reads the pixels to count.
        let headers = TestConsole.run(["info", "r.png"], in: dir).out
        #expect(headers.contains("alpha: yes (--alpha counts"), "\(headers)")
        let info = TestConsole.run(["info", "--alpha", "r.png"], in: dir).out
        #expect(info.contains("alpha: yes, ") && info.contains("not opaque"), "\(info)")
        #expect(TestConsole.run(["info", "in.jpg"], in: dir).out.contains("alpha: no"))
        // --trim: what the trim step would keep; rounding made the corners transparent, which trim
        // (threshold 10) leaves since the arcs' edge pixels are more opaque than that.
        let trim = TestConsole.run(["info", "--trim", "r.png"], in: dir).out
        #expect(trim.contains("trim: ") && trim.contains(" at 0,0 of ") && trim.contains("(transparent background within 10 levels)"), "\(trim)")
        // A smart crop's choice shows with --timings.
        let smart = TestConsole.run(["run", "--timings", "-e", #"load "in.jpg" | crop width=50% height=50% gravity=attention | save "s.png""#], in: dir)
        #expect(smart.status == 0 && smart.err.contains("timing: crop: attention chose "), "\(smart.err)")
        let trimmed = TestConsole.run(["run", "--timings", "-e", #"load "r.png" | trim | save "t.png""#], in: dir)
        #expect(trimmed.status == 0 && trimmed.err.contains("timing: trim: kept "), "\(trimmed.err)")
        let placeholder = TestConsole.run(["info", "--placeholder", "in.jpg"], in: dir).out
        #expect(placeholder.contains(try #require(try placeholderLine(dir + "/in.jpg"))), "\(placeholder)")
        // Other components: the hash's first character says 5×4 ((y − 1)·9 + x − 1 = 31, base 83 'V').
        let wide = TestConsole.run(["info", "--components", "5x4", "in.jpg"], in: dir).out
        let expected = try Placeholder(bytes: FileIO.read(dir + "/in.jpg"), components: (5, 4))
        #expect(wide.contains("blurhash \(expected.blurHash) (5×4)") && expected.blurHash.hasPrefix("V"), "\(wide)")
        // --approximate hashes a small copy (the library's approximate placeholder) and implies --placeholder.
        let fast = TestConsole.run(["info", "--approximate", "in.jpg"], in: dir).out
        let approximate = try Placeholder(bytes: FileIO.read(dir + "/in.jpg"), precision: .approximate)
        #expect(fast.contains("blurhash \(approximate.blurHash) (4×3)"), "\(fast)")
        let wrong = TestConsole.run(["info", "--components", "10x3", "in.jpg"], in: dir)
        #expect(wrong.status == 2 && wrong.err.contains("--components '10x3': give the components across and down, each 1…9"), "\(wrong.err)")
    }
}
