import Foundation
import NinepipeCore
import NinepipeHost
import NinepipeTestSupport
import Testing

/// A template image (tinted by the view showing it) stays a template on every target: an iOS
/// template imageset becomes a tinted vector drawable on Android and stays a template imageset;
/// a template vector drawable drawn as PNGs keeps the intent.
@Suite("assets: templates stay templates")
struct TemplateImageTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func convert(_ input: String, _ options: AssetOptions) throws -> [AssetFile] {
        let inventory = try AssetCollector().collect([input])
        let asset = try #require(inventory.assets.first)
        return try AssetConverter(options: options).convert(asset).files
    }

    @Test(
        "an iOS template imageset becomes a vector drawable tinted by ?android:attr/colorControlNormal, and a template imageset again",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg))))
    func imagesetTemplate() throws {
        let folder = try TemporaryFolder.make("template-imageset")
        let set = folder + "/A.xcassets/ic_star.imageset"
        try TemporaryFolder.write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M4 4h16v16H4z" fill="#000000"/></svg>"##,
            to: set + "/ic_star.svg")
        try TemporaryFolder.write(
            #"{"images":[{"filename":"ic_star.svg","idiom":"universal"}],"info":{"author":"xcode","version":1},"properties":{"preserves-vector-representation":true,"template-rendering-intent":"template"}}"#,
            to: set + "/Contents.json")
        let android = try convert(folder + "/A.xcassets", AssetOptions(target: .android))
        let xml = String(decoding: try #require(android.first { $0.path == "drawable/ic_star.xml" }).bytes, as: UTF8.self)
        // The framework's attribute, so it compiles against the framework alone; the tint's
        // default mode (src_in) keeps only the paths' coverage.
        #expect(xml.contains(##"android:tint="?android:attr/colorControlNormal""##) && !xml.contains("tintMode"), "\(xml)")
        let ios = try convert(folder + "/A.xcassets", AssetOptions(target: .ios))
        let contents = String(decoding: try #require(ios.first { $0.path == "ic_star.imageset/Contents.json" }).bytes, as: UTF8.self)
        #expect(contents.contains(#""template-rendering-intent" : "template""#), "\(contents)")
    }

    @Test(
        "a template vector drawable drawn as PNGs keeps the template intent",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
    func vectorTemplateAsPNG() throws {
        let folder = try TemporaryFolder.make("template-vector")
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8" android:tint="?attr/colorControlNormal"><path android:fillColor="#FFFFFFFF" android:pathData="M1,1h6v6h-6z"/></vector>"##,
            to: folder + "/res/drawable/ic_box.xml")
        var options = AssetOptions(target: .ios)
        options.vectorsAsBitmaps = true
        let files = try convert(folder + "/res", options)
        #expect(
            files.map(\.path).sorted() == [
                "ic_box.imageset/Contents.json", "ic_box.imageset/ic_box.png", "ic_box.imageset/ic_box@2x.png", "ic_box.imageset/ic_box@3x.png",
            ])
        let contents = String(decoding: try #require(files.first { $0.path.hasSuffix("Contents.json") }).bytes, as: UTF8.self)
        #expect(contents.contains(#""template-rendering-intent" : "template""#), "\(contents)")
    }
}
