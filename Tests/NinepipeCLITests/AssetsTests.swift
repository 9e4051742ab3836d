import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// `ninepipe assets ios|android|web`: conversions between Android resources, Xcode asset
/// catalogs and the web, checked through round trips, hand-written expected files and errors.
/// Every path is absolute, so these run beside the serialized command-line suite.
@Suite("ninepipe assets")
struct AssetsTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/NinepipeHostTests").appendingPathComponent("Fixtures/assets")

    /// The densities of the `button` fixture and their scales; at mdpi it is 16×12 with
    /// stretch regions x 4..<12, y 4..<8, padding 2 and layout bounds 2 on every side.
    static let densities: [(String, Int)] = [("mdpi", 2), ("hdpi", 3), ("xhdpi", 4), ("xxhdpi", 6), ("xxxhdpi", 8)]  // scale × 2

    func directory() throws -> String {
        let path = try TemporaryFolder.make("assets")
        return path
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = TestConsole()
        let status = CommandLineTool().run(arguments, console: console.console())
        return (status, console.out, console.err)
    }

    /// A patterned image (no two neighbouring pixels alike) so resampling shows.
    func picture(width: Int, height: Int) -> Image {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { samples += [UInt8((x * 37) % 256), UInt8((y * 53) % 256), UInt8((x * y) % 256), 255] } }
        return Image(width: width, height: height, layout: .rgba, samples: samples)
    }

    /// `res/drawable-<density>/button.9.png` sources in five densities.
    func androidResources(in root: String) throws -> String {
        let res = root + "/res"
        for (density, twice) in Self.densities {
            func s(_ value: Int) -> Int32 { Int32(value * twice / 2) }
            var image = picture(width: 16 * twice / 2, height: 12 * twice / 2)
            let chunk = NinePatchChunk(
                xDivs: [s(4), s(12)], yDivs: [s(4), s(8)], padding: NinePatchInsets(top: s(2), left: s(2), bottom: s(2), right: s(2)), colors: [])
            image.metadata.ninePatch = NinePatchInfo(
                chunk: chunk, layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: s(2), left: s(2), bottom: s(2), right: s(2))))
            let framed = try #require(NinePatchFrame.framed(image))
            try FileManager.default.createDirectory(atPath: "\(res)/drawable-\(density)", withIntermediateDirectories: true)
            try Data(try PNGEncoder().encode(framed)).write(to: URL(fileURLWithPath: "\(res)/drawable-\(density)/button.9.png"))
        }
        return res
    }

    /// `pill.imageset` with a 3-part-horizontal slicing at @1x/@2x/@3x, `Contents.json` from `fixture`.
    func imageSet(in root: String, contents fixture: String) throws -> String {
        let folder = root + "/Pills.xcassets/pill.imageset"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for scale in 1...3 {
            let name = scale == 1 ? "pill.png" : "pill@\(scale)x.png"
            try Data(try PNGEncoder().encode(picture(width: 20 * scale, height: 10 * scale))).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(fixture).path, toPath: folder + "/Contents.json")
        return root + "/Pills.xcassets"
    }

    func json(_ path: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary)
    }

    func inspect(_ path: String) throws -> NinePatchInfo? {
        let image = try ImageCodecRegistry.builtIn.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        return try NinePatchSource.auto.resolve(image, path: path).metadata.ninePatch
    }

    @Test("Android res/ → iOS: Contents.json matches the hand-written expected file key by key")
    func androidToIOSContents() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        let result = run(["assets", "ios", res, "--output", root + "/App.xcassets"])
        #expect(result.status == 0, "\(result.err)")
        let written = try json(root + "/App.xcassets/button.imageset/Contents.json")
        #expect(written == (try json(Self.fixtures.appendingPathComponent("button-expected-Contents.json").path)))
        #expect(try json(root + "/App.xcassets/Contents.json") == ["info": ["author": "ninepipe", "version": 1]] as NSDictionary)
        // @2x is the xhdpi file's pixels, frame removed.
        let twoX = try ImageCodecRegistry.builtIn.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/App.xcassets/button.imageset/button@2x.png"))))
        #expect(twoX.width == 32 && twoX.height == 24 && twoX.metadata.ninePatch == nil)
        #expect(twoX.converted(to: .rgba) == picture(width: 32, height: 24))
    }

    @Test("Android source → iOS → Android source keeps stretch spans and layout bounds at every density")
    func androidRoundTrip() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        #expect(run(["assets", "ios", res, "--output", root + "/App.xcassets"]).status == 0)
        let back = run(["assets", "android", root + "/App.xcassets", "--output", root + "/back"])
        #expect(back.status == 0, "\(back.err)")
        #expect(back.err.contains("1 asset has no file dense enough for xxxhdpi (button): left out; add --upscale"), "\(back.err)")
        for (density, _) in Self.densities.dropLast() {
            let original = try #require(try inspect("\(res)/drawable-\(density)/button.9.png"))
            let returned = try #require(try inspect("\(root)/back/drawable-\(density)/button.9.png"), "\(density)")
            #expect(returned.chunk?.xDivs == original.chunk?.xDivs && returned.chunk?.yDivs == original.chunk?.yDivs, "\(density)")
            #expect(returned.layoutBounds == original.layoutBounds, "\(density)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/back/drawable-xxxhdpi"))
        let upscaled = run(["assets", "android", root + "/App.xcassets", "--output", root + "/up", "--upscale", "--densities", "xxxhdpi"])
        #expect(upscaled.status == 0)
        #expect(try inspect(root + "/up/drawable-xxxhdpi/button.9.png")?.chunk?.xDivs == [16, 48])
    }

    @Test(
        "iOS → Android → iOS gives the same Contents.json values; the older spelling reads the same",
        arguments: ["pill-modern-Contents.json", "pill-older-Contents.json"])
    func iosRoundTrip(fixture: String) throws {
        let root = try directory()
        let catalog = try imageSet(in: root, contents: fixture)
        let android = run(["assets", "android", catalog, "--output", root + "/res"])
        #expect(android.status == 0, "\(android.err)")
        // 3-part-horizontal: stretches only across; the caps are the padding; alignment insets are layout bounds.
        let mdpi = try #require(try inspect(root + "/res/drawable-mdpi/pill.9.png"))
        #expect(mdpi.chunk?.xDivs == [8, 12] && mdpi.chunk?.yDivs == [])
        #expect(mdpi.chunk?.padding == NinePatchInsets(top: 0, left: 8, bottom: 0, right: 8))
        #expect(mdpi.layoutBounds?.insets == NinePatchInsets(top: 0, left: 2, bottom: 0, right: 2))
        let ios = run(["assets", "ios", root + "/res", "--output", root + "/Back.xcassets"])
        #expect(ios.status == 0, "\(ios.err)")
        let modern = try json(Self.fixtures.appendingPathComponent("pill-modern-Contents.json").path)
        #expect(try json(root + "/Back.xcassets/pill.imageset/Contents.json") == modern)
        if fixture.contains("older") {
            #expect(android.err.contains("left out the ipad images; only universal and iphone images convert"), "\(android.err)")
        }
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
        #expect(dry.out == "button → " + planned.joined(separator: ", ") + "\n(catalog) → \(output)/Contents.json", "\(dry.out)")
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

    @Test("--compiled writes what ninepatch compile makes of the written source, under the .9.png name")
    func compiledOutput() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        #expect(run(["assets", "android", res, "--output", root + "/src", "--densities", "hdpi"]).status == 0)
        #expect(run(["assets", "android", res, "--output", root + "/bin", "--densities", "hdpi", "--compiled"]).status == 0)
        #expect(run(["ninepatch", "compile", root + "/src/drawable-hdpi/button.9.png", root + "/expected.png"]).status == 0)
        let compiled = try Data(contentsOf: URL(fileURLWithPath: root + "/bin/drawable-hdpi/button.9.png"))
        #expect(compiled == (try Data(contentsOf: URL(fileURLWithPath: root + "/expected.png"))))
        let info = try #require(try inspect(root + "/bin/drawable-hdpi/button.9.png"))
        #expect(info.chunk?.xDivs == [6, 18] && info.chunk?.yDivs == [6, 12] && info.layoutBounds?.insets.left == 3)
    }

    @Test("web: 1x/2x PNGs, border-image CSS with image-set, and a manifest in every platform's terms")
    func web() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        let result = run(["assets", "web", res, "--output", root + "/web/"])
        #expect(result.status == 0, "\(result.err)")
        let css = try String(contentsOfFile: root + "/web/button.css", encoding: .utf8)
        #expect(
            css == """
                /* button: 16×12 CSS pixels, made by ninepipe assets web */
                /* layout bounds (not expressible in CSS): top 2px, right 2px, bottom 2px, left 2px */
                .button {
                  box-sizing: border-box;
                  border-image-source: url("button.png");
                  border-image-source: -webkit-image-set(url("button.png") 1x, url("button@2x.png") 2x);
                  border-image-source: image-set(url("button.png") 1x, url("button@2x.png") 2x);
                  border-image-slice: 4 4 4 4 fill;
                  border-image-width: 4px 4px 4px 4px;
                  border-image-repeat: stretch;
                  padding: 2px 2px 2px 2px;
                  min-width: 8px;
                  min-height: 8px;
                }

                """, "\(css)")
        let manifest = try json(root + "/web/assets.json")
        let entry = try #require((manifest["assets"] as? [NSDictionary])?.first)
        #expect(entry["flutter"] as? String == "centerSlice: Rect.fromLTRB(4, 4, 12, 8)")
        #expect(entry["ios"] as? String == "UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)")
        #expect((entry["files"] as? [NSDictionary])?.map { $0["file"] as? String } == ["button.png", "button@2x.png"])
    }

    @Test("several stretch regions: one span with a warning naming file and axis, an error with --strict")
    func severalRegions() throws {
        let root = try directory()
        let source = Repository.root.appendingPathComponent("Tests")
            .appendingPathComponent("NinepipeCoreTests/Fixtures/aapt-button.9.png").path
        try FileManager.default.createDirectory(atPath: root + "/drawable-xhdpi", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: root + "/drawable-xhdpi/button.9.png")
        let warned = run(["assets", "ios", root + "/drawable-xhdpi", "--output", root + "/A.xcassets"])
        #expect(warned.status == 0)
        #expect(
            warned.err.contains("\(root)/drawable-xhdpi/button.9.png: 2 stretch regions on the horizontal axis; iOS has one center per axis"), "\(warned.err)")
        let contents = try json(root + "/A.xcassets/button.imageset/Contents.json")
        let caps = ((contents["images"] as? [NSDictionary])?[1]["resizing"] as? NSDictionary)?["cap-insets"] as? NSDictionary
        #expect(caps == ["left": 2, "right": 7, "top": 3, "bottom": 7] as NSDictionary)
        let strict = run(["assets", "ios", root + "/drawable-xhdpi", "--output", root + "/B.xcassets", "--strict"])
        #expect(
            strict.status == 1 && strict.err.contains("stretch regions on the horizontal axis")
                && strict.err.contains("(an error because of --strict; without it, a warning)"), "\(strict.err)")
        // The library's error is a typed case an embedding tool can match.
        let converter = AssetConverter(
            options: {
                var options = AssetOptions(target: .ios)
                options.strict = true
                return options
            }())
        let collection = try AssetCollector().collect([root + "/drawable-xhdpi"])
        #expect {
            try converter.convert(try #require(collection.assets.first))
        } throws: { error in
            guard case AssetError.cannotExpress(let detail)? = error as? AssetError else { return false }
            return detail.contains("stretch regions on the horizontal axis")
        }
        #expect(throws: AssetError.unknownDensity(name: "xhpdi")) { try AndroidDensity.named("xhpdi") }
        #expect(throws: AssetError.missingInput(path: root + "/nothing")) { try AssetCollector().collect([root + "/nothing"]) }
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

    @Test("a JPEG at its own scale is copied byte for byte; a compiled .9.png input is read from its chunk")
    func copiesAndCompiledInputs() throws {
        let root = try directory()
        try FileManager.default.createDirectory(atPath: root + "/drawable-xhdpi", withIntermediateDirectories: true)
        var photo: [UInt8] = []
        for y in 0..<16 { for x in 0..<24 { photo += [UInt8(x * 10), UInt8(y * 15), 90] } }
        let jpeg = try JPEGEncoder(quality: 80).encode(Image(width: 24, height: 16, layout: .rgb, samples: photo))
        try Data(jpeg).write(to: URL(fileURLWithPath: root + "/drawable-xhdpi/photo.jpg"))
        let compiled = CommandLineTests.frameworkFixtures.appendingPathComponent("btn_default_normal.9.png").path
        try FileManager.default.copyItem(atPath: compiled, toPath: root + "/drawable-xhdpi/btn_default_normal.9.png")
        let result = run(["assets", "ios", root + "/drawable-xhdpi", "--output", root + "/A.xcassets"])
        #expect(result.status == 0, "\(result.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/A.xcassets/photo.imageset/photo@2x.jpg")) == Data(jpeg))
        let contents = try json(root + "/A.xcassets/btn_default_normal.imageset/Contents.json")
        let entry = try #require((contents["images"] as? [NSDictionary])?[1])
        #expect(entry["filename"] as? String == "btn_default_normal@2x.png")
        #expect((entry["resizing"] as? NSDictionary)?["cap-insets"] as? NSDictionary == ["left": 5, "right": 5, "top": 4, "bottom": 8] as NSDictionary)
    }
}
