import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// Compiled nine-patches that keep their `.9.png` names, as APKs and Gradle's merged resources
/// hold them. The fixtures are five real files from Android's framework-res.apk (Debian's
/// android-framework-res, Apache-2.0; see Fixtures/framework-res/NOTICE): gray, gray+alpha,
/// RGB and RGBA, with and without layout bounds, one a 1×1 that is too small to be a frame at
/// all. Expected values were read from the chunks with an independent parser (Python `struct`).
extension CommandLineTests {
    static let frameworkFixtures = aaptFixtures.appendingPathComponent("framework-res")

    /// The file name, then the `inspect` JSON up to `colors` (size, divs, padding, layout bounds).
    static let compiledFixtures: [(String, String)] = [
        (
            "btn_default_normal.9.png",
            #"{"width":24,"height":48,"xDivs":[5,19],"yDivs":[4,40],"padding":{"top":7,"left":11,"bottom":11,"right":11},"layoutBounds":null"#
        ),
        (
            "btn_toggle_off_normal_holo_dark.9.png",
            #"{"width":26,"height":32,"xDivs":[6,8,12,14,18,20],"yDivs":[16,18],"padding":{"top":4,"left":12,"bottom":4,"right":12},"layoutBounds":{"top":4,"left":4,"bottom":4,"right":4}"#
        ),
        (
            "divider_vertical_bright_opaque.9.png",
            #"{"width":1,"height":1,"xDivs":[0,1],"yDivs":[0,1],"padding":{"top":0,"left":0,"bottom":0,"right":0},"layoutBounds":null"#
        ),
        (
            "menuitem_background_solid_focused.9.png",
            #"{"width":1,"height":1,"xDivs":[0,1],"yDivs":[0,1],"padding":{"top":0,"left":0,"bottom":0,"right":0},"layoutBounds":null"#
        ),
        (
            "tab_indicator_mtrl_alpha.9.png",
            #"{"width":48,"height":48,"xDivs":[0,48],"yDivs":[0,40],"padding":{"top":0,"left":0,"bottom":0,"right":0},"layoutBounds":null"#
        ),
    ]

    /// A directory holding the real compiled fixtures under their `.9.png` names.
    func compiledWorkspace() throws -> String {
        let directory = try Self.temporaryDirectory()
        for (name, _) in Self.compiledFixtures {
            try FileManager.default.copyItem(atPath: Self.frameworkFixtures.appendingPathComponent(name).path, toPath: directory + "/" + name)
        }
        return directory
    }

    /// The fuzzer's reproducers: a valid 10×8 compiled nine-patch whose padding no aapt writes.
    /// Each used to load, then trap (SIGILL) in frame drawing, crop or stretching.
    @Test(
        "impossible npTc padding: every command refuses the file at load, exit 1, and writes nothing",
        arguments: [
            (NinePatchInsets(top: 0, left: 8, bottom: 0, right: 5), "npTc padding left 8 + right 5 is more than the image width 10"),
            (NinePatchInsets(top: 0, left: 0, bottom: 0, right: -20), "npTc padding right -20 is outside 0…10 (the image width)"),
            (NinePatchInsets(top: 0, left: 0, bottom: 0, right: .min), "npTc padding right -2147483648 is outside 0…10 (the image width)"),
        ])
    func impossiblePadding(padding: NinePatchInsets, reason: String) throws {
        let dir = try Self.temporaryDirectory()
        var image = Image(width: 10, height: 8, layout: .rgba, depth: .eight, fill: [40, 80, 120, 255])
        image.metadata.ninePatch = NinePatchInfo(chunk: NinePatchChunk(xDivs: [2, 5], yDivs: [1, 4], padding: padding, colors: []))
        _ = FileManager.default.createFile(atPath: dir + "/bad.9.png", contents: Data(try PNGEncoder().encode(image)))
        let commands: [[String]] = [
            ["run", "-e", #"load "bad.9.png" | save "x.9.png""#],
            ["run", "-e", #"load "bad.9.png" | ninepatch width=40 height=40 | save "x.png""#],
            ["ninepatch", "preview", "bad.9.png", "--output", "x.png"],
            ["ninepatch", "decompile", "bad.9.png", "x.9.png"],
            ["info", "bad.9.png"],
        ]
        for command in commands {
            let result = TestConsole.run(command, in: dir)
            #expect(result.status == 1, "\(command): \(result.err)")
            #expect(
                result.err.contains("bad.9.png: corrupt PNG: chunk npTc at byte 33: \(reason); the nine-patch chunk is damaged"), "\(command): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png") && !FileManager.default.fileExists(atPath: dir + "/x.9.png"))
        }
    }

