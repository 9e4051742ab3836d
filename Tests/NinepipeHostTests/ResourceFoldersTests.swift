import Foundation
import NinepipeCore
import NinepipeHost
import NinepipeTestSupport
import Synchronization
import Testing

/// A `res/` tree's folders read by aapt2's rules through ``ResourceConfiguration``, in every
/// place assets are collected, values read and folders written; WebP and GIF drawables are
/// images like PNGs; nothing under a drawable folder is dropped without a word.
@Suite(
    "assets: resource folders, read and written one way",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
struct ResourceFoldersTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#
    /// Two 8×8 frames, red then blue, looping (made by Pillow).
    static let animatedGIF =
        "R0lGODlhCAAIAIEAAP8AAAAAAAAAAAAAACH/C05FVFNDQVBFMi4wAwEAAAAh+QQACgAAACwAAAAACAAIAAAIDwABCBxIsKDBgwgTKkwYEAAh+QQACgAAACwAAAAACAAIAIEAAP8AAAAAAAAAAAAIDwABCBxIsKDBgwgTKkwYEAA7"

    func convert(_ inputs: [String], target: some AssetTarget, output: String) throws -> (
        inventory: AssetCollector.Inventory, summary: AssetRun.Summary, warnings: [String]
    ) {
        let inventory = try AssetCollector().collect(inputs)
        let warnings = Mutex<[String]>([])
        let summary = AssetRun(converter: AssetConverter(options: AssetOptions(target: target)), output: output, jobs: 1).runBlocking(inventory) {
            if case .converted(_, _, _, let notes, _) = $0 { warnings.withLock { $0 += notes } }
        }
        return (inventory, summary, inventory.warnings + warnings.withLock { $0 })
    }

    @Test(
        "WebP and GIF drawables convert like PNGs (an animated GIF's first frame, with a warning); a file that is not an image is named",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.webp) && ImageCodecRegistry.builtIn.reads(.gif))))
    func webpAndGIF() throws {
        let folder = try TemporaryFolder.make("webp-gif")
        try FileManager.default.createDirectory(atPath: folder + "/res/drawable-xhdpi", withIntermediateDirectories: true)
        var lossless = EncodeOptions(format: .webp)
        lossless.isLossless = true
        let leaf = try ImageCodecRegistry.builtIn.encode(Image(width: 8, height: 8, layout: .rgba, depth: .eight, fill: [0, 128, 0, 255]), options: lossless)
        _ = FileManager.default.createFile(atPath: folder + "/res/drawable-xhdpi/leaf.webp", contents: Data(leaf))
        _ = FileManager.default.createFile(atPath: folder + "/res/drawable-xhdpi/spin.gif", contents: Data(base64Encoded: Self.animatedGIF))
        try TemporaryFolder.write("notes", to: folder + "/res/drawable-xhdpi/notes.txt")
        let (inventory, summary, warnings) = try convert([folder + "/res"], target: .ios, output: folder + "/A.xcassets")
        #expect(inventory.assets.map(\.name) == ["leaf", "spin"])
        #expect(summary.converted == 2 && summary.failures.isEmpty, "\(summary.failures)")
        #expect(warnings.contains { $0.hasSuffix("spin.gif: animated GIF: only the first of its 2 frames is read") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("left out 1 file of drawable folders, not an image or XML: ") && $0.hasSuffix("notes.txt") }, "\(warnings)")
        // Written as PNGs (an asset catalog's bitmaps), the pixels the sources hold.
        let spin = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/A.xcassets/spin.imageset/spin@2x.png"))
        #expect((0..<3).map { spin.sample(x: 4, y: 4, channel: $0) } == [255, 0, 0])
        let green = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/A.xcassets/leaf.imageset/leaf@2x.png"))
        #expect(green.width == 8 && (0..<3).map { green.sample(x: 4, y: 4, channel: $0) } == [0, 128, 0])
    }

    @Test("a folder aapt2 refuses (qualifiers out of order, an unknown one) is named with its file count, never read as another configuration")
    func refusedFolders() throws {
        let folder = try TemporaryFolder.make("refused-folders")
        let png = try PNGEncoder().encode(Image(width: 4, height: 4, layout: .rgb, depth: .eight, fill: [9, 9, 9]))
        for sub in ["drawable-mdpi", "drawable-hdpi-night", "drawable-shiny"] {
            try FileManager.default.createDirectory(atPath: folder + "/res/" + sub, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/res/\(sub)/a.png", contents: Data(png))
        }
        let inventory = try AssetCollector().collect([folder + "/res"])
        #expect(inventory.assets.map(\.name) == ["a"] && inventory.assets.first?.configurations.isEmpty == true)
        #expect(
            inventory.warnings.contains {
                $0.hasPrefix("left out 2 files in 2 folders whose name aapt2 does not read as a resource folder (drawable-hdpi-night, drawable-shiny)")
            }, "\(inventory.warnings)")
    }

    @Test("night values come from every night folder (values-night-v31 over values-night over values-v31 over values), light ones never from them")
    func nightValuesFolders() throws {
        let folder = try TemporaryFolder.make("values-folders")
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4"><path android:fillColor="@color/a" android:pathData="M0,0h2v4h-2z"/><path android:fillColor="@color/b" android:pathData="M2,0h2v4h-2z"/></vector>"##,
            to: folder + "/res/drawable/v.xml")
        try TemporaryFolder.write(
            #"<resources><color name="a">#FF000001</color><color name="b">#FF000002</color></resources>"#, to: folder + "/res/values/c.xml")
        try TemporaryFolder.write(#"<resources><color name="b">#FF000003</color></resources>"#, to: folder + "/res/values-v31/c.xml")
        try TemporaryFolder.write(#"<resources><color name="a">#FF000004</color></resources>"#, to: folder + "/res/values-night/c.xml")
        try TemporaryFolder.write(#"<resources><color name="a">#FF000005</color></resources>"#, to: folder + "/res/values-night-v31/c.xml")
        try TemporaryFolder.write(#"<resources><color name="a">#FF000006</color></resources>"#, to: folder + "/res/values-fr/c.xml")
        let (_, summary, _) = try convert([folder + "/res"], target: .web, output: folder + "/web")
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        let light = try String(contentsOfFile: folder + "/web/v.svg", encoding: .utf8)
        let dark = try String(contentsOfFile: folder + "/web/v-dark.svg", encoding: .utf8)
        #expect(light.contains("#000001") && light.contains("#000003"), "\(light)")
        #expect(dark.contains("#000005") && dark.contains("#000003"), "\(dark)")
    }

    @Test("Android folders are written in Android's canonical order: locale, direction, night, density, version")
    func canonicalFolders() throws {
        let folder = try TemporaryFolder.make("canonical-folders")
        let png = try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [9, 9, 9]))
        for sub in ["drawable-xhdpi", "drawable-b+sr+Latn-night-xhdpi", "drawable-pt-rBR-ldrtl-xhdpi"] {
            try FileManager.default.createDirectory(atPath: folder + "/res/" + sub, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder + "/res/\(sub)/a.png", contents: Data(png))
        }
        var options = AssetOptions(target: .android)
        options.densities = [.xhdpi]
        let inventory = try AssetCollector().collect([folder + "/res"])
        let summary = AssetRun(converter: AssetConverter(options: options), output: folder + "/out", jobs: 1).runBlocking(inventory) { _ in }
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(written == ["drawable-b+sr+Latn-night-xhdpi", "drawable-pt-rBR-ldrtl-xhdpi", "drawable-xhdpi"], "\(written)")
    }

    @Test("a module or repository root converts its one resource folder, and names them all when there are several; one XML drawable converts by itself")
    func rootsAndSingleFiles() throws {
        let folder = try TemporaryFolder.make("module-roots")
        let vector =
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4"><path android:fillColor="#FF0000FF" android:pathData="M0,0h4v4h-4z"/></vector>"##
        try TemporaryFolder.write(vector, to: folder + "/app/src/main/res/drawable/dot.xml")
        try TemporaryFolder.write("plugins {}", to: folder + "/app/build.gradle")
        let module = try AssetCollector().collect([folder + "/app"])
        #expect(module.assets.map(\.name) == ["dot"])
        #expect(module.warnings.contains("\(folder)/app: converting its resource folder \(folder)/app/src/main/res"), "\(module.warnings)")
        #expect(try AssetCollector().collect([folder]).assets.map(\.name) == ["dot"])
        try TemporaryFolder.write(vector, to: folder + "/wear/src/main/res/drawable/dot.xml")
        #expect(throws: AssetError.severalResourceFolders(input: folder, found: [folder + "/app/src/main/res", folder + "/wear/src/main/res"])) {
            try AssetCollector().collect([folder])
        }
        // One drawable file by itself; a selector names others, so it does not.
        let single = try AssetCollector().collect([folder + "/app/src/main/res/drawable/dot.xml"])
        #expect(single.assets.map(\.name) == ["dot"] && single.assets.first?.kind == .vectorDrawable)
        try TemporaryFolder.write(
            ##"<selector \##(Self.android)><item android:drawable="@drawable/dot"/></selector>"##, to: folder + "/app/src/main/res/drawable/pick.xml")
        #expect(throws: AssetError.notAnImage(path: folder + "/app/src/main/res/drawable/pick.xml")) {
            try AssetCollector().collect([folder + "/app/src/main/res/drawable/pick.xml"])
        }
    }

    @Test("a drawable drawn larger than 4096 pixels on a side is drawn, with a warning naming its size")
    func largeDrawing() throws {
        let folder = try TemporaryFolder.make("large-drawing")
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="2100dp" android:height="10dp" android:viewportWidth="2100" android:viewportHeight="10"><path android:fillColor="#FF0000FF" android:pathData="M0,0h2100v10h-2100z"/></vector>"##,
            to: folder + "/res/drawable/banner.xml")
        var options = AssetOptions(target: .web)
        options.vectorsAsBitmaps = true
        let inventory = try AssetCollector().collect([folder + "/res"])
        let banner = try #require(inventory.assets.first)
        let conversion = try AssetConverter(options: options).convert(banner)
        #expect(conversion.files.map(\.path).sorted() == ["banner.css", "banner.png", "banner@2x.png"])
        #expect(
            conversion.warnings == ["\(folder)/res/drawable/banner.xml: drawn 4200×20 pixels @2x, larger than 4096 on a side; check its size"],
            "\(conversion.warnings)")
    }
}
