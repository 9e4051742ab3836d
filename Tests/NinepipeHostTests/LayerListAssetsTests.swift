import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// `<layer-list>` and `<inset>` drawables are composited from the drawables the tree
/// has, at the size Android gives them (`getIntrinsicWidth`: the largest layer with its insets;
/// an inset's child grown by its insets, fractions dividing), and each layer is the drawable
/// converted alone, placed where Android places it.
@Suite(
    "assets from layer lists and insets",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector layers are drawn by the SVG helpers"))
struct LayerListAssetsTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    /// The inputs converted for `target` through the public API, drawables as images with `bitmaps`.
    func convert(_ input: String, _ target: some AssetTarget, output: String, bitmaps: Bool = false) throws -> AssetHarness.Outcome {
        try AssetHarness.run([input], target: target, output: output) { $0.vectorsAsBitmaps = bitmaps }
    }

    func write(_ text: String, _ path: String) throws { try TemporaryFolder.write(text, to: path) }

    /// A tree as Tusky's toolbar buttons: a 32 dp oval with a 24 dp arrow inset 4 dp on it; an
    /// `<inset>` of 25% around the arrow; a size-less layer list (a stretched background).
    func tree() throws -> String {
        let folder = try TemporaryFolder.make("layers")
        try write(
            ##"<layer-list \##(Self.android)><item><shape android:shape="oval"><size android:width="32dp" android:height="32dp"/><solid android:color="@color/chip"/></shape></item><item android:drawable="@drawable/arrow" android:left="4dp" android:top="4dp" android:right="4dp" android:bottom="4dp"/></layer-list>"##,
            folder + "/res/drawable/button.xml")
        try write(
            ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24"><path android:fillColor="#FF000000" android:pathData="M4,11h16v2H4z"/></vector>"##,
            folder + "/res/drawable/arrow.xml")
        try write(##"<inset \##(Self.android) android:drawable="@drawable/arrow" android:inset="25%"/>"##, folder + "/res/drawable/padded.xml")
        try write(
            ##"<layer-list \##(Self.android)><item><color android:color="#FFFFFFFF"/></item><item android:top="2dp"><shape><solid android:color="@color/chip"/></shape></item></layer-list>"##,
            folder + "/res/drawable/panel.xml")
        try write(##"<resources><color name="chip">#FF2196F3</color></resources>"##, folder + "/res/values/colors.xml")
        return folder
    }

    func rgba(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let image = (image.alphaMode == .premultiplied ? image.unpremultiplied() : image).converted(to: .rgba).converted(to: .eight)
        return (0..<4).map { image.sample(x: x, y: y, channel: $0) }
    }

    @Test("iOS: a layer list is drawn at its size at each scale: the oval drawn alone, the vector drawn alone over it at its insets")
    func layerListOnIOS() throws {
        let folder = try tree()
        let result = try convert(folder + "/res", .ios, output: folder + "/A.xcassets")
        #expect(result.succeeded, "\(result.text)")
        #expect(result.text.contains("panel.xml: left out: a layer list or inset with no size of its own"), "\(result.text)")
        #expect(!FileIO.exists(folder + "/A.xcassets/panel.imageset"))
        let resources = try AssetConverter.resources(forDrawableAt: folder + "/res/drawable/button.xml", options: AssetOptions(target: .ios))
        for scale in [1, 2, 3] {
            let suffix = scale == 1 ? "" : "@\(scale)x"
            let button = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/A.xcassets/button.imageset/button\(suffix).png")).converted(to: .rgba)
            #expect(button.width == 32 * scale && button.height == 32 * scale)
            // The reference: each layer drawn by itself, composited source over.
            let oval = try ShapeDrawable(
                ResourceXML.parse(Array(##"<shape \##(Self.android) android:shape="oval"><solid android:color="#FF2196F3"/></shape>"##.utf8), limits: .default)
            )
            .draw(width: 32 * scale, height: 32 * scale, scale: Double(scale), limits: .default).unpremultiplied().converted(to: .rgba).converted(to: .eight)
            let arrow = try VectorDrawableCodec.draw(
                VectorDrawableCodec.drawable(FileIO.read(folder + "/res/drawable/arrow.xml"), limits: .default, resources: resources),
                rendering: VectorRendering(width: 24 * scale, height: 24 * scale), limits: .default
            ).unpremultiplied().converted(to: .rgba).converted(to: .eight)
            var worst = 0
            for y in 0..<button.height {
                for x in 0..<button.width {
                    let under = rgba(oval, x, y)
                    let inside = (4 * scale..<28 * scale).contains(x) && (4 * scale..<28 * scale).contains(y)
                    let over = inside ? rgba(arrow, x - 4 * scale, y - 4 * scale) : [0, 0, 0, 0]
                    let alpha = Double(over[3]) / 255
                    let below = Double(under[3]) / 255
                    let outAlpha = alpha + below * (1 - alpha)
                    let expected =
                        (0..<3).map { channel in
                            outAlpha == 0 ? 0 : Int(((Double(over[channel]) * alpha + Double(under[channel]) * below * (1 - alpha)) / outAlpha).rounded())
                        } + [Int((outAlpha * 255).rounded())]
                    let got = rgba(button, x, y)
                    // Colour only counts where it is mostly opaque: 8-bit straight colour under a
                    // faint alpha is rounded coarsely.
                    let channels = got[3] >= 128 ? 0..<4 : 3..<4
                    for channel in channels { worst = max(worst, abs(got[channel] - expected[channel])) }
                }
            }
            #expect(worst <= 2, "scale \(scale): worst difference \(worst)")
        }
    }

    @Test("an inset of 25% around a 24 dp drawable is 48 dp (Android's intrinsic size: 24 / (1 − 0.5)), the drawable in its middle")
    func fractionInset() throws {
        let folder = try tree()
        let result = try convert(folder + "/res", .web, output: folder + "/web")
        #expect(result.succeeded, "\(result.text)")
        let padded = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/web/padded@2x.png"))
        #expect(padded.width == 96 && padded.height == 96)
        // The bar (rows 11…13 of 24) lands on rows 24 + 22…26 of the 96 at 2x, columns 24 + 8…40.
        #expect(rgba(padded, 48, 48) == [0, 0, 0, 255] && rgba(padded, 48, 40)[3] == 0 && rgba(padded, 10, 48)[3] == 0)
    }

    @Test("Android keeps the layer list and inset themselves (they name drawables written beside them); --vectors png draws them")
    func androidKeepsXML() throws {
        let folder = try tree()
        let result = try convert(folder + "/res/drawable", .android, output: folder + "/out")
        #expect(result.succeeded, "\(result.text)")
        #expect(try String(contentsOfFile: folder + "/out/drawable/button.xml", encoding: .utf8).contains("<layer-list"))
        #expect(try String(contentsOfFile: folder + "/out/drawable/panel.xml", encoding: .utf8).contains("<layer-list"))
        let pngs = try convert(folder + "/res/drawable", .android, output: folder + "/png", bitmaps: true)
        #expect(pngs.succeeded, "\(pngs.text)")
        #expect(try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/png/drawable-xxhdpi/button.png")).width == 96)
    }

    @Test(
        "an adaptive icon among the drawables (AntennaPod's shortcut icons) is its visible square: 72 of 108 dp, so a 24 dp vector inset by 33.3% makes 48 dp")
    func adaptiveIconDrawable() throws {
        let folder = try tree()
        try write(
            ##"<adaptive-icon \##(Self.android)><background android:drawable="@color/chip"/><foreground><inset android:drawable="@drawable/arrow" android:inset="33.3%"/></foreground></adaptive-icon>"##,
            folder + "/res/drawable-anydpi-v26/ic_shortcut.xml")
        let result = try convert(folder + "/res", .ios, output: folder + "/A.xcassets")
        #expect(result.succeeded, "\(result.text)")
        let icon = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/A.xcassets/ic_shortcut.imageset/ic_shortcut@2x.png"))
        // 24 / (1 − 0.666) = 71.9 dp of layers, 47.9 dp shown: 96 pixels at 2x; the bar in the middle.
        #expect(icon.width == 96 && icon.height == 96)
        #expect(rgba(icon, 2, 2) == [33, 150, 243, 255] && rgba(icon, 48, 48) == [0, 0, 0, 255] && rgba(icon, 48, 40) == [33, 150, 243, 255])
        let android = try convert(folder + "/res", .android, output: folder + "/out")
        #expect(android.succeeded, "\(android.text)")
        #expect(FileIO.isRegularFile(folder + "/out/drawable-anydpi-v26/ic_shortcut.xml"))
    }

    @Test("a layer naming a drawable the tree lacks is left out, one naming itself refused, each with the file and line")
    func refusals() throws {
        let folder = try tree()
        try write(
            ##"<layer-list \##(Self.android)>\##n<item android:drawable="@drawable/arrow"/>\##n<item android:drawable="@drawable/missing"/></layer-list>"##,
            folder + "/res/drawable/broken.xml")
        try write(##"<inset \##(Self.android) android:drawable="@drawable/loop" android:inset="1dp"/>"##, folder + "/res/drawable/loop.xml")
        // Lists of 40 layers naming lists of 40 layers would be 40⁴ drawables: refused at 1024 in all.
        let forty = { (name: String) in String(repeating: "<item android:drawable=\"@drawable/\(name)\"/>", count: 40) }
        try write(##"<layer-list \##(Self.android)>"## + forty("arrow") + "</layer-list>", folder + "/res/drawable/many1.xml")
        for level in 2...4 {
            try write(##"<layer-list \##(Self.android)>"## + forty("many\(level - 1)") + "</layer-list>", folder + "/res/drawable/many\(level).xml")
        }
        let result = try convert(folder + "/res", .ios, output: folder + "/A.xcassets")
        #expect(!result.succeeded)
        // A drawable the tree lacks is another module's: the layer list is left out, naming it.
        #expect(result.text.contains("broken.xml:3: left out: @drawable/missing is not in"), "\(result.text)")
        #expect(result.text.contains("many4.xml: it is made of more than 1024 drawables in all"), "\(result.text)")
        #expect(!result.text.contains("many1:") && result.text.contains("many2.xml: it is made of more"), "\(result.text)")
        #expect(result.text.contains("loop.xml") && result.text.contains("nests more than 16 drawables"), "\(result.text)")
    }

    @Test("a layer list naming one vector 500 times draws it once per size; an asset's drawings are bounded in path commands, naming its file")
    func repeatedLayers() throws {
        let folder = try TemporaryFolder.make("layer-bomb")
        var path = "M12,12"
        for index in 0..<1500 { path += " L\(index * 7 % 25),\(index * 13 % 25)" }
        try write(
            ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24"><path android:fillColor="#ff336699" android:pathData="\##(path) Z"/></vector>"##,
            folder + "/res/drawable/v.xml")
        try write(
            "<layer-list \(Self.android)>" + String(repeating: #"<item android:drawable="@drawable/v"/>"#, count: 500) + "</layer-list>",
            folder + "/res/drawable/bomb.xml")
        let layer = try DrawableLayerReader.reading(folder + "/res/drawable/bomb.xml", limits: .default) { _ in .none }
        let budget = LayerDrawingBudget(limits: .default)
        let image = try layer.drawn(at: 2, path: folder + "/res/drawable/bomb.xml", upscale: false, limits: .default, budget: budget)
        #expect(image.width == 48 && image.height == 48)
        #expect(budget.drawingsMade == 1)
        // The same vector drawn alone, 500 times over itself: what the list draws.
        let single = try VectorDrawableCodec.draw(
            VectorDrawableCodec.drawable(FileIO.read(folder + "/res/drawable/v.xml"), limits: .default), rendering: VectorRendering(width: 48, height: 48),
            limits: .default)
        var canvas = IconCanvas(width: 48, height: 48)
        for _ in 0..<500 { canvas.draw(single, x: 0, y: 0) }
        #expect(canvas.image() == image)
        // The budget: a drawing kept is free; new ones count until the asset's budget is spent.
        let small = LayerDrawingBudget(limits: .default)
        let key = LayerDrawingBudget.Key(path: "a.xml", kind: .vector, width: 8, height: 8)
        let blank = Image(width: 8, height: 8, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
        _ = try small.drawing(key, commands: 1_500_000, asset: "list.xml") { blank }
        _ = try small.drawing(key, commands: 1_500_000, asset: "list.xml") {
            Issue.record("drawn again")
            return blank
        }
        var other = key
        other.width = 9
        #expect(throws: DrawableLayerError.self) { try small.drawing(other, commands: 1_500_000, asset: "list.xml") { blank } }
        do {
            _ = try small.drawing(other, commands: 1, asset: "list.xml") { blank }
        } catch {
            #expect("\(error)".hasPrefix("list.xml: its layers draw more than 2000000 vector path commands in all"), "\(error)")
        }
    }
}
