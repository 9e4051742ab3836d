import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// Conversions between Android resources, Xcode asset catalogs and the web through the public
/// API: round trips, hand-written expected files, several stretch regions, copies and compiled
/// inputs.
@Suite("assets: conversions between Android, iOS and the web")
struct AssetConversionTests {
    static let fixtures = AssetFixtures.folder
    static let densities = AssetFixtures.densities

    func directory() throws -> String { try TemporaryFolder.make("assets") }
    func picture(width: Int, height: Int) -> Image { AssetFixtures.picture(width: width, height: height) }
    func androidResources(in root: String) throws -> String { try AssetFixtures.androidResources(in: root) }
    func imageSet(in root: String, contents fixture: String) throws -> String { try AssetFixtures.imageSet(in: root, contents: fixture) }
    func json(_ path: String) throws -> NSDictionary { try AssetFixtures.json(path) }

    func inspect(_ path: String) throws -> NinePatchInfo? {
        let image = try ImageCodecRegistry.builtIn.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        return try NinePatchSource.auto.resolve(image, path: path).metadata.ninePatch
    }

    @Test("Android res/ → iOS: Contents.json matches the hand-written expected file key by key")
    func androidToIOSContents() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        let result = try AssetHarness.run([res], target: .ios, output: root + "/App.xcassets")
        #expect(result.succeeded, "\(result.text)")
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
        #expect(try AssetHarness.run([res], target: .ios, output: root + "/App.xcassets").succeeded)
        let back = try AssetHarness.run([root + "/App.xcassets"], target: .android, output: root + "/back")
        #expect(back.succeeded, "\(back.text)")
        #expect(back.missingScales == ["button": ["xxxhdpi"]], "\(back.missingScales)")
        for (density, _) in Self.densities.dropLast() {
            let original = try #require(try inspect("\(res)/drawable-\(density)/button.9.png"))
            let returned = try #require(try inspect("\(root)/back/drawable-\(density)/button.9.png"), "\(density)")
            #expect(returned.chunk?.xDivs == original.chunk?.xDivs && returned.chunk?.yDivs == original.chunk?.yDivs, "\(density)")
            #expect(returned.layoutBounds == original.layoutBounds, "\(density)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/back/drawable-xxxhdpi"))
        let upscaled = try AssetHarness.run([root + "/App.xcassets"], target: .android, output: root + "/up") {
            $0.upscale = true
            $0.densities = [.xxxhdpi]
        }
        #expect(upscaled.succeeded)
        #expect(try inspect(root + "/up/drawable-xxxhdpi/button.9.png")?.chunk?.xDivs == [16, 48])
    }

    @Test(
        "iOS → Android → iOS gives the same Contents.json values; the older spelling reads the same",
        arguments: ["pill-modern-Contents.json", "pill-older-Contents.json"])
    func iosRoundTrip(fixture: String) throws {
        let root = try directory()
        let catalog = try imageSet(in: root, contents: fixture)
        let android = try AssetHarness.run([catalog], target: .android, output: root + "/res")
        #expect(android.succeeded, "\(android.text)")
        // 3-part-horizontal: stretches only across; the caps are the padding; alignment insets are layout bounds.
        let mdpi = try #require(try inspect(root + "/res/drawable-mdpi/pill.9.png"))
        #expect(mdpi.chunk?.xDivs == [8, 12] && mdpi.chunk?.yDivs == [])
        #expect(mdpi.chunk?.padding == NinePatchInsets(top: 0, left: 8, bottom: 0, right: 8))
        #expect(mdpi.layoutBounds?.insets == NinePatchInsets(top: 0, left: 2, bottom: 0, right: 2))
        let ios = try AssetHarness.run([root + "/res"], target: .ios, output: root + "/Back.xcassets")
        #expect(ios.succeeded, "\(ios.text)")
        let modern = try json(Self.fixtures.appendingPathComponent("pill-modern-Contents.json").path)
        #expect(try json(root + "/Back.xcassets/pill.imageset/Contents.json") == modern)
        if fixture.contains("older") {
            #expect(android.text.contains("left out the ipad images; only universal and iphone images convert"), "\(android.text)")
        }
    }

