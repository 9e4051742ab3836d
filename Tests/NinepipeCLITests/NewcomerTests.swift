import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// What a new user trips over, each met by running the README's commands.
@Suite("newcomer papercuts")
struct NewcomerTests {
    /// A folder with `in.png` (a 40×24 gradient, every edge pixel coloured: no nine-patch frame).
    func workspace() throws -> String {
        let directory = try TemporaryFolder.make("newcomer")
        var samples: [UInt8] = []
        for y in 0..<24 { for x in 0..<40 { samples += [UInt8(x * 6), UInt8(y * 10), 128, 255] } }
        let png = try PNGEncoder().encode(Image(width: 40, height: 24, layout: .rgba, samples: samples))
        _ = FileManager.default.createFile(atPath: directory + "/in.png", contents: Data(png))
        return directory
    }

    @Test("an image or binary file given as the pipeline gets one line naming what it is and the command meant (exit 2)")
    func imageAsPipeline() throws {
        let dir = try workspace()
        let png = TestConsole.run([dir + "/in.png"])
        #expect(png.status == 2)
        #expect(
            png.err
                == "ninepipe: \(dir)/in.png is a PNG image, not a pipeline; to see what it holds: ninepipe info \(dir)/in.png; to change it: ninepipe run -e 'resize width=50%' \(dir)/in.png --output out/",
            "\(png.err)")
        // The same through run, and for bytes that are not text: where the first bad byte is.
        _ = FileManager.default.createFile(atPath: dir + "/nul.pipe", contents: Data(Array("invert\n".utf8) + [0, 1, 2]))
        let nul = TestConsole.run(["run", dir + "/nul.pipe"])
        #expect(nul.status == 2 && nul.err.contains("is not a pipeline: it is binary data (a NUL byte at byte 7)"), "\(nul.err)")
        _ = FileManager.default.createFile(atPath: dir + "/latin1.pipe", contents: Data(Array("load \"caf".utf8) + [0xE9, 0x22]))
        let latin = TestConsole.run(["check", dir + "/latin1.pipe"])
        #expect(latin.status == 2 && latin.err.contains("(a byte that is not UTF-8 text at byte 9)"), "\(latin.err)")
        #expect(latin.err.split(separator: "\n").count == 1)
    }

    @Test("at most 20 diagnostics are printed, then how many more there are")
    func diagnosticsCapped() throws {
        let text = (1...30).map { "nosuchstep\($0)" }.joined(separator: "\n")
        let result = TestConsole.run(["check", "-e", text])
        #expect(result.status == 2)
        let errors = result.err.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 20)
        #expect(result.err.hasSuffix("and 10 more (30 errors in all)"), "\(result.err.suffix(80))")
        // The renderer itself, as an embedding tool uses it.
        let renderer = DiagnosticRenderer(fileName: "x", source: text, colors: false)
        let compiled = PipelineCompiler(registry: .standard).compile(text)
        #expect(renderer.render(compiled.diagnostics).components(separatedBy: "\n").last == "and 10 more (30 errors in all)")
        #expect(!renderer.render(Array(compiled.diagnostics.prefix(20))).contains("more"))
    }

    @Test("pipeline text given to run without -e: the missing 'file' is recognised and -e suggested (exit 1)")
    func forgottenExpressionFlag() throws {
        let dir = try workspace()
        let result = TestConsole.run(["run", "load \"in.png\" | save \"y.png\""], in: dir)
        #expect(result.status == 1)
        #expect(
            result.err.contains(
                "cannot read: no such file, and it reads like pipeline text: give the text with -e, as in ninepipe run -e 'load \"in.png\" | save \"y.png\"'"),
            "\(result.err)")
        // A plain missing file is only missing.
        let missing = TestConsole.run(["run", "nothing.pipe"], in: dir)
        #expect(missing.status == 1 && missing.err.contains("nothing.pipe: cannot read: No such file or directory") && !missing.err.contains("-e"))
    }

    @Test(
        "names other tools use for steps point to ours",
        arguments: [
            ("rotate 90", "unknown step 'rotate'; write orient rotate=90"),
            ("rotate=180", "unknown step 'rotate'; write orient rotate=180"),
            ("rotate -90", "unknown step 'rotate'; write orient rotate=270"),
            ("flip", "unknown step 'flip'; write orient flip=vertical"),
            ("flop", "unknown step 'flop'; write orient flip=horizontal"),
            ("extract", "unknown step 'extract'; write crop x="),
            ("extend", "unknown step 'extend'; write border width="),
            ("composite", "unknown step 'composite'; write overlay \"badge.png\""),
            ("flatten", "unknown step 'flatten'; write alpha remove background=#ffffff"),
            ("negate", "unknown step 'negate'; write invert"),
            ("scale 50%", "unknown step 'scale'; write resize width=50%"),
            ("width=30", "unknown step 'width'; 'width' is a parameter of load, ninepatch, crop, resize, thumbnail, border, tile: write it after its step"),
            ("orient 90", "'orient' has no positional parameter here; write name=value (parameters: value, rotate, flip); did you mean rotate=90?"),
            ("orient horizontal", "did you mean flip=horizontal?"),
            ("resize=50%", "'=' after the step name 'resize'; write its parameters after a space: resize 50%"),
        ])
    func foreignStepNames(step: String, message: String) throws {
        let result = TestConsole.run(["check", "-e", "load \"in.png\" | \(step) | save \"out.png\""])
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
        // One error, not a second one for the '=' of `rotate=180`.
        #expect(result.err.components(separatedBy: ": error: ").count == 2, "\(result.err)")
    }

    @Test("ninepatch compile on a plain photo says it has no frame and how to give insets; --insets compiles it")
    func compilePlainImage() throws {
        let dir = try workspace()
        let result = TestConsole.run(["ninepatch", "compile", "in.png", "out.png"], in: dir)
        #expect(result.status == 1)
        #expect(result.err.contains("in.png: nine-patch frame: there is none: the outermost pixels are part of the picture"), "\(result.err)")
        #expect(result.err.contains("--insets T,L,B,R") && !result.err.contains("neutral colour"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        let compiled = TestConsole.run(["ninepatch", "compile", "in.png", "out.png", "--insets", "4,6,4,6"], in: dir)
        #expect(compiled.status == 0, "\(compiled.err)")
        let image = try ImageCodecRegistry.builtIn.decode(FileIO.read(dir + "/out.png"))
        let chunk = try #require(image.metadata.ninePatch?.chunk)
        #expect(image.width == 40 && chunk.xDivs == [6, 34] && chunk.yDivs == [4, 20])
        let bad = TestConsole.run(["ninepatch", "compile", "in.png", "x.png", "--insets", "4,6,4"], in: dir)
        #expect(bad.status == 2 && bad.err.contains("--insets '4,6,4': give four pixel counts"))
    }

    @Test(
        "exit codes: 2 for usage (with the help hint), 1 for inputs that are missing or hold the wrong thing (without it)",
        arguments: [
            (["run", "-e", "invert", "missing.png", "--output", "out/"], Int32(1), "input 'missing.png' does not exist"),
            (["run", "-e", "load \"missing.png\" | save \"x.png\""], 1, "missing.png: cannot read"),
            (["info", "missing.png"], 1, "missing.png: cannot read"),
            (["ninepatch", "inspect", "missing.png"], 1, "missing.png: cannot read"),
            (["ninepatch", "compile", "missing.png", "x.png"], 1, "missing.png: cannot read"),
            (["assets", "android", "missing.png", "--output", "res"], 1, "missing.png: no such file or folder"),
            (["--plugin", "missing.so", "plugins"], 1, "missing.so"),
            (["ninepatch", "inspect", "in.png"], 1, "in.png has no nine-patch information"),
            (["ninepatch", "preview", "in.png", "--output", "p.png"], 1, "in.png has no nine-patch information"),
            (["run", "-e", "invert", "empty/", "--output", "out/"], 1, "no images found in empty/"),
            (["run", "-e", "nosuchstep"], 2, "unknown step 'nosuchstep'"),
            (["info", "--format", "yaml", "in.png"], 2, "'yaml'"),
            (["assets", "android", "in.png", "--output", "res", "--densities", "xhpdi"], 2, "did you mean 'xhdpi'?"),
        ])
    func exitCodes(arguments: [String], status: Int32, message: String) throws {
        let dir = try workspace()
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        let result = TestConsole.run(arguments, in: dir)
        #expect(result.status == status, "\(result.err)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.contains("Run 'ninepipe --help' for usage.") == (status == 2 && !result.err.contains(": error: ")), "\(result.err)")
    }

    @Test("info --format json: one object a file on one line, the documented keys, an error object for a file that fails")
    func infoJSON() throws {
        let dir = try workspace()
        let root = Repository.root
        let gif = root.appendingPathComponent("Tests/NinepipeCoreTests/Fixtures/gif/anim-keep.gif").path
        let svg = root.appendingPathComponent("Examples/vector/button.9.svg").path
        let result = TestConsole.run(["info", "--format", "json", dir + "/in.png", gif, svg, dir + "/missing.png", "--alpha"])
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 4)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let png = objects[0]
        #expect(png["format"] as? String == "PNG" && png["width"] as? Int == 40 && png["height"] as? Int == 24)
        // (Every pixel of in.png is opaque, so the encoder wrote it as RGB.)
        #expect(png["layout"] as? String == "rgb" && png["depth"] as? Int == 8 && png["alpha"] as? Bool == false)
        #expect(png["orientation"] as? Int == 1 && png["frames"] as? Int == 1 && png["icc"] is NSNull && png["ninePatch"] is NSNull)
        #expect(png["transparentPixels"] as? Int == 0 && png["vector"] is NSNull)
        #expect(png["bytes"] as? Int == (try FileIO.read(dir + "/in.png")).count)
        let animation = objects[1]
        #expect(animation["frames"] as? Int == 3 && animation["durations"] as? [Int] == [100, 100, 100] && animation["loop"] as? Int == 0)
        let vector = objects[2]
        #expect(vector["format"] as? String == "SVG")
        let dp = try #require((vector["vector"] as? [String: Any])?["dp"] as? [String: Int])
        #expect(dp == ["width": 48, "height": 32])
        #expect((vector["vector"] as? [String: Any])?["template"] as? Bool == false)
        let ninePatch = try #require(vector["ninePatch"] as? [String: Any])
        #expect(ninePatch["source"] as? String == "vector" && ninePatch["regions"] as? [String] == ["ninepatch-stretch", "ninepatch-content"])
        #expect(objects[3]["file"] as? String == dir + "/missing.png" && (objects[3]["error"] as? String)?.contains("cannot read") == true)
        // Every key printed is one Docs/CLI.md lists (the documented keys are the stable ones).
        let manual = try String(contentsOf: root.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
        let table = try #require(manual.components(separatedBy: "## `info --format json`").last)
        let documented = Set(
            table.matches(of: /^\| (`[a-zA-Z]+`(?:, `[a-zA-Z]+`)*) \|/.anchorsMatchLineEndings()).flatMap { match in
                match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            })
        #expect(documented.count >= 20)
        for object in objects { #expect(Set(object.keys).subtracting(documented).isEmpty, "undocumented: \(Set(object.keys).subtracting(documented))") }
        // A compiled nine-patch's regions.
        _ = TestConsole.run(["ninepatch", "compile", "in.png", "np.png", "--insets", "4,6,4,6"], in: dir)
        let compiled = TestConsole.run(["info", "--format", "json", dir + "/np.png"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(compiled.out.utf8)) as? [String: Any])
        let chunk = try #require(object["ninePatch"] as? [String: Any])
        #expect(chunk["source"] as? String == "npTc" && chunk["xDivs"] as? [Int] == [6, 34] && chunk["yDivs"] as? [Int] == [4, 20])
        // A one-colour icon is a template (a platform may tint it); a two-colour one is not.
        let icon =
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><circle cx="8" cy="8" r="6" fill="#333"/><rect x="16" y="2" width="6" height="12" fill="#333"/></svg>"##
        _ = FileManager.default.createFile(atPath: dir + "/mono.svg", contents: Data(icon.utf8))
        _ = FileManager.default.createFile(
            atPath: dir + "/two.svg", contents: Data(icon.replacingOccurrences(of: "height=\"12\" fill=\"#333\"", with: "height=\"12\" fill=\"#c00\"").utf8))
        let icons = TestConsole.run(["info", "--format", "json", dir + "/mono.svg", dir + "/two.svg"])
        let templates = try icons.out.split(separator: "\n").map {
            try #require(((JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["vector"] as? [String: Any])?["template"] as? Bool)
        }
        #expect(templates == [true, false], "\(icons.out) \(icons.err)")
    }

    @Test("alpha add | save \"x.png\" writes the alpha channel it was asked for, whole or streamed; without it an opaque PNG is RGB")
    func alphaAddKeepsTheChannel() throws {
        let dir = try workspace()
        for (pipeline, stream, expected) in [
            ("load \"in.png\" | alpha add | save \"a.png\"", "never", "RGBA"),
            ("load \"in.png\" | alpha add | save \"a.png\"", "always", "RGBA"),
            ("load \"in.png\" | grayscale | alpha add | save \"a.png\"", "never", "gray+alpha"),
            ("load \"in.png\" | save \"a.png\"", "never", "RGB"),
        ] {
            let result = TestConsole.run(["run", "--stream", stream, "-e", pipeline], in: dir)
            #expect(result.status == 0, "\(result.err)")
            let info = try ImageCodecRegistry.builtIn.info(FileIO.read(dir + "/a.png"), limits: .default)
            #expect(info.colorType == expected, "\(pipeline) --stream \(stream): \(info.colorType)")
        }
    }

    @Test("a lossless WebP saved as WebP with no quality stays lossless; a quality or lossless=never makes it lossy")
    func losslessWebPStaysLossless() throws {
        guard try Requirement.found(WebPCodec.isAvailable ? true : nil, "WebP in this build (libwebp-dev)") != nil else {
            try Test.cancel("this build has no WebP (libwebp-dev was missing)")
        }
        let dir = try workspace()
        #expect(TestConsole.run(["run", "-e", "load \"in.png\" | save \"l.webp\" lossless=true"], in: dir).status == 0)
        for (save, lossless) in [("save \"o.webp\"", true), ("save \"o.webp\" quality=80", false), ("save \"o.webp\" lossless=never", false)] {
            let result = TestConsole.run(["run", "-e", "load \"l.webp\" | resize width=50% | \(save)"], in: dir)
            #expect(result.status == 0, "\(result.err)")
            let info = try ImageCodecRegistry.builtIn.info(FileIO.read(dir + "/o.webp"), limits: .default)
            #expect(info.colorType.hasPrefix(lossless ? "lossless" : "lossy"), "\(save): \(info.colorType)")
        }
        // In a batch too, and a lossy source stays lossy.
        _ = TestConsole.run(["run", "-e", "load \"in.png\" | save \"lossy.webp\""], in: dir)
        try FileManager.default.createDirectory(atPath: dir + "/webp", withIntermediateDirectories: true)
        for name in ["l.webp", "lossy.webp"] { try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: dir + "/webp/" + name) }
        #expect(TestConsole.run(["run", "-e", "invert", "webp/", "--output", "out/"], in: dir).status == 0)
        #expect(try ImageCodecRegistry.builtIn.info(FileIO.read(dir + "/out/l.webp"), limits: .default).colorType.hasPrefix("lossless"))
        #expect(try ImageCodecRegistry.builtIn.info(FileIO.read(dir + "/out/lossy.webp"), limits: .default).colorType.hasPrefix("lossy"))
    }

    @Test("ninepatch without width and height renders at the image's own size, as its help says")
    func ninePatchDefaultsToOwnSize() throws {
        let dir = try workspace()
        let result = TestConsole.run(["run", "-e", "load \"in.png\" | ninepatch insets=4,4,4,4 | save \"n.png\""], in: dir)
        #expect(result.status == 0, "\(result.err)")
        let image = try ImageCodecRegistry.builtIn.decode(FileIO.read(dir + "/n.png"))
        #expect(image.width == 40 && image.height == 24)
        let wide = TestConsole.run(["run", "-e", "load \"in.png\" | ninepatch insets=4,4,4,4 width=100 | save \"w.png\""], in: dir)
        #expect(wide.status == 0, "\(wide.err)")
        let stretched = try ImageCodecRegistry.builtIn.decode(FileIO.read(dir + "/w.png"))
        #expect(stretched.width == 100 && stretched.height == 24)
    }

    @Test("--quiet prints nothing when every file succeeds, and the failures with the summary when one fails")
    func quietMeansQuiet() throws {
        let dir = try workspace()
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/in.png", toPath: dir + "/in/a.png")
        let ok = TestConsole.run(["run", "-e", "invert", "in/", "--output", "out/", "--quiet"], in: dir)
        #expect(ok.status == 0 && ok.err.isEmpty && ok.out.isEmpty, "\(ok.err)")
        _ = FileManager.default.createFile(atPath: dir + "/in/b.png", contents: Data([0x89, 0x50, 0x4E, 0x47]))
        let failed = TestConsole.run(["run", "-e", "invert", "in/", "--output", "out2/", "--quiet"], in: dir)
        #expect(failed.status == 1 && failed.err.contains("2 files: 1 ok, 1 failed") && failed.err.contains("failed:\n  in/b.png"), "\(failed.err)")
        let help = TestConsole.run(["run", "--help"])
        #expect(help.out.contains("print nothing when every file succeeds; else only the failures and the summary"))
    }

    @Test("what the help and the manual say matches what the tool does: assets android takes .svg and ldpi; ninepatch's size defaults")
    func helpMatchesBehaviour() throws {
        let help = TestConsole.run(["assets", "android", "--help"]).out
        #expect(help.contains(".svg files (drawn at every density") && help.contains("ldpi, mdpi, tvdpi, hdpi"), "\(help)")
        #expect(help.contains("--source-density ldpi|mdpi|tvdpi|hdpi|xhdpi|xxhdpi|xxxhdpi"), "\(help)")
        let ninePatch = TestConsole.run(["plugins", "ninepatch"]).out
        #expect(ninePatch.contains("output width (default: the image's"), "\(ninePatch)")
        let root = Repository.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!readme.contains("ldpi…xxxhdpi"))
        let dsl = try String(contentsOf: root.appendingPathComponent("Docs/DSL.md"), encoding: .utf8)
        #expect(dsl.contains("[Steps.md](Steps.md)"))
    }
}
