import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

@Suite("ninepipe command line", .serialized)
struct CommandLineTests {
    /// A directory with in.png (RGBA gradient) and in.jpg (stored sideways, EXIF orientation 6).
    func workspace() throws -> String {
        let directory = try TemporaryFolder.make("cli")
        var samples: [UInt8] = []
        for y in 0..<24 { for x in 0..<40 { samples += [UInt8(x * 6), UInt8(y * 10), 128, UInt8(255 - x)] } }
        let png = try PNGEncoder().encode(Image(width: 40, height: 24, layout: .rgba, samples: samples))
        _ = FileManager.default.createFile(atPath: directory + "/in.png", contents: Data(png))
        var photo: [UInt8] = []
        for y in 0..<40 { for _ in 0..<20 { photo += y < 20 ? [250, 10, 10] : [10, 10, 250] } }
        var image = Image(width: 20, height: 40, layout: .rgb, samples: photo)
        image.metadata.orientation = .right
        _ = FileManager.default.createFile(atPath: directory + "/in.jpg", contents: Data(try JPEGEncoder(quality: 95).encode(image)))
        return directory
    }

    func decode(_ path: String) throws -> Image {
        try ImageCodecRegistry.builtIn.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test("load | save round-trips a PNG exactly")
    func pngRoundTrip() throws {
        let dir = try workspace()
        let result = TestConsole.run(["run", "-e", #"load "in.png" | save "out.png""#], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(try decode(dir + "/out.png") == decode(dir + "/in.png"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test("load applies EXIF orientation; orient=keep keeps pixels and tag")
    func autoOrient() throws {
        let dir = try workspace()
        #expect(TestConsole.run(["run", "-e", #"load "in.jpg" | save "up.png""#], in: dir).status == 0)
        let upright = try decode(dir + "/up.png")
        #expect(upright.width == 40 && upright.height == 20 && upright.metadata.orientation == .up)
        #expect(TestConsole.run(["run", "-e", #"load "in.jpg" orient=keep | save "kept.png""#], in: dir).status == 0)
        let kept = try decode(dir + "/kept.png")
        #expect(kept.width == 20 && kept.height == 40 && kept.metadata.orientation == .right)
        #expect(TestConsole.run(["run", "-e", #"load "in.jpg" orient=keep | orient | save "turned.png""#], in: dir).status == 0)
        #expect(try decode(dir + "/turned.png") == upright)
    }

    @Test("load shrink=N decodes a JPEG at 1/N size (then orients it)")
    func shrinkOnLoad() throws {
        let dir = try workspace()
        #expect(TestConsole.run(["run", "-e", #"load "in.jpg" shrink=4 | save "small.png""#], in: dir).status == 0)
        let small = try decode(dir + "/small.png")
        #expect(small.width == 10 && small.height == 5)
        #expect(TestConsole.run(["check", "-e", #"load "in.jpg" shrink=3"#]).err.contains("one of 1, 2, 4, 8"))
    }

    @Test("crop from the command line: explicit, percentages with gravity, and check-time range errors")
    func crop() throws {
        let dir = try workspace()
        #expect(TestConsole.run(["run", "-e", #"load "in.png" | crop x=10 y=4 width=20 height=8 | save "a.png""#], in: dir).status == 0)
        let a = try decode(dir + "/a.png")
        let source = try decode(dir + "/in.png")
        #expect(a.width == 20 && a.height == 8)
        #expect(a.sample(x: 0, y: 0, channel: 0) == source.sample(x: 10, y: 4, channel: 0))
        #expect(TestConsole.run(["run", "-e", #"load "in.png" | crop width=50% height=50% gravity=center | save "b.png""#], in: dir).status == 0)
        let b = try decode(dir + "/b.png")
        #expect(b.width == 20 && b.height == 12)
        let bad = TestConsole.run(["check", "-e", #"load "in.png" | crop width=-5"#])
        #expect(bad.status == 2 && bad.err.contains("'width'") && bad.err.contains("1…65535"))
        let outside = TestConsole.run(["run", "-e", #"load "in.png" | crop x=100 y=0 width=5 height=5 | save "c.png""#], in: dir)
        #expect(outside.status == 1 && outside.err.contains("40×24 image"))
    }

    @Test("saving alpha as JPEG flattens it and warns once")
    func jpegFromAlpha() throws {
        let dir = try workspace()
        let result = TestConsole.run(["run", "-e", #"load "in.png" | save "out.jpg" quality=85 | save "out2.jpg""#], in: dir)
        #expect(result.status == 0)
        #expect(result.err.components(separatedBy: "flattened").count == 3)  // one warning per file
        let decoded = try decode(dir + "/out.jpg")
        #expect(decoded.layout == .rgb && decoded.width == 40)
    }

    @Test("check: a typo exits 2 and names 1:1 with a suggestion; nothing is read")
    func checkTypo() {
        let result = TestConsole.run(["check", "-e", #"laod "in.png""#])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("<expression>:1:1: error: unknown step 'laod'; did you mean 'load'?"))
        let ok = TestConsole.run(["check", "-e", #"load "missing.png" | save "x.png""#])
        #expect(ok.status == 0 && ok.out.contains("ok: 2 steps"))
    }

    @Test("a corrupt input exits 1, names the file and line:column, and writes nothing")
    func corruptInput() throws {
        let dir = try workspace()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/in.png")))
        bytes[40] ^= 0xFF
        _ = FileManager.default.createFile(atPath: dir + "/bad.png", contents: Data(bytes))
        _ = FileManager.default.createFile(atPath: dir + "/out.png", contents: Data("keep me".utf8))
        let result = TestConsole.run(["run", "-e", #"load "bad.png" | save "out.png""#], in: dir)
        #expect(result.status == 1)
        #expect(result.err.contains("<expression>:1:1: error: load: bad.png: corrupt PNG"), "\(result.err)")
        #expect(try String(contentsOfFile: dir + "/out.png", encoding: .utf8) == "keep me")
    }

    @Test("a missing file exits 1 with the OS reason")
    func missingFile() throws {
        let result = TestConsole.run(["run", "-e", #"load "nope.png" | save "x.png""#], in: try workspace())
        #expect(result.status == 1)
        #expect(result.err.contains("nope.png: cannot read: No such file or directory"))
    }

    @Test("an unknown extension is a check-time error listing the known ones")
    func unknownExtension() {
        let result = TestConsole.run(["check", "-e", #"load "a.png" | save "b.bmp""#])
        #expect(result.status == 2)
        #expect(result.err.contains(".png, .jpg, .jpeg"))
        #expect(TestConsole.run(["check", "-e", #"load "a.png" | save "b.bmp" format=png"#]).status == 0)
    }

    @Test("a huge header fails fast with exit 1 and how to raise the limit")
    func hugeHeader() throws {
        let dir = try workspace()
        var header: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0x00, 0x0F, 0x42, 0x40, 0x00, 0x0F, 0x42, 0x40, 8, 6, 0, 0, 0]
        let crc = header[12...].withUnsafeBytes { raw in
            raw.reduce(UInt32(0xFFFF_FFFF)) { crc, byte in
                (0..<8).reduce(crc ^ UInt32(byte)) { c, _ in c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
            } ^ 0xFFFF_FFFF
        }
        header += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        _ = FileManager.default.createFile(atPath: dir + "/huge.png", contents: Data(header))
        let result = TestConsole.run(["run", "-e", #"load "huge.png" | save "x.png""#], in: dir)
        #expect(result.status == 1)
        #expect(result.err.contains("--max-pixels"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("info describes format, size, depth, colour type, alpha, orientation, ICC")
    func info() throws {
        let dir = try workspace()
        let result = TestConsole.run(["info", "in.png", "in.jpg"], in: dir)
        #expect(result.status == 0)
        for line in [
            "format: PNG", "size: 40×24", "bit depth: 8", "color type: RGBA", "alpha: yes",
            "format: JPEG", "orientation: 6 (rotate 90° CW)", "ICC profile: no", "nine-patch: no",
        ] {
            #expect(result.out.contains(line), "missing \(line)")
        }
        #expect(TestConsole.run(["info", "nope.png"], in: dir).status == 1)
    }

    @Test("plugins lists every step and shows one step's parameters; usage errors exit 2")
    func plugins() {
        let list = TestConsole.run(["plugins"])
        #expect(list.status == 0 && list.out.contains("load") && list.out.contains("orient"))
        let save = TestConsole.run(["plugins", "save"])
        #expect(save.out.contains("quality") && save.out.contains("integer 1…100") && save.out.contains("JPEG default 90"))
        #expect(TestConsole.run(["plugins", "sav"]).err.contains("did you mean 'save'?"))
        #expect(TestConsole.run(["rnu"]).status == 2)
        #expect(TestConsole.run(["run"]).status == 2)
        #expect(TestConsole.run(["--version"]).out.hasPrefix("ninepipe "))
    }

    @Test("a pipeline file with a shebang line runs")
    func pipelineFile() throws {
        let dir = try workspace()
        try "#!/usr/bin/env ninepipe run\nload \"in.png\"\nsave \"from-file.png\"\n".write(toFile: dir + "/p.pipe", atomically: true, encoding: .utf8)
        let result = TestConsole.run(["run", "p.pipe"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/from-file.png"))
    }

    @Test("the built executable runs and returns the documented exit codes")
    func executable() throws {
        let binary = URL(fileURLWithPath: try Requirement.executable())
        let dir = try workspace()
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let result = try ChildProcess.run(binary.path, arguments, in: dir)
            return (result.status, result.err)
        }
        #expect(try run(["run", "-e", #"load "in.png" | save "e2e.jpg" quality=85"#]).0 == 0)
        let (status, err) = try run(["check", "-e", #"laod "in.png""#])
        #expect(status == 2 && err.contains("1:1") && err.contains("'load'"))
        #expect(try run(["run", "-e", #"load "missing.png" | save "x.png""#]).0 == 1)
    }
}

extension CommandLineTests {
    /// The `ninepipe` executable built beside the test bundle.
    static var executable: String? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("ninepipe").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    @Test("an executable pipeline script runs through its shebang, with --set and several saves")
    func executableScript() throws {
        guard let ninepipe = Self.executable else {
            Issue.record("the ninepipe executable was not found beside the tests (\(CommandLine.arguments[0]))")
            return
        }
        let dir = try workspace()
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/ninepipe", withDestinationPath: ninepipe)
        for shebang in ["#!/usr/bin/env -S ninepipe run", "#!/usr/bin/env ninepipe"] {
            let script = dir + "/icons.pipe"
            try
                (shebang + "\nparam base=icon size=20\nload \"in.png\"\nresize width=$size | save \"${base}@2x.png\"\nresize width=50% | save \"${base}.png\"\n")
                .write(toFile: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            #expect(try ChildProcess.run(script, ["--set", "base=out"], in: dir, environment: environment).status == 0, "\(shebang)")
            #expect(try decode(dir + "/out@2x.png").width == 20, "\(shebang)")
            #expect(try decode(dir + "/out.png").width == 10, "\(shebang)")
            try FileManager.default.removeItem(atPath: dir + "/out.png")
        }
    }
}
