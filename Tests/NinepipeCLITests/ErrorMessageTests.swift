import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// Runtime errors had no source line and caret; a too-large resize suggested
/// --max-pixels as if the input were the problem; `--set size=abc` blamed the file; `--output dr`
/// for a missing folder asked for an extension; single runs did not create output folders.
@Suite("error messages")
struct ErrorMessageTests {
    func workspace() throws -> String {
        let directory = try TemporaryFolder.make("errors")
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Image(width: 40, height: 30, layout: .rgb, depth: .eight, fill: [10, 20, 30]))
        _ = FileManager.default.createFile(atPath: directory + "/in/a.png", contents: Data(png))
        return directory
    }

    @Test("a runtime failure shows the step's line with a caret under its name")
    func runtimeCaret() throws {
        let dir = try workspace()
        let missing = TestConsole.run(["run", "-e", "load \"\(dir)/in/missing.png\" | save \"x.png\""])
        #expect(missing.status == 1)
        #expect(
            missing.err == """
                <expression>:1:1: error: load: \(dir)/in/missing.png: cannot read: No such file or directory
                load "\(dir)/in/missing.png" | save "x.png"
                ^~~~
                """, "\(missing.err)")
        let second = TestConsole.run(["run", "-e", "load \"\(dir)/in/a.png\"\n  | crop x=100 y=0 width=5 height=5 | save \"x.png\""])
        #expect(
            second.status == 1 && second.err.hasPrefix("<expression>:2:5: error: crop: ")
                && second.err.hasSuffix("\n  | crop x=100 y=0 width=5 height=5 | save \"x.png\"\n    ^~~~"), "\(second.err)")
    }

    @Test("a limit hit by a step's result says which step and what to ask for; one hit by a file says to trust it")
    func limitWording() throws {
        let dir = try workspace()
        let step = TestConsole.run(["run", "-e", "load \"\(dir)/in/a.png\" | resize width=60000 fit=fill height=60000 | save \"\(dir)/x.png\""])
        #expect(step.status == 1)
        #expect(
            step.err.contains(
                "1:\(dir.count + 20): error: resize: the result of 'resize' would be 60000×60000 = 3600000000 pixels, over the limit of 268435456 pixels; ask 'resize' for a smaller size, or raise the limit with --max-pixels N"
            ), "\(step.err)")
        let file = TestConsole.run(["run", "--max-pixels", "100", "-e", "load \"\(dir)/in/a.png\" | save \"\(dir)/y.png\""])
        #expect(
            file.status == 1
                && file.err.contains("image is 40×30 = 1200 pixels, over the limit of 100 pixels; raise it with --max-pixels N if you trust this file"),
            "\(file.err)")
        let batch = TestConsole.run(["run", "-e", "resize width=60000 height=60000 fit=fill", dir + "/in", "--output", dir + "/out/"])
        #expect(batch.status == 1 && batch.err.contains("step 1 'resize' (1:1): the result of 'resize' would be 60000×60000"), "\(batch.err)")
    }

    @Test("a --set value that fails its parameter's type names the --set; --output to a missing folder without a slash suggests one")
    func commandLineOrigins() throws {
        let dir = try workspace()
        try "param size=64\nthumbnail $size\n".write(toFile: dir + "/t.pipe", atomically: true, encoding: .utf8)
        let set = TestConsole.run(["run", dir + "/t.pipe", dir + "/in", "--output", dir + "/o/", "--set", "size=abc"])
        #expect(
            set.status == 2 && set.err.contains("t.pipe:2:11: error: invalid value abc for 'size'")
                && set.err.contains("(the value comes from --set size=abc)"), "\(set.err)")
        let required = TestConsole.run(["check", "-e", "param size\nthumbnail $size", dir + "/in", "--output", dir + "/o/", "--set", "szie=1"])
        #expect(
            required.status == 2 && required.err.contains("param 'size' has no default; set it from outside: --set size=VALUE")
                && required.err.contains("warning: --set szie=… is not used by the pipeline; did you mean 'size'?"), "\(required.err)")
        let folder = TestConsole.run(["run", "-e", "orient", dir + "/in", "--output", dir + "/dr"])
        #expect(folder.status == 2 && folder.err.contains("for a folder (created when missing), end it with a slash: \(dir)/dr/"), "\(folder.err)")
        #expect(
            throws: BatchError.outputNeedsExtension(template: dir + "/dr", looksLikeFolder: true, extensions: ImageCodecRegistry.builtIn.writableExtensionList)
        ) { try OutputTemplate(dir + "/dr") }
        #expect(throws: BatchError.badShard(text: "x")) { try ShardSpec("x") }
        #expect(throws: BatchError.shardVariableMissing(count: 3)) { try ShardSpec("auto/3").resolvedIndex(environment: [:]) }
    }

    @Test("a single run creates the folders its save needs, as a batch does")
    func singleRunCreatesFolders() throws {
        let dir = try workspace()
        let result = TestConsole.run(["run", "-e", "load \"\(dir)/in/a.png\" | save \"\(dir)/new/deeper/x.png\""])
        #expect(result.status == 0, "\(result.err)")
        #expect(FileIO.exists(dir + "/new/deeper/x.png"))
    }
}