    @Test("--compiled writes what ninepatch compile makes of the written source, under the .9.png name")
    func compiledOutput() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        #expect(try AssetHarness.run([res], target: .android, output: root + "/src") { $0.densities = [.hdpi] }.succeeded)
        #expect(
            try AssetHarness.run([res], target: .android, output: root + "/bin") {
                $0.densities = [.hdpi]
                $0.compiled = true
            }.succeeded)
        // What `ninepipe ninepatch compile` makes of the source written.
        let source = try ImageCodecRegistry.builtIn.decode(FileIO.read(root + "/src/drawable-hdpi/button.9.png"))
        try ImageCodecRegistry.builtIn.write(
            NinePatchFrame.clearingTransparentColor(NinePatchFrame.parse(source)), to: root + "/expected.png", options: EncodeOptions(format: .png))
        let compiled = try Data(contentsOf: URL(fileURLWithPath: root + "/bin/drawable-hdpi/button.9.png"))
        #expect(compiled == (try Data(contentsOf: URL(fileURLWithPath: root + "/expected.png"))))
        let info = try #require(try inspect(root + "/bin/drawable-hdpi/button.9.png"))
        #expect(info.chunk?.xDivs == [6, 18] && info.chunk?.yDivs == [6, 12] && info.layoutBounds?.insets.left == 3)
    }

    @Test("web: 1x/2x PNGs, border-image CSS with image-set, and a manifest in every platform's terms")
    func web() throws {
        let root = try directory()
        let res = try androidResources(in: root)
        let result = try AssetHarness.run([res], target: .web, output: root + "/web/")
        #expect(result.succeeded, "\(result.text)")
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
        let warned = try AssetHarness.run([root + "/drawable-xhdpi"], target: .ios, output: root + "/A.xcassets")
        #expect(warned.succeeded)
        #expect(
            warned.text.contains("\(root)/drawable-xhdpi/button.9.png: 2 stretch regions on the horizontal axis; iOS has one center per axis"), "\(warned.text)"
        )
        let contents = try json(root + "/A.xcassets/button.imageset/Contents.json")
        let caps = ((contents["images"] as? [NSDictionary])?[1]["resizing"] as? NSDictionary)?["cap-insets"] as? NSDictionary
        #expect(caps == ["left": 2, "right": 7, "top": 3, "bottom": 7] as NSDictionary)
        let strict = try AssetHarness.run([root + "/drawable-xhdpi"], target: .ios, output: root + "/B.xcassets") { $0.strict = true }
        #expect(
            !strict.succeeded && strict.failures.contains { $0.contains("stretch regions on the horizontal axis") }, "\(strict.text)")
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

    @Test("a JPEG at its own scale is copied byte for byte; a compiled .9.png input is read from its chunk")
    func copiesAndCompiledInputs() throws {
        let root = try directory()
        try FileManager.default.createDirectory(atPath: root + "/drawable-xhdpi", withIntermediateDirectories: true)
        var photo: [UInt8] = []
        for y in 0..<16 { for x in 0..<24 { photo += [UInt8(x * 10), UInt8(y * 15), 90] } }
        let jpeg = try JPEGEncoder(quality: 80).encode(Image(width: 24, height: 16, layout: .rgb, samples: photo))
        try Data(jpeg).write(to: URL(fileURLWithPath: root + "/drawable-xhdpi/photo.jpg"))
        let compiled = Repository.path("Tests/NinepipeCoreTests/Fixtures/framework-res/btn_default_normal.9.png")
        try FileManager.default.copyItem(atPath: compiled, toPath: root + "/drawable-xhdpi/btn_default_normal.9.png")
        let result = try AssetHarness.run([root + "/drawable-xhdpi"], target: .ios, output: root + "/A.xcassets")
        #expect(result.succeeded, "\(result.text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/A.xcassets/photo.imageset/photo@2x.jpg")) == Data(jpeg))
        let contents = try json(root + "/A.xcassets/btn_default_normal.imageset/Contents.json")
        let entry = try #require((contents["images"] as? [NSDictionary])?[1])
        #expect(entry["filename"] as? String == "btn_default_normal@2x.png")
        #expect((entry["resizing"] as? NSDictionary)?["cap-insets"] as? NSDictionary == ["left": 5, "right": 5, "top": 4, "bottom": 8] as NSDictionary)
    }
}
