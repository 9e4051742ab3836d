import Foundation
import NinepipeCore
import NinepipeHost
import NinepipeTestSupport
import Synchronization
import Testing

/// What a run leaves out, and why: resources the inputs cannot change (a shape with no size of
/// its own, a colour or drawable only another module or a library holds, colours only a
/// library's theme gives) are warnings, so a real tree's run can succeed; `strict` makes each a
/// failure. Tested through the public API an embedding tool uses.
@Suite(
    "assets: left out, not failed", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers")
)
struct AssetLeftOutTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    /// A tree with four resources that cannot be converted for reasons the tree cannot change,
    /// and four that can.
    func tree() throws -> String {
        let folder = try TemporaryFolder.make("left-out")
        let vector = { (fill: String) in
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><path android:fillColor="\##(fill)" android:pathData="M0,0h8v8h-8z"/><path android:fillColor="#FF000000" android:pathData="M0,0h1v1h-1z"/></vector>"##
        }
        // Left out: an oval with no size, a layer list of a colour, a colour another module
        // holds, a theme attribute only a library's theme gives.
        try TemporaryFolder.write(
            ##"<shape \##(Self.android) android:shape="oval"><solid android:color="#FFFF0000"/></shape>"##, to: folder + "/res/drawable/oval.xml")
        try TemporaryFolder.write(
            ##"<layer-list \##(Self.android)><item android:drawable="@color/brand"/></layer-list>"##, to: folder + "/res/drawable/bar.xml")
        try TemporaryFolder.write(vector("@color/elsewhere"), to: folder + "/res/drawable/icon.xml")
        try TemporaryFolder.write(vector("?attr/colorControlNormal"), to: folder + "/res/drawable/themed.xml")
        // Converted: a card whose corner radius is a theme dimension, a ripple at rest inside an
        // inset (its mask left out), a bitmap.
        try TemporaryFolder.write(
            ##"<shape \##(Self.android)><size android:width="10dp" android:height="10dp"/><corners android:radius="?attr/dialogCornerRadius"/><solid android:color="#FF00FF00"/></shape>"##,
            to: folder + "/res/drawable/card.xml")
        try TemporaryFolder.write(
            ##"<inset \##(Self.android) android:inset="1dp"><ripple android:color="#40000000"><item android:id="@android:id/mask"><shape><solid android:color="#FF000000"/></shape></item><item android:drawable="@drawable/card"/></ripple></inset>"##,
            to: folder + "/res/drawable/tap.xml")
        let png = try PNGEncoder().encode(Image(width: 4, height: 4, layout: .rgb, depth: .eight, fill: [90, 90, 90]))
        try FileManager.default.createDirectory(atPath: folder + "/res/drawable-xhdpi", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/res/drawable-xhdpi/photo.png", contents: Data(png))
        try TemporaryFolder.write(
            ##"<resources><color name="brand">#FF2196F3</color><style name="AppTheme" parent="Theme.Material3.Light"><item name="dialogCornerRadius">3dp</item></style></resources>"##,
            to: folder + "/res/values/values.xml")
        return folder
    }

    func run(_ folder: String, _ configure: (inout AssetOptions) -> Void) throws -> (summary: AssetRun.Summary, leftOut: [String: String]) {
        var options = AssetOptions(target: .ios)
        configure(&options)
        let inventory = try AssetCollector().collect([folder + "/res"])
        let output = try TemporaryFolder.make("left-out-output") + "/A.xcassets"
        let events = Mutex<[String: String]>([:])
        let summary = AssetRun(converter: AssetConverter(options: options), output: output, jobs: 2).runBlocking(inventory) { event in
            if case .leftOut(let asset, let reason) = event { events.withLock { $0[asset.name] = reason } }
        }
        return (summary, events.withLock { $0 })
    }

    @Test("with the tree's theme, the four that cannot be converted are left out with their reasons, and the rest converted")
    func leftOut() throws {
        let folder = try tree()
        let (summary, reasons) = try run(folder) { $0.theme = "AppTheme" }
        #expect(summary.failures.isEmpty, "\(summary.failures)")
        #expect(summary.converted == 3)
        #expect(summary.leftOut.map(\.asset) == ["bar", "icon", "oval", "themed"])
        #expect(reasons.keys.sorted() == ["bar", "icon", "oval", "themed"])
        #expect(reasons["oval"]?.contains("oval.xml: left out: a shape without <size>") == true, "\(reasons)")
        #expect(reasons["bar"]?.contains("bar.xml: left out: a layer list or inset with no size of its own") == true, "\(reasons)")
        #expect(
            reasons["icon"]?.contains("icon.xml:1: left out: @color/elsewhere is not a colour in this tree's values/*.xml or res/color") == true,
            "\(reasons)")
        // The missing link of the theme's chain is named.
        #expect(
            reasons["themed"]?.contains(
                "themed.xml:1: left out: the theme AppTheme does not give ?attr/colorControlNormal in this tree (its chain: AppTheme, then Theme.Material3.Light, a library's or Android's theme"
            ) == true, "\(reasons)")
        // The theme's dimension rounds the card (3dp = 9 px at @3x): the corner pixel is clear.
        let card = try ImageCodecRegistry.builtIn.decode(FileIO.read(try catalog(folder, theme: "AppTheme") + "/card.imageset/card@3x.png"))
        #expect(card.width == 30 && card.sample(x: 0, y: 0, channel: 3) == 0 && card.sample(x: 15, y: 15, channel: 1) == 255)
    }

    /// Converts the tree into a catalog with `theme`; returns the catalog's path.
    func catalog(_ folder: String, theme: String) throws -> String {
        var options = AssetOptions(target: .ios)
        options.theme = theme
        let output = try TemporaryFolder.make("left-out-catalog") + "/A.xcassets"
        _ = AssetRun(converter: AssetConverter(options: options), output: output, jobs: 1).runBlocking(try AssetCollector().collect([folder + "/res"])) { _ in }
        return output
    }

    @Test("strict makes each leaving-out a failure; a colour given by name converts what lacked it")
    func strictAndGiven() throws {
        let folder = try tree()
        let strict = try run(folder) {
            $0.theme = "AppTheme"
            $0.strict = true
        }
        #expect(strict.summary.leftOut.isEmpty && strict.summary.failures.map(\.asset) == ["bar", "icon", "oval", "themed"])
        let given = try run(folder) {
            $0.theme = "AppTheme"
            $0.colors = ["elsewhere": AndroidColor(red: 1, green: 2, blue: 3), "colorControlNormal": AndroidColor(red: 4, green: 5, blue: 6)]
        }
        #expect(given.summary.leftOut.map(\.asset) == ["bar", "oval"] && given.summary.converted == 5)
    }

    @Test("without a theme: attributes no theme of the tree gives are left out; those a theme gives stay a failure that names it")
    func withoutTheme() throws {
        let folder = try tree()
        let (summary, _) = try run(folder) { _ in }
        #expect(summary.leftOut.map(\.asset) == ["bar", "icon", "oval", "themed"])
        // The card needs ?attr/dialogCornerRadius, which AppTheme gives: choosing it converts it.
        #expect(summary.failures.map(\.asset) == ["card", "tap"], "\(summary.failures)")
        #expect(summary.failures.first?.reason.contains("themes in this tree that give them: AppTheme") == true, "\(summary.failures)")
    }

    @Test("a framework colour can be given by name (android:NAME); a given name nothing refers to is found, with the nearest one that is")
    func givenColors() throws {
        let folder = try tree()
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4"><path android:fillColor="@android:color/white" android:pathData="M0,0h4v4h-4z"/></vector>"##,
            to: folder + "/res/drawable/paper.xml")
        var options = AssetOptions(target: .web)
        options.colors = ["android:white": AndroidColor(red: 0x10, green: 0x20, blue: 0x30)]
        let inventory = try AssetCollector().collect([folder + "/res"])
        let paper = try #require(inventory.assets.first { $0.name == "paper" })
        let svg = try #require(try AssetConverter(options: options).convert(paper).files.first { $0.path == "paper.svg" })
        #expect(String(decoding: svg.bytes, as: UTF8.self).contains("#102030"))
        let unmatched = inventory.unmatchedColorNames(["elswhere", "android:white", "brand", "colorControlNormal", "dialogCornerRadius", "nothing"])
        #expect(unmatched.map(\.name) == ["elswhere", "nothing"] && unmatched.first?.nearest == "elsewhere" && unmatched.last?.nearest == nil, "\(unmatched)")
    }

    @Test(
        "a <clip> follows one rule, Android's at rest (level 0: nothing drawn): standalone it is skipped with that reason, in a layer list it is an empty layer with a warning, and neither fails"
    )
    func clips() throws {
        let folder = try TemporaryFolder.make("clip")
        try TemporaryFolder.write(
            ##"<clip \##(Self.android) android:drawable="@drawable/fill" android:clipOrientation="horizontal" android:gravity="left"/>"##,
            to: folder + "/res/drawable/progress.xml")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android)><size android:width="8dp" android:height="2dp"/><solid android:color="#FF0000FF"/></shape>"##,
            to: folder + "/res/drawable/fill.xml")
        try TemporaryFolder.write(
            ##"<layer-list \##(Self.android)><item android:drawable="@drawable/fill"/><item><clip android:drawable="@drawable/fill"/></item></layer-list>"##,
            to: folder + "/res/drawable/bar.xml")
        let inventory = try AssetCollector().collect([folder + "/res"])
        #expect(inventory.assets.map(\.name) == ["bar", "fill"])
        #expect(inventory.skipped.map(\.path) == [folder + "/res/drawable/progress.xml"])
        #expect(inventory.skipped.first?.reason.contains("a <clip> draws nothing until the app sets its level") == true, "\(inventory.skipped)")
        #expect(inventory.warnings.contains { $0.contains("skipped 1 <clip> drawable: a clip draws nothing") }, "\(inventory.warnings)")
        for target in [AssetOptions(target: .ios), AssetOptions(target: .web), AssetOptions(target: .android)] {
            let output = try TemporaryFolder.make("clip-output") + (target.target.name == "ios" ? "/A.xcassets" : "/out")
            let warnings = Mutex<[String]>([])
            let summary = AssetRun(converter: AssetConverter(options: target), output: output, jobs: 1).runBlocking(inventory) { event in
                if case .converted(_, _, _, let notes, _) = event { warnings.withLock { $0 += notes } }
            }
            #expect(summary.failures.isEmpty && summary.converted == 2, "\(target.target.name): \(summary.failures)")
            if target.target.name != "android" {
                #expect(
                    warnings.withLock { $0 }.contains { $0.contains("bar.xml:1: a <clip> draws nothing until the app sets its level") },
                    "\(target.target.name): \(warnings.withLock { $0 })")
            }
        }
        // Drawn as the fill alone: the clip adds nothing.
        let output = try TemporaryFolder.make("clip-ios") + "/A.xcassets"
        _ = AssetRun(converter: AssetConverter(options: AssetOptions(target: .ios)), output: output, jobs: 1).runBlocking(inventory) { _ in }
        let bar = try ImageCodecRegistry.builtIn.decode(FileIO.read(output + "/bar.imageset/bar@2x.png"))
        let fill = try ImageCodecRegistry.builtIn.decode(FileIO.read(output + "/fill.imageset/fill@2x.png"))
        #expect(bar.width == 16 && bar.height == 4 && bar.converted(to: .rgba).storage == fill.converted(to: .rgba).storage)
    }

    @Test("Android to Android: a drawable whose colour or theme attribute the tree lacks is copied as it is, with a warning, not left out")
    func androidCopiesUnresolved() throws {
        let folder = try tree()
        let output = try TemporaryFolder.make("left-out-android") + "/res"
        let outcome = try AssetHarness.run([folder + "/res"], target: .android, output: output)
        #expect(outcome.succeeded, "\(outcome.text)")
        #expect(!outcome.summary.leftOut.contains { $0.asset == "icon" || $0.asset == "themed" }, "\(outcome.summary.leftOut)")
        for name in ["icon", "themed", "card", "tap"] {
            #expect(try FileIO.read(output + "/drawable/\(name).xml") == FileIO.read(folder + "/res/drawable/\(name).xml"), "\(name)")
        }
        #expect(outcome.text.contains("icon.xml: copied as it is: this tree does not give @color/elsewhere"), "\(outcome.text)")
        #expect(outcome.text.contains("card.xml: copied as it is: this tree does not give ?attr/dialogCornerRadius"), "\(outcome.text)")
    }

}
