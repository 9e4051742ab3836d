import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// `ninepipe ninepatch …` and nine-patch load/save, as users run them (same serialized suite as
/// the other command-line tests, because running the tool changes the current directory).
extension CommandLineTests {
    static let aaptFixtures = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures")

    /// A directory holding button.9.png (a source drawn for aapt) and aapt.png (aapt singleCrunch's output).
    func ninePatchWorkspace() throws -> String {
        let directory = try TemporaryFolder.make("9patch")
        try FileManager.default.copyItem(atPath: Self.aaptFixtures.appendingPathComponent("aapt-button.9.png").path, toPath: directory + "/button.9.png")
        try FileManager.default.copyItem(atPath: Self.aaptFixtures.appendingPathComponent("aapt-button.png").path, toPath: directory + "/aapt.png")
        return directory
    }

    func npChunks(_ path: String) throws -> [String: [UInt8]] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var reader = try PNGChunkReader(bytes: bytes)
        var result: [String: [UInt8]] = [:]
        while !reader.isAtEnd {
            let chunk = try reader.next()
            if chunk.type.description.hasPrefix("np") { result[chunk.type.description] = Array(try reader.data(of: chunk)) }
        }
        return result
    }

    @Test("compile writes aapt's chunk bytes; inspect prints the exact JSON; decompile restores the source")
    func compileInspectDecompile() throws {
        let dir = try ninePatchWorkspace()
        #expect(TestConsole.run(["ninepatch", "compile", "button.9.png", "button.png"], in: dir).status == 0)
        #expect(try npChunks(dir + "/button.png") == npChunks(dir + "/aapt.png"))
        let json = TestConsole.run(["ninepatch", "inspect", "button.png", "--format", "json"], in: dir)
        #expect(
            json.out
                == #"{"width":20,"height":14,"xDivs":[2,5,9,13],"yDivs":[3,7],"padding":{"top":2,"left":1,"bottom":3,"right":3},"layoutBounds":{"top":1,"left":1,"bottom":0,"right":0},"colors":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],"source":"npTc"}"#
        )
        #expect(TestConsole.run(["ninepatch", "inspect", "button.9.png", "--format", "json"], in: dir).out.hasSuffix(#""source":"border"}"#))
        #expect(TestConsole.run(["ninepatch", "decompile", "button.png", "back.9.png"], in: dir).status == 0)
        #expect(try decode(dir + "/back.9.png").converted(to: .rgba) == decode(dir + "/button.9.png").converted(to: .rgba))
    }

    @Test("inspect --format ios, css and android")
    func inspectFormats() throws {
        let dir = try ninePatchWorkspace()
        let ios = TestConsole.run(["ninepatch", "inspect", "button.9.png", "--format", "ios"], in: dir).out
        #expect(ios.hasPrefix("UIEdgeInsets(top: 3, left: 2, bottom: 7, right: 7)") && ios.contains("resizingMode: .stretch"))
        let css = TestConsole.run(["ninepatch", "inspect", "aapt.png", "--format", "css"], in: dir).out
        #expect(css.contains("border-image-slice: 3 7 7 2 fill;") && css.contains("padding: 2px 3px 3px 1px;"))
        let android = TestConsole.run(["ninepatch", "inspect", "aapt.png", "--format", "android"], in: dir).out
        #expect(android.hasPrefix("padding: Rect(1, 2, 3, 3)") && android.contains("Insets.of(1, 1, 0, 0)"))
        let insets = TestConsole.run(["ninepatch", "inspect", "aapt.png", "--insets", "2,3,4,5"], in: dir).out
        #expect(
            insets.hasPrefix(#"{"width":20,"height":14,"xDivs":[3,15],"yDivs":[2,10],"padding":{"top":2,"left":3,"bottom":4,"right":5}"#)
                && insets.hasSuffix(#""source":"insets"}"#), "\(insets)")
        let bad = TestConsole.run(["ninepatch", "inspect", "aapt.png", "--format", "jsno"], in: dir)
        #expect(bad.status == 2 && bad.err.contains("did you mean 'json'"))
    }

    @Test("load reads a .9.png frame; save .9.png draws it again; a broken frame names file, pixel and edge")
    func loadAndSaveSources() throws {
        let dir = try ninePatchWorkspace()
        #expect(TestConsole.run(["run", "-e", #"load "button.9.png" | save "copy.9.png" | save "compiled.png""#], in: dir).status == 0)
        #expect(try decode(dir + "/copy.9.png").converted(to: .rgba) == decode(dir + "/button.9.png").converted(to: .rgba))
        #expect(try npChunks(dir + "/compiled.png")["npTc"] == npChunks(dir + "/aapt.png")["npTc"])
        var source = try decode(dir + "/button.9.png").converted(to: .rgba)
        let pixel = (5 * source.width + 0) * 4 + 3
        source.editSamples(eight: { $0[pixel] = 0x7f }, sixteen: { _ in })
        _ = FileManager.default.createFile(atPath: dir + "/broken.9.png", contents: Data(try PNGEncoder().encode(source)))
        let result = TestConsole.run(["run", "-e", #"load "broken.9.png" | save "x.png""#], in: dir)
        #expect(result.status == 1)
        #expect(result.err.contains("broken.9.png") && result.err.contains("pixel (0, 5) on the left edge is #0000007f"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test("the issue's nine-patch commands run exactly as written")
    func issueCommands() throws {
        let dir = try ninePatchWorkspace()
        try FileManager.default.copyItem(atPath: dir + "/aapt.png", toPath: dir + "/compiled.png")
        let card = Repository.root
            .appendingPathComponent("Examples/card.png").path
        try FileManager.default.copyItem(atPath: card, toPath: dir + "/card.png")
        for arguments in [
            ["ninepatch", "inspect", "compiled.png", "--format", "json"],
            ["ninepatch", "inspect", "button.9.png", "--format", "ios"],
            ["ninepatch", "compile", "button.9.png", "button.png"],
            ["run", "-e", #"load "button.9.png" | ninepatch width=320 height=96 | save "b.png""#],
            ["run", "-e", #"load "compiled.png" | ninepatch width=40 height=40 mode=tile | save "t.png""#],
            ["run", "-e", #"load "card.png" | ninepatch width=640 height=360 insets=12,16,12,16 mode=round | save "c.png""#],
        ] {
            let result = TestConsole.run(arguments, in: dir)
            #expect(result.status == 0, "\(arguments): \(result.err)")
        }
        #expect(try decode(dir + "/b.png").width == 320 && decode(dir + "/b.png").height == 96)
        #expect(try decode(dir + "/t.png").width == 40)
        #expect(try decode(dir + "/c.png").width == 640 && decode(dir + "/c.png").height == 360)
    }

    @Test("preview draws five sizes side by side with regions outlined")
    func preview() throws {
        let dir = try ninePatchWorkspace()
        let result = TestConsole.run(["ninepatch", "preview", "button.9.png", "--output", "preview.png"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        let image = try decode(dir + "/preview.png")
        // 20×14 at 20, 60, 20, 60 and 10 wide, 8-pixel gaps; tallest 28 plus gaps.
        #expect(image.width == 8 + 20 + 8 + 60 + 8 + 20 + 8 + 60 + 8 + 10 + 8 && image.height == 28 + 16)
        #expect(TestConsole.run(["ninepatch", "preview", "button.9.png"], in: dir).status == 2)
    }
}
