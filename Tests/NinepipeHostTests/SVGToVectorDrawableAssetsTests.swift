import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// `assets android` from SVG sources writes vector drawables, as Android Studio's
/// import does; what one cannot express, and `.9.svg` nine-patches, stay density PNGs; aapt
/// compiles what is written.
@Suite(
    "assets android: SVG to vector drawable",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: a build without it, or librsvg2-2 not installed"))
struct SVGToVectorDrawableAssetsTests {
    static let fixtures = VectorAssetsTests.root.appendingPathComponent("Tests/NinepipeCoreTests/Fixtures/vectordrawable")

    /// A folder of SVG sources: icons, a gradient drawing, one with a filter, a nine-patch.
    func sources() throws -> String {
        let folder = try TemporaryFolder.make("svg-to-vector")
        try FileManager.default.createDirectory(atPath: folder + "/svg", withIntermediateDirectories: true)
        for name in ["ic_face", "feather_camera", "features"] {
            try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name + ".svg").path, toPath: "\(folder)/svg/\(name).svg")
        }
        try Data(
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><filter id="b"><feGaussianBlur stdDeviation="1"/></filter><rect width="8" height="8" filter="url(#b)"/></svg>"##
                .utf8
        ).write(to: URL(fileURLWithPath: folder + "/svg/blurred.svg"))
        try FileManager.default.copyItem(atPath: VectorAssetsTests.example, toPath: folder + "/svg/button.9.svg")
        return folder
    }

    @Test("vector drawables for what they can express, density PNGs with one warning naming the feature otherwise, nine-patches as .9.png")
    func convert() throws {
        let folder = try sources()
        let result = try AssetHarness.run([folder + "/svg"], target: .android, output: folder + "/res")
        #expect(result.succeeded, "\(result.text)")
        for name in ["ic_face", "feather_camera", "features"] {
            let xml = try String(contentsOfFile: "\(folder)/res/drawable/\(name).xml", encoding: .utf8)
            let drawable = try VectorDrawableCodec.drawable(Array(xml.utf8), limits: .default)
            let svg = try VectorDrawable(svg: Array(Data(contentsOf: Self.fixtures.appendingPathComponent(name + ".svg"))), limits: .default)
            #expect(drawable == (try VectorDrawableCodec.drawable(Array(svg.xml().utf8), limits: .default)), "\(name)")
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/res/drawable-mdpi/\(name).png"))
        }
        #expect(result.text.contains("blurred.svg: written as density PNGs, not a vector drawable: vector drawables have no filters (line 1)"))
        #expect(result.text.components(separatedBy: "blurred.svg").count == 2, "one warning: \(result.text)")
        let blurred = try ImageCodecRegistry.builtIn.decode(Array(Data(contentsOf: URL(fileURLWithPath: folder + "/res/drawable-xhdpi/blurred.png"))))
        #expect(blurred.width == 16 && !FileManager.default.fileExists(atPath: folder + "/res/drawable/blurred.xml"))
        #expect(FileManager.default.fileExists(atPath: folder + "/res/drawable-xhdpi/button.9.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/res/drawable/button.xml"))

        // --vectors png: images for everything, no warning about features.
        let pngs = try AssetHarness.run([folder + "/svg"], target: .android, output: folder + "/png") { $0.vectorsAsBitmaps = true }
        #expect(pngs.succeeded && !pngs.text.contains("not a vector drawable"), "\(pngs.text)")
        #expect(FileManager.default.fileExists(atPath: folder + "/png/drawable-xxhdpi/ic_face.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/png/drawable"))
    }

    @Test("every vector drawable written compiles with aapt against Android's framework-res.apk")
    func aaptCompiles() throws {
        let apk = "/usr/share/android-framework-res/framework-res.apk"
        guard let aapt = try Requirement.found(FileManager.default.fileExists(atPath: apk) ? VectorAssetsTests.aapt : nil, "aapt or \(apk)") else {
            try Test.cancel("aapt or framework-res.apk not installed (apt-get install aapt android-framework-res); the written drawables are not compiled")
        }
        let folder = try sources()
        #expect(try AssetHarness.run([folder + "/svg"], target: .android, output: folder + "/res").succeeded)
        try Data(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.ninepipe.check"/>"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/AndroidManifest.xml"))
        let output = try ChildProcess.output(
            of: aapt, ["package", "-f", "-M", folder + "/AndroidManifest.xml", "-S", folder + "/res", "-I", apk, "-F", folder + "/check.apk"])
        #expect(FileManager.default.fileExists(atPath: folder + "/check.apk"), "\(output)")
        let listing = try ChildProcess.output(of: aapt, ["list", folder + "/check.apk"])
        for name in ["ic_face", "feather_camera", "features"] { #expect(listing.contains("/\(name).xml"), "\(listing)") }
    }
}