    @Test("inspect reads a compiled .9.png from its npTc chunk, never its edge pixels", arguments: compiledFixtures)
    func inspectCompiled(name: String, expected: String) throws {
        let dir = try compiledWorkspace()
        let result = TestConsole.run(["ninepatch", "inspect", name], in: dir)
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        #expect(result.out.hasPrefix(expected + #","colors":"#), "\(result.out)")
        #expect(result.out.hasSuffix(#""source":"npTc"}"#))
    }

    @Test(
        "load keeps every pixel of a compiled .9.png and its chunks byte for byte; render matches the same file named .png",
        arguments: compiledFixtures.map { $0.0 })
    func loadSaveRenderCompiled(name: String) throws {
        let dir = try compiledWorkspace()
        let plain = name.replacingOccurrences(of: ".9.png", with: ".png")
        try FileManager.default.copyItem(atPath: dir + "/" + name, toPath: dir + "/" + plain)
        let stored = try decode(dir + "/" + name)

        let save = TestConsole.run(["run", "-e", "load \"\(name)\" | save \"kept.png\""], in: dir)
        #expect(save.status == 0 && save.err.isEmpty, "\(save.err)")
        #expect(try decode(dir + "/kept.png").converted(to: .rgba) == stored.converted(to: .rgba))
        #expect(try npChunks(dir + "/kept.png") == npChunks(dir + "/" + name))

        let framed = TestConsole.run(["run", "-e", "load \"\(name)\" | save \"source.9.png\""], in: dir)
        #expect(framed.status == 0, "\(framed.err)")
        let source = try decode(dir + "/source.9.png")
        #expect(source.width == stored.width + 2 && source.height == stored.height + 2)
        #expect(NinePatchSource.isCompiled(source) == false)

        for file in [name, plain] {
            let render = TestConsole.run(["run", "-e", "load \"\(file)\" | ninepatch width=60 height=90 | save \"\(file).out.png\""], in: dir)
            #expect(render.status == 0, "\(file): \(render.err)")
        }
        let rendered = try decode(dir + "/\(name).out.png")
        #expect(rendered.width == 60 && rendered.height == 90)
        #expect(rendered == (try decode(dir + "/\(plain).out.png")))
    }