extension ErrorMessageTests {
    @Test("--dry-run expands every placeholder it knows ({ext} after {width} too); a save template ending in {ext} writes each input's format")
    func dryRunPlaceholders() throws {
        let dir = try workspace()
        let arguments = ["run", "-e", "orient | save \"\(dir)/s/{name}-{width}.{ext}\"", dir + "/in", "--output", dir + "/o/{name}-{height}.{ext}"]
        let dry = TestConsole.run(arguments + ["--dry-run"])
        #expect(dry.status == 0 && dry.out == "\(dir)/in/a.png → \(dir)/s/a-{width}.png, \(dir)/o/a-{height}.png", "\(dry.out)\n\(dry.err)")
        let real = TestConsole.run(arguments)
        #expect(real.status == 0 && FileIO.exists(dir + "/s/a-40.png") && FileIO.exists(dir + "/o/a-30.png"), "\(real.err)")
    }

    @Test("a $ that cannot start a variable name is literal in a string (\"price$5.jpg\")")
    func literalDollar() throws {
        let pipeline = try PipelineCompiler().pipeline(#"load "price$5.jpg" | save "a$.png""#)
        #expect(pipeline.steps[0].arguments["path"] == .string("price$5.jpg"))
        #expect(try PipelineCompiler().pipeline(pipeline.description) == pipeline)
        let unset = PipelineCompiler().compile(#"load "$price.jpg" | save "b.png""#)
        #expect(unset.diagnostics.first?.message.contains("variable '$price' is not set") == true, "\(unset.diagnostics)")
    }
}

/// Core's errors name what avoids them as data; Host says it in pipeline words.
@Suite("remedies")
struct RemedyTests {
    @Test("Core words a remedy as a policy, a failed step as its pipeline parameter, every case differently")
    func remedyWording() {
        let error = FileError.inFile(path: "a.gif", underlying: LimitError.tooManyFrames(frames: 9000, limit: 5000))
        #expect("\(error)".hasSuffix("(ImageLimits.maxFrameCount); read only the first frame"), "\(error)")
        let failure = StepFailure(stepName: "load", index: 1, location: nil, underlying: error)
        #expect(
            "\(failure)".hasSuffix(
                "a.gif: animation has 9000 frames, over the limit of 5000 frames (ImageLimits.maxFrameCount); load frames=first reads only the first"),
            "\(failure)")
        let remedies: [Remedy] = [.readFirstFrame, .pickOneFrame, .keepColorProfile, .useCompiledChunk, .giveCapInsets, .giveDrawingSize, .decodeAndEncode]
        #expect(Set(remedies.map(\.description)).count == remedies.count && Set(remedies.map(\.pipelineText)).count == remedies.count)
        for remedy in remedies {
            #expect(!remedy.description.contains("="), "\(remedy)")
            #expect(remedy.pipelineText.contains("="), "\(remedy.pipelineText)")
        }
        #expect(SVGError.noSize.remedy == .giveDrawingSize && ColorError.unreadableProfile("x").remedy == .keepColorProfile)
        #expect(GIFError.damagedFrame(frame: 3, count: 4).remedy == .readFirstFrame && LosslessEditError.unavailable.remedy == .decodeAndEncode)
    }
}
