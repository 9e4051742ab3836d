import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// Selectors, ripples, animated vectors, animation lists, `<bitmap>` wrappers and
/// one-layer layer lists have each drawable they name converted under a name of its own, listed
/// in the report; what they hold inline is counted, never dropped silently.
@Suite(
    "assets: drawables that name other drawables",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: XML drawables are read by the SVG helpers"))
struct DrawableReferenceTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    @Test("a selector's states become NAME and NAME_state, a wrapper its source, a ripple its content; inline items are counted")
    func references() throws {
        let folder = try TemporaryFolder.make("references")
        for sub in ["drawable", "drawable-xhdpi"] { try FileManager.default.createDirectory(atPath: "\(folder)/res/\(sub)", withIntermediateDirectories: true) }
        for (name, color) in [("on", [0, 200, 0]), ("off", [200, 0, 0])] {
            let png = try PNGEncoder().encode(Image(width: 16, height: 16, layout: .rgb, depth: .eight, fill: color))
            _ = FileManager.default.createFile(atPath: "\(folder)/res/drawable-xhdpi/\(name).png", contents: Data(png))
        }
        let files = [
            "check":
                ##"<selector \##(Self.android)><item android:state_checked="true" android:drawable="@drawable/on"/><item android:state_enabled="false" android:drawable="@drawable/off"/><item android:state_pressed="true"><shape><solid android:color="#f00"/></shape></item><item android:drawable="@drawable/off"/></selector>"##,
            "wrapped": ##"<bitmap \##(Self.android) android:src="@drawable/on" android:gravity="center"/>"##,
            "lost":
                ##"<selector \##(Self.android)>\##n<item android:state_pressed="true" android:drawable="@drawable/gone"/>\##n<item android:drawable="@drawable/on"/></selector>"##,
            "touch":
                ##"<ripple \##(Self.android) android:color="#20000000"><item android:id="@android:id/mask" android:drawable="@drawable/off"/><item android:drawable="@drawable/on"/></ripple>"##,
            "toggle":
                ##"<selector \##(Self.android)><item android:state_checked="true" android:drawable="@drawable/on"/><item android:state_checked="false" android:drawable="@drawable/off"/></selector>"##,
            "shortcut": ##"<layer-list \##(Self.android)><item android:drawable="@drawable/on"/></layer-list>"##,
            "stack":
                ##"<layer-list \##(Self.android)><item android:drawable="@drawable/on"/><item android:drawable="@drawable/off" android:top="2dp"/></layer-list>"##,
            "blink":
                ##"<animation-list \##(Self.android)><item android:drawable="@drawable/on" android:duration="100"/><item android:drawable="@drawable/off" android:duration="100"/></animation-list>"##,
        ]
        for (name, text) in files { try text.write(toFile: "\(folder)/res/drawable/\(name).xml", atomically: true, encoding: .utf8) }
        let inventory = try AssetCollector().collect([folder + "/res"])
        let names = inventory.assets.map(\.name)
        #expect(
            names == [
                "blink_frame0", "blink_frame1", "check", "check_checked", "check_disabled", "lost", "off", "on", "shortcut", "stack", "toggle",
                "toggle_checked",
                "toggle_not_checked",
                "touch", "wrapped",
            ], "\(names)")
        #expect(inventory.assets.first { $0.name == "check_checked" }?.variants.map(\.path) == ["\(folder)/res/drawable-xhdpi/on.png"])
        #expect(inventory.assets.first { $0.name == "touch" }?.variants.map(\.path) == ["\(folder)/res/drawable-xhdpi/on.png"])
        let warning = inventory.warnings.first { $0.hasPrefix("3 selectors") } ?? "\(inventory.warnings)"
        #expect(
            warning
                == "3 selectors converted as the drawables they name: check → check_checked (on), check_disabled (off), check (off); lost → lost (on); toggle → toggle_checked (on), toggle (off), toggle_not_checked (off); 1 item left out (inline drawables, colours, the framework's drawables)",
            "\(warning)")
        // A drawable the tree lacks is named with its file and line.
        #expect(
            inventory.warnings.contains(
                "1 drawable named by selectors, ripples and wrappers is not in the tree (another module's or a library's), so its state is left out: \(folder)/res/drawable/lost.xml:2: gone"
            ), "\(inventory.warnings)")
        // A layer list of one plain layer is that layer; one that composites is an asset of its own.
        #expect(inventory.assets.first { $0.name == "shortcut" }?.variants.map(\.path) == ["\(folder)/res/drawable-xhdpi/on.png"])
        #expect(inventory.assets.first { $0.name == "stack" }?.kind == .layered)
        #expect(!inventory.warnings.contains { $0.hasPrefix("skipped") }, "\(inventory.warnings)")
        // With no item free of states, the one the default state matches (not checked) is the name's.
        #expect(inventory.assets.first { $0.name == "toggle" }?.variants.map(\.path) == ["\(folder)/res/drawable-xhdpi/off.png"])
        // Android keeps each selector, ripple and wrapper itself; the states' names are for the others.
        let android = try AssetHarness.run([folder + "/res"], target: .android, output: folder + "/android")
        #expect(android.succeeded, "\(android.text)")
        for name in ["check", "shortcut", "toggle", "touch", "wrapped"] {
            #expect(try FileIO.read("\(folder)/android/drawable/\(name).xml") == FileIO.read("\(folder)/res/drawable/\(name).xml"), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/android/drawable-xhdpi/check_checked.png"))
        // Converted like any asset.
        let ios = try AssetHarness.run([folder + "/res"], target: .ios, output: folder + "/Assets.xcassets")
        #expect(ios.succeeded, "\(ios.text)")
        let image = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/Assets.xcassets/check_checked.imageset/check_checked@2x.png")).converted(
            to: .rgb)
        #expect((0..<3).map { image.sample(x: 4, y: 4, channel: $0) } == [0, 200, 0])
    }
}
