import Foundation
import NinepipeCore
import NinepipeHost
import NinepipeTestSupport
import Testing

/// A target a tool defines, through the public API only: each asset as one 2x PNG per
/// configuration in a flat folder, and an index written once.
struct FlatTarget: AssetTarget {
    let name = "flat"

    func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        var files: [AssetFile] = []
        for configuration in configurations {
            guard let image = try context.image(of: asset, in: configuration, at: 2) else {
                context.warn("\(asset.name): no file dense enough for 2x")
                continue
            }
            files.append(AssetFile(path: asset.name + configuration.fileSuffix + ".png", bytes: try context.png(image)))
        }
        return AssetConverter.Conversion(files: files, warnings: [])
    }

    func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) -> [AssetFile] {
        [AssetFile(path: "index.txt", text: "\(conversions.count) assets\n")]
    }
}

/// Targets are types: the built-in three are found by name in a registry, a new one is one
/// conforming type and one registration, and the run, the claims before writing and the
/// closing files work for it as for the built-in ones.
@Suite("assets: targets as types", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
struct AssetTargetTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    @Test("the built-in registry holds ios, android, web, flutter and compose; registering a target adds it, and one of the same name replaces it")
    func registry() {
        var registry = AssetTargetRegistry.builtIn
        #expect(registry.names == ["ios", "android", "web", "flutter", "compose"])
        registry.register(FlatTarget())
        #expect(registry.names == ["ios", "android", "web", "flutter", "compose", "flat"])
        registry.register(FlatTarget())
        #expect(registry.names == ["ios", "android", "web", "flutter", "compose", "flat"] && registry.target(named: "flat") is FlatTarget)
        #expect(registry.target(named: "swiftui") == nil)
        #expect(IOSAssetTarget().outputProblem("out/") != nil && IOSAssetTarget().outputProblem("A.xcassets") == nil)
    }

    @Test("a tree converts through a target defined here: a PNG per configuration, its warnings, and its closing file")
    func flatTarget() throws {
        let folder = try TemporaryFolder.make("flat-target")
        let png = { (value: Int) in try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [value, value, value])) }
        for (sub, value) in [("drawable-xhdpi", 200), ("drawable-night-xhdpi", 40)] {
            try FileManager.default.createDirectory(atPath: folder + "/res/" + sub, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/res/\(sub)/card.png", contents: Data(try png(value)))
        }
        try FileManager.default.createDirectory(atPath: folder + "/res/drawable-mdpi", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/res/drawable-mdpi/small.png", contents: Data(try png(9)))
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4"><path android:fillColor="#FF0000FF" android:pathData="M0,0h4v4h-4z"/></vector>"##,
            to: folder + "/res/drawable/dot.xml")
        var registry = AssetTargetRegistry.builtIn
        registry.register(FlatTarget())
        let target = try #require(registry.target(named: "flat"))
        let inventory = try AssetCollector().collect([folder + "/res"])
        let run = AssetRun(converter: AssetConverter(options: AssetOptions(target: target)), output: folder + "/flat", jobs: 2)
        try run.check(inventory)
        let summary = run.runBlocking(inventory) { _ in }
        #expect(summary.failures.isEmpty && summary.converted == 3, "\(summary.failures)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/flat").sorted()
        #expect(written == ["card-dark.png", "card.png", "dot.png", "index.txt"], "\(written)")
        #expect(try String(contentsOfFile: folder + "/flat/index.txt", encoding: .utf8) == "3 assets\n")
        let dark = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/flat/card-dark.png"))
        let dot = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/flat/dot.png"))
        #expect(dark.sample(x: 1, y: 1, channel: 0) == 40 && dot.width == 8 && dot.sample(x: 4, y: 4, channel: 2) == 255)
        // The default claim (a folder named after the asset) still guards inputs.
        try FileManager.default.createDirectory(atPath: folder + "/out/small", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/out/small/small.png", contents: Data(try png(9)))
        let over = AssetRun(converter: AssetConverter(options: AssetOptions(target: target)), output: folder + "/out", jobs: 1)
        #expect(throws: AssetError.outputIsInput(asset: "small", input: folder + "/out/small/small.png")) {
            try over.check(try AssetCollector().collect([folder + "/out/small/small.png"]))
        }
    }

    @Test("a target that writes no app icons says so")
    func noIcons() throws {
        let folder = try TemporaryFolder.make("flat-icons")
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FF336699" android:pathData="M34,54a20,20 0 1,0 40,0a20,20 0 1,0 -40,0z"/></vector>"##,
            to: folder + "/logo.xml")
        let options = AssetOptions(target: FlatTarget())
        let icon = try AppIcon.find(in: [folder + "/logo.xml"], manifest: nil, background: nil, options: options)
        #expect(throws: AppIconError.noIcons(target: "flat")) { try AppIconConverter(options: options).convert(icon) }
    }

    @Test("Android claims every folder an asset may be written to, XML drawables and night folders included, before anything is written")
    func androidClaims() throws {
        let folder = try TemporaryFolder.make("android-claims")
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4"><path android:fillColor="@color/ink" android:pathData="M0,0h4v4h-4z"/></vector>"##,
            to: folder + "/res/drawable/dot.xml")
        try TemporaryFolder.write(#"<resources><color name="ink">#FF000000</color></resources>"#, to: folder + "/res/values/c.xml")
        try TemporaryFolder.write(#"<resources><color name="ink">#FFFFFFFF</color></resources>"#, to: folder + "/res/values-night/c.xml")
        let inventory = try AssetCollector().collect([folder + "/res"])
        let run = AssetRun(converter: AssetConverter(options: AssetOptions(target: .android)), output: folder + "/res", jobs: 1)
        #expect(throws: AssetError.outputIsInput(asset: "dot", input: folder + "/res/drawable/dot.xml")) { try run.check(inventory) }
        let claims = AndroidAssetTarget().claims(for: try #require(inventory.assets.first), output: "out", options: AssetOptions(target: .android))
        #expect(
            Set(claims.map(\.folder)).isSuperset(of: [
                "out/drawable", "out/drawable-night", "out/drawable-anydpi-v26", "out/drawable-xhdpi", "out/drawable-night-xxhdpi",
            ]),
            "\(claims.map(\.folder))")
    }
}
