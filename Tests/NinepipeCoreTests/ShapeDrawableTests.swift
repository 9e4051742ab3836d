import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Android shape drawables (`<shape>`), read with their colours and dimensions and
/// drawn as GradientDrawable draws them; compared with coverage computed analytically.
@Suite("Shape drawables", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: shapes are drawn by the SVG helpers"))
struct ShapeDrawableTests {
    static let android = VectorDrawableTests.android

    func shape(_ body: String, root: String = "", resources: VectorDrawable.Resources = .none) throws -> ShapeDrawable {
        try ShapeDrawable.read(Array("<shape \(Self.android) \(root)>\n\(body)</shape>".utf8), limits: .default, resources: resources)
    }

    /// The mean difference between the image's alpha and the coverage `inside` gives each pixel
    /// (16 × 16 samples a pixel), in 8-bit levels.
    static func coverageDifference(_ image: Image, inside: (Double, Double) -> Bool) -> Double {
        var total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                var hits = 0
                for sy in 0..<16 {
                    for sx in 0..<16 where inside(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16) { hits += 1 }
                }
                total += abs(Double(image.sample(x: x, y: y, channel: 3)) - Double(hits) / 256 * 255)
            }
        }
        return total / Double(image.width * image.height)
    }

    @Test("reading: kinds, colours and dimensions through the tree's values and theme, per-corner radii, px kept apart from dp")
    func reading() throws {
        var resources = VectorDrawable.Resources(
            colors: ["brand": "@color/blue", "blue": "#FF2196F3"], themeColors: ["colorSurface": AndroidColor(red: 1, green: 2, blue: 3)])
        resources.dimensions = ["radius": "@dimen/base", "base": "12dp"]
        let parsed = try shape(
            ##"""
            <solid android:color="@color/brand"/>
            <stroke android:width="1px" android:color="?attr/colorSurface" android:dashWidth="4dp" android:dashGap="2dp"/>
            <corners android:radius="@dimen/radius" android:bottomLeftRadius="0dp"/>
            <padding android:left="8dp"/>
            <gradient android:type="radial" android:startColor="#F00" android:centerColor="#0F0" android:endColor="#00F" android:gradientRadius="40%p" android:angle="93"/>
            """##, root: #"android:shape="rectangle""#, resources: resources)
        #expect(parsed.solid == AndroidColor(red: 0x21, green: 0x96, blue: 0xF3))
        #expect(parsed.stroke?.width == ShapeDrawable.Length(px: 1) && parsed.stroke?.color == AndroidColor(red: 1, green: 2, blue: 3))
        #expect(parsed.stroke?.dashWidth.dp == 4 && parsed.stroke?.dashGap.dp == 2)
        #expect(parsed.corners.topLeft.dp == 12 && parsed.corners.bottomLeft.dp == 0 && !parsed.corners.isUniform)
        #expect(parsed.padding.left.dp == 8 && !parsed.hasSize)
        #expect(parsed.gradient?.colors.count == 3 && parsed.gradient?.radius == .fractionOfBounds(0.4) && parsed.gradient?.angle == 90)
        #expect(try shape("", root: #"android:shape="ring""#).kind == .ring)
        func refuses(_ body: String, _ expected: String, root: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try shape(body, root: root)
                Issue.record("accepted", sourceLocation: sourceLocation)
            } catch {
                #expect("\(error)".contains(expected), "\(error)", sourceLocation: sourceLocation)
            }
        }
        refuses(#"<solid android:color="@color/missing"/>"#, "line 2: @color/missing is not a colour in this tree's values/*.xml")
        refuses(#"<corners android:radius="1e9dp"/>"#, #"line 2: android:radius="1e9dp" is not a dimension such as 8dp within ±100000dp"#)
        refuses(#"<size android:width="@dimen/nope"/>"#, "line 2: android:width=\"@dimen/nope\": @dimen/nope is not a dimension")
        refuses("", #"android:shape="blob" is not rectangle, oval, line or ring"#, root: #"android:shape="blob""#)
        refuses("<solid/><lines/>", "line 2: <lines> is not part of a shape")
    }

    @Test(
        "rounded rectangles and ovals at three sizes and three densities cover what the analytic shape covers (mean within 1 level)",
        arguments: [(40.0, 24.0), (17, 33), (64, 64)])
    func analytic(size: (width: Double, height: Double)) throws {
        let rounded = try shape(##"<solid android:color="#000"/><corners android:radius="6dp"/>"##)
        let oval = try shape(##"<solid android:color="#000"/>"##, root: ##"android:shape="oval""##)
        for scale in [1.0, 2, 3] {
            let (w, h) = (size.width * scale, size.height * scale)
            let r = min(6 * scale, min(w, h) / 2)
            let drawnRect = try rounded.draw(width: Int(w), height: Int(h), scale: scale, limits: .default).converted(to: .rgba)
            let rectDifference = Self.coverageDifference(drawnRect) { x, y in
                let cx = min(max(x, r), w - r)
                let cy = min(max(y, r), h - r)
                return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
            }
            #expect(rectDifference <= 1, "rounded rectangle \(w)×\(h): \(rectDifference)")
            let drawnOval = try oval.draw(width: Int(w), height: Int(h), scale: scale, limits: .default).converted(to: .rgba)
            let ovalDifference = Self.coverageDifference(drawnOval) { x, y in
                let (dx, dy) = ((x - w / 2) / (w / 2), (y - h / 2) / (h / 2))
                return dx * dx + dy * dy <= 1
            }
            #expect(ovalDifference <= 1, "oval \(w)×\(h): \(ovalDifference)")
        }
    }

    @Test("a ring: the band between the inner radius and inner radius plus thickness; a stroke stays inside the bounds")
    func ringAndStroke() throws {
        let ring = try shape(
            ##"<solid android:color="#000"/><size android:width="40dp" android:height="40dp"/>"##,
            root: ##"android:shape="ring" android:innerRadius="10dp" android:thickness="6dp""##)
        let image = try ring.draw(at: 1, limits: .default).converted(to: .rgba)
        #expect(image.width == 40 && image.height == 40)
        let difference = Self.coverageDifference(image) { x, y in
            let distance = ((x - 20) * (x - 20) + (y - 20) * (y - 20)).squareRoot()
            return distance >= 10 && distance <= 16
        }
        #expect(difference <= 1, "\(difference)")
        let stroked = try shape(##"<stroke android:width="4dp" android:color="#000"/><size android:width="20dp" android:height="10dp"/>"##)
        let frame = try stroked.draw(at: 2, limits: .default).converted(to: .rgba)
        #expect(frame.width == 40 && frame.height == 20)
        // The stroke's outer edge is the bounds: the edge pixels are covered, the middle is empty.
        #expect(frame.sample(x: 0, y: 10, channel: 3) == 255 && frame.sample(x: 7, y: 10, channel: 3) == 255 && frame.sample(x: 20, y: 10, channel: 3) == 0)
    }

    @Test("a rectangle without a size is the smallest stretchable image: caps of corner plus stroke, padding as the content area")
    func ninePatch() throws {
        let pill = try shape(
            ##"<solid android:color="#2196F3"/><corners android:radius="8dp" android:topRightRadius="4dp"/><stroke android:width="1dp" android:color="#000"/><padding android:left="10dp" android:top="3dp"/>"##
        )
        let image = try pill.draw(at: 2, limits: .default)
        let chunk = try #require(image.metadata.ninePatch?.chunk)
        // Left: max(top-left 8, bottom-left 8) + 1 = 9 dp = 18 px; right: max(4, 8) + 1 = 18 px.
        #expect(image.width == 18 + 18 + 1 && chunk.xDivs == [18, 19] && chunk.yDivs == [18, 19])
        #expect(chunk.padding == NinePatchInsets(top: 6, left: 20, bottom: 0, right: 0))
        #expect(throws: ShapeDrawableError.self) { try shape("", root: #"android:shape="oval""#).draw(at: 1, limits: .default) }
    }
}
