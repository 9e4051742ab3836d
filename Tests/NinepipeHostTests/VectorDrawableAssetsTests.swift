import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// `assets` carries vector drawables: an SVG imageset on iOS (a template marked so),
/// an SVG and CSS on the web (a template in `currentColor`, painted through a mask), the
/// drawable itself on Android; PNGs at each scale with `--vectors png`. A small `res/` tree with
/// what real ones have: a vector in `drawable` and a newer one in `drawable-anydpi-v24`, a PNG
/// fallback, a tree colour, and a layer list, which does not convert yet.
@Suite(
    "assets from vector drawables",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector drawables are drawn by the SVG helpers"))
struct VectorDrawableAssetsTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    /// `res/` with `ic_a` (an old vector, a v24 template vector, a PNG fallback), `ic_b` coloured
    /// by `@color/brand`, and a layer list.
    func tree() throws -> (folder: String, v24: String) {
        let folder = try TemporaryFolder.make("vd-assets")
        for sub in ["drawable", "drawable-anydpi-v24", "drawable-hdpi", "values"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/res/\(sub)", withIntermediateDirectories: true)
        }
        let head = ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24""##
        try (head + ##"><path android:fillColor="#ff0000" android:pathData="M0,0h24v24h-24z"/></vector>"##)
            .write(toFile: "\(folder)/res/drawable/ic_a.xml", atomically: true, encoding: .utf8)
        let v24 = head + ##" android:tint="?attr/colorControlNormal"><path android:fillColor="#fff" android:pathData="M4,4h16v16h-16z"/></vector>"##
        try v24.write(toFile: "\(folder)/res/drawable-anydpi-v24/ic_a.xml", atomically: true, encoding: .utf8)
        let png = try PNGEncoder().encode(Image(width: 36, height: 36, layout: .rgb, depth: .eight, fill: [0, 0, 255]))
        _ = FileManager.default.createFile(atPath: "\(folder)/res/drawable-hdpi/ic_a.png", contents: Data(png))
        try (head + ##"><path android:fillColor="@color/brand" android:pathData="M0,0h24v24h-24z"/></vector>"##)
            .write(toFile: "\(folder)/res/drawable/ic_b.xml", atomically: true, encoding: .utf8)
        try #"<resources><color name="brand">@color/blue</color><color name="blue">#1976D2</color></resources>"#
            .write(toFile: "\(folder)/res/values/colors.xml", atomically: true, encoding: .utf8)
        try ##"<clip \##(Self.android) android:drawable="@drawable/ic_a" android:clipOrientation="horizontal" android:gravity="left"/>"##
            .write(
                toFile: "\(folder)/res/drawable/bg.xml", atomically: true, encoding: .utf8)
        try ##"<level-list \##(Self.android)><item android:maxLevel="1" android:drawable="@drawable/ic_a"/></level-list>"##
            .write(toFile: "\(folder)/res/drawable/levels.xml", atomically: true, encoding: .utf8)
        return (folder, v24)
    }

    @Test("iOS: an SVG imageset preserving the vector; the newest folder's drawable wins; a template is marked; other kinds counted")
    func ios() throws {
        let (folder, _) = try tree()
        let result = try AssetHarness.run([folder + "/res"], target: .ios, output: folder + "/Assets.xcassets")
        #expect(result.succeeded, "\(result.text)")
        #expect(result.text.contains("skipped 1 <clip> drawable: a clip draws nothing until the app sets its level"), "\(result.text)")
        #expect(result.text.contains("skipped 1 XML drawable (1 level-list): bitmaps, vectors, shapes, layer lists and insets convert"), "\(result.text)")
        let contents = try String(contentsOfFile: folder + "/Assets.xcassets/ic_a.imageset/Contents.json", encoding: .utf8)
        #expect(
            contents.contains(#""preserves-vector-representation" : true"#) && contents.contains(#""template-rendering-intent" : "template""#), "\(contents)")
        #expect(contents.contains(#""filename" : "ic_a.svg""#) && !contents.contains("scale"))
        // The v24 drawable (a 16-pixel square in black), not the old red one or the PNG.
        let svg = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/Assets.xcassets/ic_a.imageset/ic_a.svg")))
        let drawn = try ImageCodecRegistry.builtIn.decode(svg)
        #expect(drawn.width == 24 && drawn.sample(x: 2, y: 2, channel: 3) == 0 && drawn.sample(x: 12, y: 12, channel: 3) == 255)
        #expect(drawn.sample(x: 12, y: 12, channel: 0) == 0)
        let brand = try String(contentsOfFile: folder + "/Assets.xcassets/ic_b.imageset/ic_b.svg", encoding: .utf8)
        #expect(brand.contains("#1976d2"), "\(brand)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets.xcassets/ic_a.imageset/ic_a@2x.png"))
        // As PNGs at each scale.
        let bitmaps = try AssetHarness.run([folder + "/res"], target: .ios, output: folder + "/Bitmaps.xcassets") { $0.vectorsAsBitmaps = true }
        #expect(bitmaps.succeeded, "\(bitmaps.text)")
        let threeX = try ImageCodecRegistry.builtIn.decode(
            Array(Data(contentsOf: URL(fileURLWithPath: folder + "/Bitmaps.xcassets/ic_a.imageset/ic_a@3x.png"))))
        #expect(threeX.width == 72 && threeX.height == 72)
    }

    @Test("web: an SVG and CSS; a template is drawn in currentColor and painted through a mask; assets.json says so")
    func web() throws {
        let (folder, _) = try tree()
        let result = try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web")
        #expect(result.succeeded, "\(result.text)")
        let svg = try String(contentsOfFile: folder + "/web/ic_a.svg", encoding: .utf8)
        #expect(svg.contains(#"fill="currentColor""#), "\(svg)")
        let css = try String(contentsOfFile: folder + "/web/ic_a.css", encoding: .utf8)
        #expect(css.contains("background-color: currentColor;") && css.contains(#"mask: url("data:image/svg+xml;base64,"#), "\(css)")
        #expect(css.contains("width: 24px;"))
        let plain = try String(contentsOfFile: folder + "/web/ic_b.css", encoding: .utf8)
        #expect(plain.contains(#"background: url("ic_b.svg")"#) && !plain.contains("mask"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/web/assets.json"))) as? [String: Any]
        let assets = manifest?["assets"] as? [[String: Any]] ?? []
        #expect(assets.first { $0["name"] as? String == "ic_a" }?["template"] as? Bool == true)
        #expect(assets.first { $0["name"] as? String == "ic_b" }?["vector"] as? Bool == true)
    }

    @Test("a tree's values are read once a process, and again when a file changes (size or modification time)")
    func valuesCache() throws {
        let (folder, _) = try tree()
        func brand() throws -> String {
            #expect(try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web").succeeded)
            let svg = try String(contentsOfFile: folder + "/web/ic_b.svg", encoding: .utf8)
            return svg.contains("#1976d2") ? "blue" : svg.contains("#00ff00") ? "green" : svg.contains("#ff0000") ? "red" : svg
        }
        #expect(try brand() == "blue")
        let colors = folder + "/res/values/colors.xml"
        // The same size: only the modification time tells.
        try #"<resources><color name="brand">@color/blue</color><color name="blue">#00FF00</color></resources>"#.write(
            toFile: colors, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: colors)
        #expect(try brand() == "green")
        try #"<resources><color name="brand">#F00</color></resources>"#.write(toFile: colors, atomically: true, encoding: .utf8)
        #expect(try brand() == "red")
    }

    @Test("path data kept as a string (@string/NAME, as Wikipedia's launcher icon has it) comes from the tree's values; a missing one is named")
    func stringPathData() throws {
        let folder = try TemporaryFolder.make("vd-strings")
        for sub in ["drawable", "values"] { try FileManager.default.createDirectory(atPath: "\(folder)/res/\(sub)", withIntermediateDirectories: true) }
        let head = ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8">"##
        try (head + ##"<path android:fillColor="#000" android:pathData="@string/half"/></vector>"##)
            .write(toFile: "\(folder)/res/drawable/ic_half.xml", atomically: true, encoding: .utf8)
        try #"<resources><string name="half" translatable="false">M 0 0 L 8 0 L 8 4 L 0 4 Z</string></resources>"#
            .write(toFile: "\(folder)/res/values/strings.xml", atomically: true, encoding: .utf8)
        let result = try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web")
        #expect(result.succeeded, "\(result.text)")
        let svg = try String(contentsOfFile: folder + "/web/ic_half.svg", encoding: .utf8)
        #expect(svg.contains(#"d="M0 0L8 0L8 4L0 4Z""#), "\(svg)")
        try (head + ##"<path android:fillColor="#000" android:pathData="@string/gone"/></vector>"##)
            .write(toFile: "\(folder)/res/drawable/ic_half.xml", atomically: true, encoding: .utf8)
        let missing = try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web2")
        #expect(!missing.succeeded)
        #expect(
            missing.text.contains(#"ic_half.xml: line 1: android:pathData="@string/gone": @string/gone is not a string in this tree's values/*.xml"#),
            "\(missing.text)")
    }

    @Test("in Chromium, from file://: a template's CSS paints the page's color through it, at the shape Ninepipe draws; a plain one shows its colours")
    func browser() throws {
        guard let chromium = try Requirement.tool("chromium", "chromium-browser") else {
            try Test.cancel("chromium not found (apt-get install chromium); vector drawables' CSS is not checked in a browser")
        }
        let (folder, v24) = try tree()
        #expect(try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web").succeeded)
        let page =
            #"<!doctype html><html><head><link rel="stylesheet" href="ic_a.css"><link rel="stylesheet" href="ic_b.css"><style>body{margin:0;background:#fff}div{position:absolute;top:0}</style></head><body><div class="ic_a" style="left:0;color:#ff0000"></div><div class="ic_a" style="left:30px;color:#0000ff"></div><div class="ic_b" style="left:60px"></div></body></html>"#
        try page.write(toFile: folder + "/web/page.html", atomically: true, encoding: .utf8)
        _ = try ChildProcess.output(
            of: chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=100,30",
                "--screenshot=\(folder)/shot.png", "file://\(folder)/web/page.html",
            ])
        let shot = try ImageCodecRegistry.builtIn.decode(try FileIO.read("\(folder)/shot.png")).converted(to: .rgb).converted(to: .eight)
        // Ninepipe's own drawing of the template: where it covers, the page's colour must show.
        let drawn = try ImageCodecRegistry.builtIn.decode(Array(v24.utf8)).converted(to: .rgba)
        var mismatches = 0
        for y in 0..<24 {
            for x in 0..<24 {
                let coverage = drawn.sample(x: x, y: y, channel: 3)
                guard coverage == 0 || coverage == 255 else { continue }  // edges: antialiasing may differ
                let red = shot.sample(x: x, y: y, channel: 0)
                let green = shot.sample(x: x, y: y, channel: 1)
                let blue = shot.sample(x: 30 + x, y: y, channel: 2)
                let blueRed = shot.sample(x: 30 + x, y: y, channel: 0)
                let expected = coverage == 255 ? (255, 0, 255, 0) : (255, 255, 255, 255)
                if (red, green, blue, blueRed) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(mismatches) pixels differ from the drawing")
        #expect((0..<3).map { shot.sample(x: 72, y: 12, channel: $0) } == [0x19, 0x76, 0xD2])
    }

    @Test("Android: the drawable itself, byte for byte")
    func android() throws {
        let (folder, v24) = try tree()
        let result = try AssetHarness.run([folder + "/res"], target: .android, output: folder + "/out")
        #expect(result.succeeded, "\(result.text)")
        #expect(try String(contentsOfFile: folder + "/out/drawable/ic_a.xml", encoding: .utf8) == v24)
    }
}