    @Test("ninepatch=border and --border on a compiled file say why; info says it is compiled")
    func borderOnCompiledIsAnError() throws {
        let dir = try compiledWorkspace()
        let name = "btn_default_normal.9.png"
        let load = TestConsole.run(["run", "-e", "load \"\(name)\" ninepatch=border | save \"x.png\""], in: dir)
        #expect(load.status == 1)
        #expect(load.err.contains("\(name): nine-patch frame: the file is a compiled nine-patch: it carries an npTc chunk"), "\(load.err)")
        #expect(load.err.contains("leave out ninepatch=border and the chunk is used") && !load.err.contains("--border"), "\(load.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        let inspect = TestConsole.run(["ninepatch", "inspect", "--border", name], in: dir)
        #expect(inspect.status == 1 && inspect.err.contains("there is none to read; leave out --border and the chunk is used"), "\(inspect.err)")
        let info = TestConsole.run(["info", name], in: dir)
        #expect(
            info.out.contains("size: 24×48") && info.out.contains("nine-patch: yes (npTc; compiled, so the .9.png name's frame is not read)"), "\(info.out)")
    }

    @Test("a .9.png with neither chunk nor frame says it has no frame and how to give insets instead")
    func neitherChunkNorFrame() throws {
        let dir = try workspace()
        try FileManager.default.copyItem(atPath: dir + "/in.png", toPath: dir + "/in.9.png")
        let result = TestConsole.run(["ninepatch", "inspect", "in.9.png"], in: dir)
        #expect(result.status == 1)
        #expect(
            result.err.contains(
                "in.9.png: nine-patch frame: there is none: the outermost pixels are part of the picture (the top-left one is #000080ff)"),
            "\(result.err)")
        #expect(result.err.hasSuffix("or give the cap insets instead (ninepatch compile|inspect FILE --insets T,L,B,R)"), "\(result.err)")
        // As the command line suggests: compiled with insets, the plain image becomes a nine-patch.
        let compiled = TestConsole.run(["ninepatch", "compile", "in.9.png", "out.png", "--insets", "2,3,2,3"], in: dir)
        #expect(compiled.status == 0, "\(compiled.err)")
        let inspected = TestConsole.run(["ninepatch", "inspect", "out.png", "--format", "ios"], in: dir)
        #expect(inspected.out.contains("UIEdgeInsets(top: 2, left: 3, bottom: 2, right: 3)"), "\(inspected.out)")
        let info = TestConsole.run(["info", "in.9.png"], in: dir)
        #expect(info.out.contains("nine-patch: source (no npTc chunk; load reads the 1-pixel frame of a .9.png)"), "\(info.out)")
    }

    @Test("compile of an already compiled .9.png writes its chunks unchanged; decompile draws its frame")
    func compileAndDecompileCompiled() throws {
        let dir = try compiledWorkspace()
        let name = "btn_toggle_off_normal_holo_dark.9.png"
        let compile = TestConsole.run(["ninepatch", "compile", name, "again.png"], in: dir)
        #expect(compile.status == 0)
        #expect(compile.err.contains("already compiled (it carries an npTc chunk); its chunks are written unchanged"), "\(compile.err)")
        #expect(try npChunks(dir + "/again.png") == npChunks(dir + "/" + name))
        let decompile = TestConsole.run(["ninepatch", "decompile", name, "back.9.png"], in: dir)
        #expect(decompile.status == 0, "\(decompile.err)")
        let inspect = TestConsole.run(["ninepatch", "inspect", "back.9.png"], in: dir)
        #expect(
            inspect.out.hasPrefix(
                #"{"width":26,"height":32,"xDivs":[6,8,12,14,18,20],"yDivs":[16,18],"padding":{"top":4,"left":12,"bottom":4,"right":12},"layoutBounds":{"top":4,"left":4,"bottom":4,"right":4}"#
            ), "\(inspect.out)")
        #expect(inspect.out.hasSuffix(#""source":"border"}"#))
    }

    @Test("a batch over compiled .9.png files renders each from its chunk")
    func batchOverCompiled() throws {
        let dir = try compiledWorkspace()
        let result = TestConsole.run(["run", "-e", "ninepatch width=40 height=50", ".", "--output", "out/{name}.png"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("5 files: 5 ok, 0 failed, 0 skipped"), "\(result.err)")
        // The outputs keep their .9.png names, so they carry a frame, read back as 40×50.
        for (name, _) in Self.compiledFixtures {
            let raw = try decode(dir + "/out/" + name)
            #expect(raw.width == 42 && raw.height == 52, "\(name)")
            let image = try NinePatchSource.auto.resolve(raw, path: name)
            #expect(image.width == 40 && image.height == 50, "\(name)")
        }
    }

    /// `ninepatch=none` used to keep the chunks, so the "plain" copy was still a
    /// nine-patch to every later reader (resize warned, a `.9.png` batch output failed, `assets
    /// ios` wrote `resizing`). `none` is now a plain image; `keep` carries the chunks untouched.
    @Test("load ninepatch=none gives a plain image: no np chunks saved, a batch over compiled files succeeds, assets ios writes no resizing")
    func noneIsPlain() throws {
        let dir = try compiledWorkspace()
        for (name, _) in Self.compiledFixtures {
            let stored = try decode(dir + "/" + name)
            let plain = TestConsole.run(["run", "-e", "load \"\(name)\" ninepatch=none | save \"plain-\(name).png\""], in: dir)
            #expect(plain.status == 0 && plain.err.isEmpty, "\(name): \(plain.err)")
            #expect(try npChunks(dir + "/plain-\(name).png").isEmpty, "\(name) kept nine-patch chunks")
            #expect(try decode(dir + "/plain-\(name).png").converted(to: .rgba).storage == stored.converted(to: .rgba).storage, "\(name): pixels changed")
            let kept = TestConsole.run(["run", "-e", "load \"\(name)\" ninepatch=keep | save \"kept-\(name).png\""], in: dir)
            #expect(kept.status == 0, "\(kept.err)")
            #expect(try npChunks(dir + "/kept-\(name).png") == npChunks(dir + "/" + name), "\(name): keep changed the chunks")
        }
        // The issue's batch: every input succeeds, mirrored under its name without the .9 (a plain
        // picture is no nine-patch source), with no chunks and nothing warned about them.
        let inputs = Self.compiledFixtures.map(\.0)
        let batch = TestConsole.run(["run", "-e", "load ninepatch=none | resize width=50%"] + inputs + ["--output", "half/"], in: dir)
        #expect(batch.status == 0 && batch.err.contains("5 files: 5 ok, 0 failed"), "\(batch.err)")
        #expect(!batch.err.contains("warning"), "\(batch.err)")
        for (name, _) in Self.compiledFixtures {
            let output = dir + "/half/" + name.replacingOccurrences(of: ".9.png", with: ".png")
            #expect(try npChunks(output).isEmpty, "\(output)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/half/" + name))
        }
        // A template that spells .9.png itself still asks for a nine-patch, and says what is missing.
        let spelled = TestConsole.run(["run", "-e", "load ninepatch=none", inputs[0], "--output", "named/{index}.9.png"], in: dir)
        #expect(spelled.status == 1 && spelled.err.contains("the image has no nine-patch stretch regions to draw as a frame"), "\(spelled.err)")
        // The plain copy in an Android tree becomes an image set without cap insets.
        let drawable = dir + "/res/drawable-xhdpi"
        try FileManager.default.createDirectory(atPath: drawable, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/plain-btn_default_normal.9.png.png", toPath: drawable + "/button.png")
        let assets = TestConsole.run(["assets", "ios", dir + "/res", "--output", dir + "/App.xcassets"], in: dir)
        #expect(assets.status == 0, "\(assets.err)")
        let contents = try String(contentsOfFile: dir + "/App.xcassets/button.imageset/Contents.json", encoding: .utf8)
        #expect(contents.contains("button@2x.png") && !contents.contains("resizing"), "\(contents)")
    }

    /// Every compiled nine-patch of Android's framework-res.apk, when Debian's
    /// android-framework-res and unzip are installed (CI installs them).
    @Test("every compiled .9.png in framework-res.apk keeps its size and chunks")
    func frameworkResTree() throws {
        let apk = "/usr/share/android-framework-res/framework-res.apk"
        guard let unzip = try Requirement.found(FileManager.default.fileExists(atPath: apk) ? ChildProcess.tool("unzip") : nil, "\(apk) or unzip") else {
            try Test.cancel("\(apk) or unzip not found (apt-get install android-framework-res unzip); the framework-res sweep is skipped")
        }
        let dir = try Self.temporaryDirectory()
        _ = try ChildProcess.run(unzip, ["-q", "-o", apk, "res/drawable*", "-d", dir])
        let files = (FileManager.default.enumerator(atPath: dir + "/res")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".9.png") }.sorted()
        #expect(files.count > 2000, "expected the APK's ~2,100 compiled nine-patches, found \(files.count)")
        let result = TestConsole.run(["run", "-e", #"save "out/{index}.png""#, "--quiet"] + files.map { "res/" + $0 }, in: dir)
        #expect(result.status == 0, "\(String(result.err.prefix(2000)))")
        var mismatches: [String] = []
        for (index, file) in files.enumerated() {
            let original = dir + "/res/" + file
            let output = dir + "/out/\(index).png"  // inputs are numbered in sorted order
            let info = try ImageCodecRegistry.builtIn.info([UInt8](try Data(contentsOf: URL(fileURLWithPath: original))))
            let written = try decode(output)
            let chunksDiffer = try npChunks(output) != npChunks(original)
            if written.width != info.width || written.height != info.height || chunksDiffer {
                mismatches.append(file)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(files.count) changed: \(Array(mismatches.prefix(10)))")

        // The batch a user runs to get plain pictures of one density succeeds on every
        // file, writes no nine-patch chunk and names no output .9.png.
        let mdpi = files.filter { $0.hasPrefix("drawable-mdpi-v4/") }
        #expect(mdpi.count > 500, "expected the ~540 mdpi nine-patches, found \(mdpi.count)")
        let plain = TestConsole.run(
            ["run", "-e", "load ninepatch=none | resize width=50%", "--output", "plain/", "--quiet"] + mdpi.map { "res/" + $0 }, in: dir)
        #expect(plain.status == 0, "\(mdpi.count) inputs: \(String(plain.err.prefix(2000)))")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir + "/plain")
        #expect(
            written.count == mdpi.count && !written.contains { $0.hasSuffix(".9.png") },
            "\(written.count) written: \(written.filter { $0.hasSuffix(".9.png") }.prefix(5))")
        let withChunks = try written.filter { try !npChunks(dir + "/plain/" + $0).isEmpty }
        #expect(withChunks.isEmpty, "\(withChunks.count) plain outputs kept nine-patch chunks: \(Array(withChunks.prefix(5)))")
    }

    static func temporaryDirectory() throws -> String {
        let path = try TemporaryFolder.make("compiled")
        return path
    }
}
