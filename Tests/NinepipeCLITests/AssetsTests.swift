import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// `ninepipe assets ios|android|web` as a command: exit statuses for bad inputs, `--dry-run`'s
/// listing and a rerun's summary, names refused before writing, typos in density options (the
/// conversions themselves are tested through the API in the Host target).
/// Every path is absolute, so these run beside the serialized command-line suite.
@Suite("ninepipe assets")
struct AssetsTests {
    func directory() throws -> String { try TemporaryFolder.make("assets") }
    func picture(width: Int, height: Int) -> Image { AssetFixtures.picture(width: width, height: height) }
    func androidResources(in root: String) throws -> String { try AssetFixtures.androidResources(in: root) }
    func imageSet(in root: String, contents fixture: String) throws -> String { try AssetFixtures.imageSet(in: root, contents: fixture) }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = TestConsole()
        let status = CommandLineTool().run(arguments, console: console.console())
        return (status, console.out, console.err)
    }

    @Test("a malformed Contents.json names the file and the key; nothing is written")
    func malformedContents() throws {
        let root = try directory()
        let catalog = try imageSet(in: root, contents: "pill-modern-Contents.json")
        let contents = catalog + "/pill.imageset/Contents.json"
        let text = try String(contentsOfFile: contents, encoding: .utf8)
        try text.replacingOccurrences(of: #""left" : 16"#, with: #""left" : "sixteen""#).write(toFile: contents, atomically: true, encoding: .utf8)
        let result = run(["assets", "android", catalog, "--output", root + "/res"])
        #expect(result.status == 1)  // what an input holds: a failure, not a usage error
        #expect(
            result.err.contains("\(contents): images[1].resizing.cap-insets.left: expected a whole number of pixels 0…65535, found \"sixteen\""),
            "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: root + "/res"))
        try "{ \"images\" : [ ".write(toFile: contents, atomically: true, encoding: .utf8)
        let broken = run(["assets", "web", catalog, "--output", root + "/web"])
        #expect(broken.status == 1 && broken.err.contains("\(contents): not valid JSON"), "\(broken.err)")
    }

    @Test("a rerun writes identical bytes and touches no file; --dry-run lists every file and writes nothing")
    func idempotentAndDryRun() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        let output = root + "/App.xcassets"
        let dry = run(["assets", "ios", res, "--output", output, "--dry-run"])
        #expect(dry.status == 0)
        let planned = ["button.png", "button@2x.png", "button@3x.png", "Contents.json"].map { "\(output)/button.imageset/\($0)" }
        #expect(dry.out == "button → " + planned.joined(separator: ", ") + "\n(run) → \(output)/Contents.json", "\(dry.out)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(run(["assets", "ios", res, "--output", output]).status == 0)
        let first = try planned.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let dates = try planned.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        #expect(run(["assets", "ios", res, "--output", output, "--dry-run"]).out.contains("button.png (unchanged)"))
        let again = run(["assets", "ios", res, "--output", output])
        #expect(again.err.contains("1 asset: 1 ok (0 files written, 5 unchanged), 0 failed, 0 skipped"), "\(again.err)")
        #expect(try planned.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == first)
        #expect(try planned.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date } == dates)
    }

    @Test("names: renamed for Android with a warning; two inputs for one name, or an output over an input, refused before writing")
    func namesAndCollisions() throws {
        let root = try directory()
        for name in ["Big Button.png", "big_button@2x.png"] {
            try Data(try PNGEncoder().encode(picture(width: 4, height: 4))).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        let renamed = run(["assets", "android", root + "/Big Button.png", "--output", root + "/res"])
        #expect(renamed.status == 0)
        #expect(renamed.err.contains("Big Button is written as big_button: Android resource names are lowercase"), "\(renamed.err)")
        #expect(FileManager.default.fileExists(atPath: root + "/res/drawable-mdpi/big_button.png"))
        let clash = run(["assets", "android", root + "/Big Button.png", root + "/big_button@2x.png", "--output", root + "/res2"])
        #expect(clash.status == 1 && clash.err.contains("Big Button and big_button both become the Android resource name 'big_button'"), "\(clash.err)")
        #expect(!FileManager.default.fileExists(atPath: root + "/res2"))
        let res = try androidResources(in: root)
        let over = run(["assets", "android", res + "/drawable-xhdpi", "--output", res])
        #expect(over.status == 2 && over.err.contains("would replace the input"), "\(over.err)")
        let duplicate = run(["assets", "ios", res + "/drawable-mdpi", res + "/drawable-mdpi/button.9.png", "--output", root + "/X.xcassets"])
        #expect(duplicate.status == 1 && duplicate.err.contains("are both 'button' at scale 1x"), "\(duplicate.err)")
        for option in ["--densities", "--source-density"] {
            let typo = run(["assets", "android", res, "--output", root + "/typo", option, "xhpdi"])
            #expect(typo.status == 2 && typo.err.contains("'xhpdi'") && typo.err.contains("did you mean 'xhdpi'?"), "\(option): \(typo.err)")
            #expect(!FileManager.default.fileExists(atPath: root + "/typo"))
        }
    }
}
