import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// SVG documents written as vector drawables (`VectorDrawable(svg:)` and `xml()`), as
/// `assets android` writes them; drawables translated to SVG and back; Android's trimming.
/// Fixtures (Fixtures/vectordrawable, NOTICE): Material, Feather and Lucide icons, and one SVG
/// written to use every feature the translation keeps.
@Suite(
    "SVG to vector drawable",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: documents are read and drawn by the SVG helpers"))
struct SVGToVectorDrawableTests {
    static let android = VectorDrawableTests.android

    func fixture(_ name: String) throws -> [UInt8] { try TestFiles.bytes(VectorDrawableTests.fixtures.appendingPathComponent(name)) }

    /// `drawable` written as XML, read back and drawn at `scale`.
    func drawWritten(_ drawable: VectorDrawable, scale: Double) throws -> Image {
        let reread = try VectorDrawableCodec.drawable(Array(drawable.xml().utf8), limits: .default)
        return try VectorDrawableCodec.draw(reread, rendering: VectorRendering(scale: scale), limits: .default).converted(to: .rgba)
    }

    func drawSVG(_ bytes: [UInt8], scale: Double) throws -> Image {
        var options = DecodeOptions()
        options.rendering = VectorRendering(scale: scale)
        return try ImageCodecRegistry.builtIn.decode(bytes, options: options).converted(to: .rgba)
    }

    /// The mean difference of two premultiplied RGBA images over every channel, in 8-bit levels.
    static func meanDifference(_ a: Image, _ b: Image) -> Double { PremultipliedDifference.meanDifference(a, b) }

    @Test(
        "SVG → vector drawable XML → drawn covers what the SVG draws, at 1x, 2x and 3x (alpha and colour within 1 level)",
        arguments: [
            "ic_delete", "ic_face", "ic_settings", "feather_camera", "lucide_radiation", "features",
            // Inkscape's: radial gradients stretched into ellipses (drawn in a group of their own),
            // stops fading to transparent white, nested transforms.
            "../svg/tango-go-next", "../svg/tango-accessories-character-map", "../svg/basic-shapes",
        ])
    func fidelity(name: String) throws {
        let svg = try fixture(name + ".svg")
        let drawable = try VectorDrawable(svg: svg, limits: .default)
        for scale in [1.0, 2, 3] {
            let ours = try drawWritten(drawable, scale: scale)
            let reference = try drawSVG(svg, scale: scale)
            let alpha = VectorDrawableTests.alphaDifference(ours, reference)
            #expect(alpha <= 1, "\(name) at \(scale)x: mean alpha difference \(alpha)")
            let all = Self.meanDifference(ours, reference)
            #expect(all <= 1, "\(name) at \(scale)x: mean difference \(all)")
        }
    }

    @Test("what the features SVG becomes: a clip path in a group, gradients mapped into the viewport, even-odd, opacity in the alpha")
    func features() throws {
        let xml = try VectorDrawable(svg: fixture("features.svg"), limits: .default).xml()
        for expected in [
            ##"android:width="48dp""##, ##"android:viewportHeight="32""##, "<clip-path", ##"android:type="linear""##, ##"android:type="radial""##,
            ##"android:tileMode="mirror""##, ##"android:fillType="evenOdd""##, ##"android:fillAlpha="0.8""##, ##"android:fillColor="#0AC81E""##,
            ##"<item android:offset="1" android:color="#800000FF"/>"##, ##"xmlns:aapt="http://schemas.android.com/aapt""##,
            // The ellipse turned by rotate(30 24 16): arcs keep their radii and turn with it.
            "A8,4 30 0,1",
        ] {
            #expect(xml.contains(expected), "missing \(expected) in\n\(xml)")
        }
        // The bounding-box gradient from (0,0) to (1,1) on a 44×28 box: lines of equal colour
        // stay parallel to the box's diagonal, so the end moves off the corner.
        #expect(xml.contains(##"android:endX="27.3647""##) && xml.contains(##"android:endY="41.8588""##), "\(xml)")
    }

    @Test("a document painted only in currentColor is a template: white paints tinted by ?android:attr/colorControlNormal")
    func template() throws {
        let drawable = try VectorDrawable(svg: fixture("feather_camera.svg"), limits: .default)
        #expect(drawable.isTemplate)
        let xml = drawable.xml()
        #expect(xml.contains(##"android:tint="?android:attr/colorControlNormal""##) && xml.contains(##"android:strokeColor="#FFFFFF""##))
        #expect(xml.contains(##"android:strokeLineCap="round""##) && xml.contains(##"android:strokeWidth="2""##))
        // Beside a fixed colour, currentColor is black, as renderers draw it with no colour set.
        let mixed = try VectorDrawable(
            svg: Array(
                ##"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="2" height="4" fill="currentColor"/><rect x="2" width="2" height="4" fill="red"/></svg>"##
                    .utf8), limits: .default)
        #expect(!mixed.isTemplate && mixed.xml().contains(##"android:fillColor="#000000""##))
    }

    @Test(
        "what a vector drawable cannot express is refused naming the feature and its line, so callers draw images instead",
        arguments: [
            (##"<filter id="f"/><rect width="4" height="4" filter="url(#f)"/>"##, "filters"),
            (##"<mask id="m"/><rect width="4" height="4" style="mask: url(#m)"/>"##, "masks"),
            (##"<text>hi</text>"##, "text"),
            (##"<pattern id="p"/><rect width="4" height="4" fill="url(#p)"/>"##, "patterns"),
            (##"<image href="x.png" width="4" height="4"/>"##, "embedded images"),
            (##"<style>rect { fill: red }</style>"##, "CSS style sheets (<style>)"),
            (##"<path d="M0,0H4" stroke="red" stroke-dasharray="1 1"/>"##, "dashed strokes"),
            (
                ##"<radialGradient id="r" fx="0.2"><stop offset="0"/><stop offset="1" stop-color="red"/></radialGradient><rect width="4" height="4" fill="url(#r)"/>"##,
                "radial gradients with a focal point"
            ),
            (##"<rect width="4" height="2" fill="none" stroke="red" transform="scale(2 1)"/>"##, "strokes under a non-uniform transform"),
        ])
    func unsupported(body: String, feature: String) throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\">\n" + body + "</svg>"
        do {
            _ = try VectorDrawable(svg: Array(svg.utf8), limits: .default)
            Issue.record("\(feature): accepted")
        } catch let error as SVGImportError {
            #expect(error.feature == feature && error.line == 2, "\(error)")
            #expect(error.description.hasPrefix("line 2: vector drawables have no \(feature)"))
        }
    }

    @Test("bad documents: an error with the line, never a feature; copies through <use> are bounded")
    func badInput() throws {
        func refuses(_ body: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"8\" height=\"8\">\n" + body + "</svg>"
            let started = ContinuousClock.now
            do {
                _ = try VectorDrawable(svg: Array(svg.utf8), limits: .default)
                Issue.record("accepted: \(body.prefix(80))", sourceLocation: sourceLocation)
            } catch let error as SVGImportError {
                #expect(error.feature == nil && error.description.contains(expected), "\(error)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(error)", sourceLocation: sourceLocation)
            }
            #expect(!HangGuard.hung(since: started), sourceLocation: sourceLocation)
        }
        refuses(##"<path d="M0,0 L4 x"/>"##, "line 2: d: 'x' is not a number or a command")
        refuses(##"<path d="M0,0 A1"/>"##, "line 2: d: 'A' takes numbers in sets of 7")
        refuses(##"<rect width="4" height="4" transform="spin(3)"/>"##, "line 2: transform=\"spin(3)\" is not a transform list")
        refuses(##"<rect width="1e999" height="4"/>"##, "line 2: width=\"1e999\" is not a length")
        refuses(##"<rect width="4" height="4" fill="blurple"/>"##, "line 2: \"blurple\" is not a colour")
        refuses(##"<use id="u" xlink:href="#u"/>"##, "nested deeper than 256")
        // Each level copies the one below ten times: a million paths from 60 elements.
        var levels = ##"<g id="l0"><rect width="1" height="1"/></g>"##
        for level in 1...6 { levels += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>" }
        refuses("<defs>" + levels + "</defs><use href=\"#l6\"/>", "more than 250000 elements drawn")
        do {
            _ = try VectorDrawable(svg: Array(##"<html xmlns="http://www.w3.org/1999/xhtml"/>"##.utf8), limits: .default)
            Issue.record("an HTML root accepted")
        } catch let error as SVGImportError {
            #expect(error.description == "line 1: the root element is <html>, not <svg>")
        }
    }

    @Test("viewBox and preserveAspectRatio: an offset box is translated away; a wider size is fitted, centred, or stretched with none")
    func viewports() throws {
        func drawable(_ root: String) throws -> VectorDrawable {
            try VectorDrawable(
                svg: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)><rect x=\"10\" y=\"10\" width=\"10\" height=\"10\"/></svg>".utf8),
                limits: .default)
        }
        let offset = try drawable(##"width="20" height="20" viewBox="10 10 10 10""##)
        #expect(offset.viewportWidth == 10 && offset.width == 20 && offset.xml().contains(##"android:pathData="M0,0 L10,0 L10,10 L0,10 Z""##))
        let fitted = try drawable(##"width="40" height="20" viewBox="10 10 10 10""##)
        #expect(fitted.viewportWidth == 40 && fitted.viewportHeight == 20)
        #expect(fitted.xml().contains(##"android:pathData="M10,0 L30,0 L30,20 L10,20 Z""##), "\(fitted.xml())")
        let stretched = try drawable(##"width="40" height="20" viewBox="10 10 10 10" preserveAspectRatio="none""##)
        #expect(stretched.viewportWidth == 10 && stretched.width == 40)
        let unsized = try drawable(##"viewBox="0 0 30 15""##)
        #expect(unsized.width == 30 && unsized.height == 15)
        #expect(try drawable(##"width="1in" height="72pt""##).width == 96)
    }

    @Test(
        "vector drawable → SVG → vector drawable draws the same: groups around pivots, clip paths, gradients, alphas",
        arguments: ["ic_delete", "ic_face", "ic_settings", "groups"])
    func roundTrip(name: String) throws {
        let source: [UInt8]
        if name == "groups" {
            source = Array(
                ##"""
                <vector \##(Self.android) xmlns:aapt="http://schemas.android.com/aapt" android:width="32dp" android:height="24dp" android:viewportWidth="16" android:viewportHeight="12" android:alpha="0.9">
                  <group android:rotation="30" android:pivotX="8" android:pivotY="6" android:scaleX="0.8" android:scaleY="1.2" android:translateX="1">
                    <clip-path android:pathData="M2,1h12v10h-12z"/>
                    <path android:pathData="M0,0h16v12h-16z" android:fillAlpha="0.7">
                      <aapt:attr name="android:fillColor"><gradient android:type="linear" android:startX="0" android:startY="0" android:endX="16" android:endY="0" android:tileMode="mirror"><item android:offset="0" android:color="#FFFF0000"/><item android:offset="0.5" android:color="#8000FF00"/><item android:offset="1" android:color="#FF0000FF"/></gradient></aapt:attr>
                    </path>
                  </group>
                  <path android:pathData="M8,1a5,5 0 1,0 0.01,0z" android:strokeColor="#3F51B5" android:strokeWidth="1.5" android:strokeLineJoin="round" android:fillType="evenOdd" android:fillColor="#40FF9800"/>
                </vector>
                """##.utf8)
        } else {
            source = try fixture(name + ".xml")
        }
        let original = try VectorDrawableCodec.drawable(source, limits: .default)
        let translated = try VectorDrawable(svg: Array(original.svg().utf8), limits: .default)
        for scale in [1.0, 3] {
            let before = try VectorDrawableCodec.draw(original, rendering: VectorRendering(scale: scale), limits: .default).converted(to: .rgba)
            let after = try drawWritten(translated, scale: scale)
            let difference = Self.meanDifference(before, after)
            #expect(difference <= 1, "\(name) at \(scale)x: mean difference \(difference)")
        }
    }

    @Test("trimming follows Android: the first contour only, fills too, wrapping past the end; offset alone trims nothing")
    func trimming() throws {
        func covered(_ trim: String) throws -> Double {
            let text =
                ##"<vector \##(Self.android) android:width="20dp" android:height="20dp" android:viewportWidth="20" android:viewportHeight="20"><path android:pathData="M0,0H10V10H0Z M10,10H20V20H10Z" android:fillColor="#000" \##(trim)/></vector>"##
            let image = try VectorDrawableCodec.draw(
                VectorDrawableCodec.drawable(Array(text.utf8), limits: .default), rendering: VectorRendering(scale: 1), limits: .default
            ).converted(to: .rgba)
            var total = 0
            for y in 0..<image.height { for x in 0..<image.width { total += image.sample(x: x, y: y, channel: 3) } }
            return Double(total) / 255 / 400
        }
        #expect(abs(try covered("") - 0.5) < 0.01)
        // Half of the first square's outline, (0,0) → (10,0) → (10,10), filled: a triangle of
        // an eighth of the canvas; the second square is gone.
        #expect(abs(try covered(##"android:trimPathEnd="0.5""##) - 0.125) < 0.01)
        #expect(abs(try covered(##"android:trimPathStart="0.25" android:trimPathEnd="0.75""##) - 0.125) < 0.01)
        // From 0.75 through the end to 0.5: two open contours, (0,10) → (0,0), a line, and
        // (0,0) → (10,0) → (10,10), a triangle.
        #expect(abs(try covered(##"android:trimPathStart="0.25" android:trimPathEnd="1" android:trimPathOffset="0.5""##) - 0.125) < 0.01)
        // From 0.75 through the end to 0.25: two lines, nothing to fill.
        #expect(try covered(##"android:trimPathStart="0.5" android:trimPathEnd="1" android:trimPathOffset="0.25""##) == 0)
        #expect(try covered(##"android:trimPathStart="0.3" android:trimPathEnd="0.3""##) == 0)
        #expect(abs(try covered(##"android:trimPathOffset="0.5""##) - 0.5) < 0.01)
    }

    @Test("path data: an arc's flags may run on (\"a1 1 0 011 1\"), as SVG allows and real icons write")
    func compactArcFlags() throws {
        let outline = try PathOutline(parsing: "M0,0a1 1 0 011 1A2,2 0 1 0 5,5")
        #expect(
            outline.segments == [
                .move(PathPoint(x: 0, y: 0)), .arc(rx: 1, ry: 1, rotation: 0, large: false, sweep: true, to: PathPoint(x: 1, y: 1)),
                .arc(rx: 2, ry: 2, rotation: 0, large: true, sweep: false, to: PathPoint(x: 5, y: 5)),
            ])
        #expect(throws: VectorPathError.self) { try PathOutline(parsing: "M0,0a1 1 0 021 1") }
    }
}
