import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Android vector drawables, read with libxml2 in the SVG helpers and drawn through
/// the SVG renderer with Android's semantics. Fixtures (Fixtures/vectordrawable, NOTICE):
/// Material icons, each as Google ships it both as an SVG and as a vector drawable.
@Suite("Vector drawables", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector drawables are drawn by the SVG helpers"))
struct VectorDrawableTests {
    static let fixtures = JPEGTests.fixtures.appendingPathComponent("vectordrawable")
    static let android = ##"xmlns:android="http://schemas.android.com/apk/res/android""##

    func fixture(_ name: String) throws -> [UInt8] { try TestFiles.bytes(Self.fixtures.appendingPathComponent(name)) }

    func draw(_ text: String, density: Double? = nil, resources: VectorDrawable.Resources = .none) throws -> Image {
        try draw(Array(text.utf8), density: density, resources: resources)
    }

    func draw(_ bytes: [UInt8], density: Double? = nil, resources: VectorDrawable.Resources = .none) throws -> Image {
        var options = DecodeOptions()
        if let density { options.rendering = VectorRendering(density: density) }
        options.resources = resources
        return try ImageCodecRegistry.builtIn.decode(bytes, options: options)
    }

    /// The mean difference of two images' alpha, in 8-bit levels.
    static func alphaDifference(_ a: Image, _ b: Image) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width { total += abs(a.sample(x: x, y: y, channel: 3) - b.sample(x: x, y: y, channel: 3)) }
        }
        return Double(total) / Double(a.width * a.height)
    }

    @Test(
        "Material icons drawn at 1x, 2x and 3x cover the pixels rsvg-convert draws from the same icon's SVG (alpha within 1 level)",
        arguments: ["ic_delete", "ic_face", "ic_settings"])
    func materialFidelity(name: String) throws {
        let drawable = try fixture(name + ".xml")
        #expect(ImageCodecRegistry.builtIn.format(sniffing: drawable) == .vectorDrawable)
        for scale in [1, 2, 3] {
            let ours = try draw(drawable, density: Double(160 * scale)).converted(to: .rgba)
            #expect(ours.width == 24 * scale && ours.height == 24 * scale)
            guard let reference = try SVGTests.reference("../vectordrawable/\(name).svg", ["-w", "\(24 * scale)", "-h", "\(24 * scale)"]) else { return }
            let difference = Self.alphaDifference(ours, reference.converted(to: .rgba))
            #expect(difference <= 1, "\(name) at \(scale)x: mean alpha difference \(difference)")
        }
    }

    @Test(
        "a vector drawable is recognised whatever comes before <vector> (an XML declaration, a comment, a byte-order mark, white space), and an SVG so prefixed stays an SVG",
        arguments: [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n", "<!-- Copyright 2024 -->\n", "\u{FEFF}", "\n\t  ", "<?xml version=\"1.0\"?>\n<!-- <svg> -->\n",
        ])
    func recognisedWithAPrologue(prologue: String) throws {
        let vector =
            prologue
            + ##"<vector \##(Self.android) android:width="24dp" android:height="12dp" android:viewportWidth="24" android:viewportHeight="12"><path android:fillColor="#ff0000" android:pathData="M0,0h24v12h-24z"/></vector>"##
        let bytes = Array(vector.utf8)
        #expect(ImageCodecRegistry.builtIn.format(sniffing: bytes) == .vectorDrawable)
        let info = try ImageCodecRegistry.builtIn.info(bytes)
        #expect(info.format == .vectorDrawable && info.width == 24 && info.height == 12)
        let image = try ImageCodecRegistry.builtIn.decode(bytes)
        #expect(image.width == 24 && image.height == 12)
        let svg = Array((prologue + #"<svg xmlns="http://www.w3.org/2000/svg" width="5" height="7"/>"#).utf8)
        #expect(ImageCodecRegistry.builtIn.format(sniffing: svg) == .svg)
    }

    @Test("info gives the dp size, the viewport and whether the drawable is a template")
    func info() throws {
        let plain = try ImageCodecRegistry.builtIn.info(fixture("ic_face.xml"))
        #expect(plain.format == .vectorDrawable && plain.width == 24 && plain.height == 24)
        #expect(plain.colorType == "vector, 24×24 dp, viewport 24×24, drawn as RGBA")
        let template =
            ##"<vector \##(Self.android) android:width="18dp" android:height="36dp" android:viewportWidth="9" android:viewportHeight="18" android:tint="?attr/colorControlNormal"><path android:fillColor="@android:color/white" android:pathData="M0,0h9v18h-9z"/></vector>"##
        let info = try ImageCodecRegistry.builtIn.info(Array(template.utf8))
        #expect(info.width == 18 && info.height == 36)
        #expect(info.colorType.contains("template (?attr/colorControlNormal)"), "\(info.colorType)")
    }

    @Test("colours: #RGB, #ARGB, #RRGGBB, #AARRGGBB, framework and tree colours; alphas multiply; the root alpha applies to all")
    func colors() throws {
        #expect(AndroidColor(parsing: "#f80") == AndroidColor(red: 255, green: 136, blue: 0))
        #expect(AndroidColor(parsing: "#8f80") == AndroidColor(red: 255, green: 136, blue: 0, alpha: 136))
        #expect(AndroidColor(parsing: " #102030 ") == AndroidColor(red: 16, green: 32, blue: 48))
        #expect(AndroidColor(parsing: "#80102030") == AndroidColor(red: 16, green: 32, blue: 48, alpha: 128))
        for bad in ["", "#", "#12", "#12345", "102030", "#gg0000", "#1234567"] { #expect(AndroidColor(parsing: bad) == nil, "\(bad)") }
        func square(_ fill: String, extra: String = "", root: String = "") -> String {
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4" \##(root)><path android:fillColor="\##(fill)" \##(extra) android:pathData="M0,0h4v4h-4z"/></vector>"##
        }
        let red = try draw(square("#f00"))
        #expect((0..<4).map { red.sample(x: 1, y: 1, channel: $0) } == [255, 0, 0, 255])
        let half = try draw(square("#80ff0000", extra: ##"android:fillAlpha="0.5""##))
        #expect(abs(half.sample(x: 1, y: 1, channel: 3) - 64) <= 1, "\(half.sample(x: 1, y: 1, channel: 3))")
        let faded = try draw(square("@android:color/holo_blue_dark", root: ##"android:alpha="0.5""##))
        #expect(abs(faded.sample(x: 1, y: 1, channel: 3) - 128) <= 1)
        let tree = VectorDrawable.Resources(colors: ["accent": "@color/blue", "blue": "#0000ff"])
        let blue = try draw(square("@color/accent"), resources: tree)
        #expect(blue.sample(x: 1, y: 1, channel: 2) == 255 && blue.sample(x: 1, y: 1, channel: 0) == 0)
        let missing = try #require(throws: VectorDrawableError.self) { try draw(square("@color/nowhere")) }
        #expect("\(missing)".contains("line 1: @color/nowhere is not a colour in this tree's values/*.xml"))
        let loop = try #require(throws: VectorDrawableError.self) {
            try draw(square("@color/a"), resources: VectorDrawable.Resources(colors: ["a": "@color/a"]))
        }
        #expect("\(loop)".contains("refers back to itself"))
    }

    @Test("a tint recolours with src_in (alpha kept exactly); other modes composite; a theme tint makes a template")
    func tints() throws {
        let shapes =
            ##"<path android:fillColor="#ff0000" android:pathData="M0,0h4v8h-4z"/><path android:fillColor="#400000ff" android:pathData="M4,0h4v8h-4z"/>"##
        func vector(_ root: String) -> String {
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8" \##(root)>\##(shapes)</vector>"##
        }
        let tinted = try draw(vector(##"android:tint="#00ff00""##)).unpremultiplied()
        #expect((0..<4).map { tinted.sample(x: 1, y: 1, channel: $0) } == [0, 255, 0, 255])
        #expect(tinted.sample(x: 6, y: 1, channel: 1) == 255 && abs(tinted.sample(x: 6, y: 1, channel: 3) - 64) <= 1)
        let template = try draw(vector(##"android:tint="?attr/colorControlNormal""##))
        #expect((0..<4).map { template.sample(x: 1, y: 1, channel: $0) } == [0, 0, 0, 255])
        // multiply: red × green is black where the drawing is, nothing where it is not.
        let multiplied = try draw(vector(##"android:tint="#00ff00" android:tintMode="multiply""##))
        #expect((0..<4).map { multiplied.sample(x: 1, y: 1, channel: $0) } == [0, 0, 0, 255])
        let bad = try #require(throws: VectorDrawableError.self) { try draw(vector(##"android:tintMode="xor""##)) }
        #expect("\(bad)".hasPrefix("line 1: android:tintMode=\"xor\" is not one of src_in"))
        // Every fill naming the same attribute: a template too; mixed with fixed colours: an error.
        let themed = try VectorDrawableCodec.drawable(
            Array(
                ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><path android:fillColor="?attr/iconColor" android:pathData="M0,0h8v8z"/><path android:fillColor="?iconColor" android:pathData="M0,0v8h8z"/></vector>"##
                    .utf8), limits: .default)
        #expect(themed.templateAttribute == "iconColor")
        let mixed = try #require(throws: VectorDrawableError.self) {
            try VectorDrawableCodec.drawable(
                Array(
                    ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><path android:fillColor="?attr/iconColor" android:pathData="M0,0h8v8z"/><path android:fillColor="#ff0000" android:pathData="M0,0v8h8z"/></vector>"##
                        .utf8), limits: .default)
        }
        #expect("\(mixed)".contains("not a one-colour template; each attribute's colour must be given"))
    }

    @Test("groups turn around their pivot, then translate; a clip path clips what follows it; the viewport stretches to the size")
    func geometry() throws {
        // A 2×8 bar at the left, turned 90° around the centre (4,4).
        let turned = try draw(
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><group android:rotation="90" android:pivotX="4" android:pivotY="4"><path android:fillColor="#000" android:pathData="M0,0h2v8h-2z"/></group></vector>"##
        )
        // (Android's rotation, like SVG's, is clockwise on the screen: the left edge goes to the top.)
        #expect(turned.sample(x: 4, y: 1, channel: 3) == 255 && turned.sample(x: 4, y: 7, channel: 3) == 0 && turned.sample(x: 0, y: 4, channel: 3) == 0)
        let moved = try draw(
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><group android:scaleX="0.5" android:translateX="4"><path android:fillColor="#000" android:pathData="M0,0h8v8h-8z"/></group></vector>"##
        )
        #expect(moved.sample(x: 2, y: 2, channel: 3) == 0 && moved.sample(x: 6, y: 2, channel: 3) == 255)
        let clipped = try draw(
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><path android:fillColor="#f00" android:pathData="M0,0h8v2h-8z"/><clip-path android:pathData="M0,0h4v8h-4z"/><path android:fillColor="#000" android:pathData="M0,4h8v4h-8z"/></vector>"##
        )
        #expect(clipped.sample(x: 6, y: 1, channel: 0) == 255, "the clip reached a path before it")
        #expect(clipped.sample(x: 2, y: 6, channel: 3) == 255 && clipped.sample(x: 6, y: 6, channel: 3) == 0)
        let stretched = try draw(
            ##"<vector \##(Self.android) android:width="16dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"><path android:fillColor="#000" android:pathData="M0,0h4v8h-4z"/></vector>"##
        )
        #expect(stretched.width == 16 && stretched.sample(x: 7, y: 4, channel: 3) == 255 && stretched.sample(x: 9, y: 4, channel: 3) == 0)
    }

    @Test("a gradient stop's transparent colour keeps its RGB: white fading out stays white, as Android blends stops unpremultiplied")
    func transparentStops() throws {
        let text =
            ##"<vector \##(Self.android) xmlns:aapt="http://schemas.android.com/aapt" android:width="40dp" android:height="4dp" android:viewportWidth="40" android:viewportHeight="4"><path android:pathData="M0,0h40v4h-40z"><aapt:attr name="android:fillColor"><gradient android:startX="0" android:startY="0" android:endX="40" android:endY="0"><item android:offset="0" android:color="#FFFFFFFF"/><item android:offset="1" android:color="#00FFFFFF"/></gradient></aapt:attr></path></vector>"##
        let drawable = try VectorDrawableCodec.drawable(Array(text.utf8), limits: .default)
        guard case .path(let path) = drawable.nodes.first, case .gradient(let gradient) = path.fill else {
            Issue.record("no gradient read")
            return
        }
        #expect(gradient.stops.map(\.color) == [AndroidColor(red: 255, green: 255, blue: 255), AndroidColor(red: 255, green: 255, blue: 255, alpha: 0)])
        // Halfway, a half-transparent white, not a grey.
        let image = try draw(text).unpremultiplied().converted(to: .rgba)
        #expect(image.sample(x: 20, y: 2, channel: 0) >= 250 && abs(image.sample(x: 20, y: 2, channel: 3) - 128) <= 8)
    }

    @Test("a sweep gradient turns clockwise from 3 o'clock as Android's does: red, green at 6, blue at 9, back to red; stops blended unpremultiplied")
    func sweep() throws {
        let text =
            ##"<vector \##(Self.android) xmlns:aapt="http://schemas.android.com/aapt" android:width="48dp" android:height="48dp" android:viewportWidth="48" android:viewportHeight="48"><path android:pathData="M24,4a20,20 0 1,0 0.01,0z"><aapt:attr name="android:fillColor"><gradient android:type="sweep" android:centerX="24" android:centerY="24"><item android:offset="0" android:color="#FFFF0000"/><item android:offset="0.25" android:color="#FF00FF00"/><item android:offset="0.5" android:color="#FF0000FF"/><item android:offset="1" android:color="#FFFF0000"/></gradient></aapt:attr></path></vector>"##
        let image = try draw(text, density: 640).converted(to: .rgba)
        func color(at degrees: Double) -> [Int] {
            let radians = degrees * .pi / 180
            let (x, y) = (Int(96 + 60 * cos(radians)), Int(96 + 60 * sin(radians)))
            return (0..<4).map { image.sample(x: x, y: y, channel: $0) }
        }
        for (degrees, expected) in [
            (1.0, [255, 3, 0]), (45, [128, 128, 0]), (89, [3, 253, 0]), (135, [0, 128, 128]), (179, [0, 3, 253]), (270, [128, 0, 128]), (359, [253, 0, 3]),
        ] {
            let found = color(at: degrees)
            #expect(found[3] == 255 && zip(found, expected).allSatisfy { abs($0 - $1) <= 4 }, "at \(degrees)°: \(found), expected \(expected)")
        }
        // Outside the circle nothing is drawn: the wedges are clipped by the path.
        #expect(image.sample(x: 2, y: 2, channel: 3) == 0)
    }

    @Test("bad input: each an error with its line, within the bounds SVGs have")
    func badInput() throws {
        func refuses(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let started = ContinuousClock.now
            do {
                _ = try draw(text)
                Issue.record("drawn, not refused (wanted: \(expected))", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)".contains(expected), "\(error)", sourceLocation: sourceLocation)
            }
            // A guard against hangs, not a speed goal (the error is the proof of the bound).
            #expect(!HangGuard.hung(since: started), sourceLocation: sourceLocation)
        }
        let head = ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8">"##
        refuses(head + ##"<path android:pathData="M0,0 L NaN,4z" android:fillColor="#000"/></vector>"##, "is not a number or a command")
        refuses(
            head + "\n\n" + ##"<path android:pathData="M0,0 L4z" android:fillColor="#000"/></vector>"##,
            "line 3: android:pathData: 'L' takes numbers in sets of 2, and has 1")
        refuses(head + ##"<path android:pathData="M1e999,0z" android:fillColor="#000"/></vector>"##, "a number out of range")
        refuses(
            ##"<vector \##(Self.android) android:width="8dp" android:height="1e12dp" android:viewportWidth="8" android:viewportHeight="8"/>"##,
            "outside 0…100000dp")
        refuses(
            ##"<vector \##(Self.android) android:width="8dp" android:height="8dp" android:viewportWidth="inf" android:viewportHeight="8"/>"##, "is not a number"
        )
        refuses(
            ##"<vector \##(Self.android) android:width="8" android:height="8dp" android:viewportWidth="8" android:viewportHeight="8"/>"##,
            "is not a dimension such as 24dp")
        refuses(head + "<path", "line 1:")
        refuses(
            ##"<?xml version="1.0"?><!DOCTYPE vector [<!ENTITY x SYSTEM "file:///etc/passwd">]>"## + head + "<path/></vector>",
            "line 1: the document declares an entity (<!ENTITY); Android resources never need a DTD or entities")
        let laughs =
            ##"<!ENTITY a "lol">"## + (1...6).map { "<!ENTITY a\($0) \"" + String(repeating: "&a\($0 == 1 ? "" : "\($0 - 1)");", count: 10) + "\">" }.joined()
        refuses(##"<?xml version="1.0"?><!DOCTYPE vector [\##(laughs)]>"## + head + "</vector>", "the document declares an entity")
        refuses(head + String(repeating: "<group>", count: 100_000) + String(repeating: "</group>", count: 100_000) + "</vector>", "line 1:")
        let million = "M0,0" + String(repeating: "l0,0", count: 1_000_001)
        refuses(head + ##"<path android:fillColor="#000" android:pathData="\##(million)"/></vector>"##, "more than 1000000 path commands")
        refuses(head + ##"<rect/></vector>"##, "<rect> is not part of a vector drawable")
        // A drawable over the pixel limit is refused before drawing.
        var small = ImageLimits(maxPixelCount: 10_000)
        small.maxRenderSeconds = 5
        #expect(throws: LimitError.self) {
            _ = try ImageCodecRegistry.builtIn.decode(
                Array((head + "</vector>").utf8),
                options: {
                    var o = DecodeOptions(limits: small)
                    o.rendering = VectorRendering(density: 3200)
                    return o
                }())
        }
    }
}
