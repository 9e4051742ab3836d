import Foundation
import NinepipeCore
import NinepipeHost
import NinepipeTestSupport
import Testing

/// A size-less rectangle with a gradient or a dashed stroke cannot be a stretchable image on
/// iOS (the 9-part centre takes one colour; stretched sides come out solid): it is drawn at a
/// stated size with a warning saying why, and keeps its gradient and its dashes.
@Suite(
    "assets: shapes that cannot stretch",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
struct UnstretchableShapeTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func converted(_ xml: String, name: String) throws -> (files: [AssetFile], warnings: [String]) {
        let folder = try TemporaryFolder.make("unstretchable")
        try TemporaryFolder.write(xml, to: folder + "/res/drawable/\(name).xml")
        let asset = try #require(try AssetCollector().collect([folder + "/res"]).assets.first)
        let result = try AssetConverter(options: AssetOptions(target: .ios)).convert(asset)
        return (result.files, result.warnings.map { String($0.drop { $0 != ":" }.dropFirst(2)) })
    }

    func image(_ files: [AssetFile], _ path: String) throws -> Image {
        try ImageCodecRegistry.builtIn.decode(try #require(files.first { $0.path == path }).bytes).converted(to: .rgba)
    }

    @Test("a gradient: drawn at 100×100 dp, red on the left, blue on the right, with the reason")
    func gradient() throws {
        let (files, warnings) = try converted(
            ##"<shape \##(Self.android)><gradient android:startColor="#FFFF0000" android:endColor="#FF0000FF" android:angle="0"/></shape>"##, name: "grad")
        #expect(
            warnings == [
                "a size-less shape with a gradient cannot stretch (its centre would take one colour), so it is drawn at 100×100 dp, not as a stretchable image; give it <size> to choose its size"
            ])
        let picture = try image(files, "grad.imageset/grad@2x.png")
        #expect(picture.width == 200 && picture.height == 200)
        #expect(picture.sample(x: 2, y: 100, channel: 0) > 240 && picture.sample(x: 197, y: 100, channel: 2) > 240)
        #expect(abs(picture.sample(x: 100, y: 100, channel: 0) - 128) < 8, "the middle is half way")
        let contents = String(decoding: try #require(files.first { $0.path.hasSuffix("Contents.json") }).bytes, as: UTF8.self)
        #expect(!contents.contains("resizing"))
    }

    @Test("a dashed stroke: drawn at 100×100 dp with gaps along every side")
    func dashes() throws {
        let (files, warnings) = try converted(
            ##"<shape \##(Self.android)><solid android:color="#FFFFFFFF"/><stroke android:width="2dp" android:color="#FF000000" android:dashWidth="6dp" android:dashGap="4dp"/></shape>"##,
            name: "dash")
        #expect(warnings.count == 1 && warnings[0].hasPrefix("a size-less shape with a dashed stroke cannot stretch (its sides would come out solid)"))
        let picture = try image(files, "dash.imageset/dash.png")
        #expect(picture.width == 100)
        // Along each side, on the stroke's line, both dashes (opaque black) and gaps (white fill
        // or clear).
        func isDash(_ x: Int, _ y: Int) -> Bool { picture.sample(x: x, y: y, channel: 3) > 192 && picture.sample(x: x, y: y, channel: 0) < 64 }
        for side in [(0..<100).map { (x: $0, y: 1) }, (0..<100).map { (x: 98, y: $0) }] {
            let dashes = side.filter { isDash($0.x, $0.y) }.count
            #expect(dashes > 30 && dashes < 90, "\(dashes) of 100 pixels are dash")
        }
    }
}
