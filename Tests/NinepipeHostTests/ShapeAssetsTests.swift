import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost
@testable import NinepipePlugins

/// Shape drawables in `assets`. A size-less rounded rectangle becomes a stretchable
/// image (iOS cap insets, an Android nine-patch with `--vectors png`) that, stretched, equals
/// the shape drawn at that size; on the web it is CSS, which Chromium draws as Ninepipe draws
/// the shape; a sized shape is an image at each scale; Android keeps the XML.
@Suite("assets from shape drawables", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: shapes are drawn by the SVG helpers"))
struct ShapeAssetsTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    /// `res/` with a stretchable pill (colour and radius from values), a sized gradient oval and
    /// a sized ring.
    func tree() throws -> String {
        let folder = try TemporaryFolder.make("shapes")
        for sub in ["drawable", "values"] { try FileManager.default.createDirectory(atPath: "\(folder)/res/\(sub)", withIntermediateDirectories: true) }
        let files = [
            "pill":
                ##"<solid android:color="@color/brand"/><corners android:radius="@dimen/pill"/><stroke android:width="2dp" android:color="#FF1565C0"/><padding android:left="12dp" android:top="6dp" android:right="12dp" android:bottom="6dp"/>"##,
            "dot": ##"<solid android:color="#FFFF5722"/><size android:width="24dp" android:height="16dp"/>"##,
            "ring": ##"<solid android:color="#FF4CAF50"/><size android:width="24dp" android:height="24dp"/>"##,
        ]
        let roots = ["pill": "", "dot": #"android:shape="oval""#, "ring": #"android:shape="ring" android:innerRadius="8dp" android:thickness="3dp""#]
        for (name, body) in files {
            try "<shape \(Self.android) \(roots[name] ?? "")>\(body)</shape>".write(
                toFile: "\(folder)/res/drawable/\(name).xml", atomically: true, encoding: .utf8)
        }
        try #"<resources><color name="brand">#FF2196F3</color><dimen name="pill">16dp</dimen></resources>"#
            .write(toFile: "\(folder)/res/values/values.xml", atomically: true, encoding: .utf8)
        return folder
    }

    /// The mean difference of two premultiplied RGBA images over every channel, in 8-bit levels.
    static func meanDifference(_ a: Image, _ b: Image) -> Double { PremultipliedDifference.meanDifference(a, b) }

    @Test("iOS: a 9-part imageset whose caps are the corners plus the stroke; stretched, it equals the shape drawn at that size")
    func ios() throws {
        let folder = try tree()
        let result = try AssetHarness.run([folder + "/res"], target: .ios, output: folder + "/Assets.xcassets")
        #expect(result.succeeded, "\(result.text)")
        let contents = try String(contentsOfFile: folder + "/Assets.xcassets/pill.imageset/Contents.json", encoding: .utf8)
        #expect(contents.contains(#""mode" : "9-part""#), "\(contents)")
        let pill = try ShapeDrawable.read(
            FileIO.read(folder + "/res/drawable/pill.xml"), limits: .default,
            resources: AssetConverter.resources(forDrawableAt: folder + "/res/drawable/pill.xml", options: AssetOptions(target: .ios)))
        for scale in [1, 2, 3] {
            let file = folder + "/Assets.xcassets/pill.imageset/pill\(scale == 1 ? "" : "@\(scale)x").png"
            var image = try ImageCodecRegistry.builtIn.decode(FileIO.read(file)).converted(to: .rgba)
            // 18 dp caps (16 dp radius + 2 dp stroke) at this scale, a 1-pixel centre.
            #expect(image.width == 36 * scale + 1 && image.height == 36 * scale + 1)
            let caps = Int32(18 * scale)
            image.metadata.ninePatch = NinePatchInfo(chunk: NinePatchChunk(xDivs: [caps, caps + 1], yDivs: [caps, caps + 1], padding: .zero, colors: []))
            for (width, height) in [(120, 48), (64, 90)] {
                let (w, h) = (width * scale, height * scale)
                let stretched = try Transforms.NinePatch(width: w, height: h).apply(to: image.premultiplied())
                let direct = try pill.draw(width: w, height: h, scale: Double(scale), limits: .default)
                let difference = Self.meanDifference(stretched, direct)
                #expect(difference <= 1, "\(w)×\(h) at \(scale)x: \(difference)")
            }
        }
        // A sized shape is an image at each scale.
        let dot = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/Assets.xcassets/dot.imageset/dot@3x.png"))
        #expect(dot.width == 72 && dot.height == 48)
    }

    @Test("a colour state list in res/color gives its default item's colour, its alpha multiplied in")
    func colorStateList() throws {
        let folder = try tree()
        try FileManager.default.createDirectory(atPath: folder + "/res/color", withIntermediateDirectories: true)
        try
            ##"<selector \##(Self.android)><item android:state_pressed="true" android:color="#FF000000"/><item android:alpha="0.5" android:color="@color/brand"/></selector>"##
            .write(toFile: folder + "/res/color/translucent.xml", atomically: true, encoding: .utf8)
        try ##"<shape \##(Self.android)><solid android:color="@color/translucent"/><size android:width="4dp" android:height="4dp"/></shape>"##
            .write(toFile: folder + "/res/drawable/veil.xml", atomically: true, encoding: .utf8)
        let result = try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web")
        #expect(result.succeeded, "\(result.text)")
        let css = try String(contentsOfFile: folder + "/web/veil.css", encoding: .utf8)
        #expect(css.contains("background-color: rgba(33, 150, 243, 0.502);"), "\(css)")
    }

    @Test("Android keeps the shapes as XML; --vectors png writes nine-patches and images instead")
    func android() throws {
        let folder = try tree()
        #expect(try AssetHarness.run([folder + "/res"], target: .android, output: folder + "/xml").succeeded)
        #expect(try FileIO.read(folder + "/xml/drawable/pill.xml") == FileIO.read(folder + "/res/drawable/pill.xml"))
        let result = try AssetHarness.run([folder + "/res"], target: .android, output: folder + "/png") { $0.vectorsAsBitmaps = true }
        #expect(result.succeeded, "\(result.text)")
        let framed = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/png/drawable-xhdpi/pill.9.png"))
        let chunk = try NinePatchFrame.parse(framed).metadata.ninePatch?.chunk
        #expect(framed.width == 72 + 1 + 2 && chunk?.xDivs == [36, 37] && chunk?.padding == NinePatchInsets(top: 12, left: 24, bottom: 12, right: 24))
        #expect(FileManager.default.fileExists(atPath: folder + "/png/drawable-xxhdpi/ring.png"))
    }

    @Test("web: rectangles and ovals are CSS, which Chromium draws as Ninepipe draws the shape; a ring is images")
    func web() throws {
        let folder = try tree()
        let result = try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web")
        #expect(result.succeeded, "\(result.text)")
        let css = try String(contentsOfFile: folder + "/web/pill.css", encoding: .utf8)
        for expected in ["background-color: #2196f3;", "border: 2px solid #1565c0;", "border-radius: 17px;", "padding: 4px 10px 4px 10px;", "min-width: 37px;"]
        {
            #expect(css.contains(expected), "\(css)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/web/pill.png") && FileManager.default.fileExists(atPath: folder + "/web/ring@2x.png"))
        guard let chromium = try Requirement.tool("chromium", "chromium-browser") else {
            try Test.cancel("chromium not found (apt-get install chromium); the shapes' CSS is not drawn in a browser")
        }
        let pill = try ShapeDrawable.read(
            FileIO.read(folder + "/res/drawable/pill.xml"), limits: .default,
            resources: AssetConverter.resources(forDrawableAt: folder + "/res/drawable/pill.xml", options: AssetOptions(target: .web)))
        let dot = try ShapeDrawable.read(FileIO.read(folder + "/res/drawable/dot.xml"), limits: .default)
        let page =
            #"<!doctype html><html><head><link rel="stylesheet" href="pill.css"><link rel="stylesheet" href="dot.css"><style>body{margin:0;background:#fff}div{position:absolute}</style></head><body><div class="pill" style="left:0;top:0;width:120px;height:48px"></div><div class="dot" style="left:0;top:60px"></div></body></html>"#
        try page.write(toFile: folder + "/web/page.html", atomically: true, encoding: .utf8)
        for scale in [1, 2] {
            _ = try ChildProcess.output(
                of: chromium,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=\(scale)", "--window-size=130,80",
                    "--screenshot=\(folder)/shot.png", "file://\(folder)/web/page.html",
                ])
            let shot = try ImageCodecRegistry.builtIn.decode(FileIO.read("\(folder)/shot.png")).converted(to: .rgba)
            // Ninepipe's drawings, composited on white, against the same regions of the page.
            func compare(_ shape: ShapeDrawable, x: Int, y: Int, width: Int, height: Int) throws -> Double {
                let drawn = try shape.draw(width: width * scale, height: height * scale, scale: Double(scale), limits: .default)
                var total = 0.0
                for row in 0..<drawn.height {
                    for column in 0..<drawn.width {
                        let alpha = drawn.sample(x: column, y: row, channel: 3)
                        for channel in 0..<3 {
                            let onWhite = drawn.sample(x: column, y: row, channel: channel) + 255 - alpha
                            total += Double(abs(onWhite - shot.sample(x: x * scale + column, y: y * scale + row, channel: channel)))
                        }
                    }
                }
                return total / Double(drawn.width * drawn.height * 3)
            }
            let pillDifference = try compare(pill, x: 0, y: 0, width: 120, height: 48)
            #expect(pillDifference <= 1, "pill at \(scale)x: \(pillDifference)")
            // A 24×16 oval at 1x is where Chromium is the rougher one: its drawing is 2.6 levels
            // off the exact coverage (Ninepipe's is 0.3; ShapeDrawableTests measures that), and
            // 1.3 off Ninepipe's. At 2x they agree.
            let dotDifference = try compare(dot, x: 0, y: 60, width: 24, height: 16)
            #expect(dotDifference <= (scale == 1 ? 2 : 1), "oval at \(scale)x: \(dotDifference)")
        }
    }
}
