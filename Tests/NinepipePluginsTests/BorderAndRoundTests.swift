import NinepipeCore
import Testing

@testable import NinepipePlugins

@Suite("border and round")
struct BorderAndRoundTests {
    let opaque = Image(width: 40, height: 30, layout: .rgb, depth: .eight, fill: [200, 100, 50])

    @Test("border width=4 grows each side by 4, transparent, adding alpha")
    func uniformBorder() throws {
        let result = try Transforms.Border(width: 4).apply(to: opaque)
        #expect(result.width == 48 && result.height == 38 && result.layout == .rgba)
        #expect(TestImages.pixel(result, 3, 10)[3] == 0 && TestImages.pixel(result, 4, 4) == [200, 100, 50, 255])
        #expect(TestImages.pixel(result, 44, 34) == [0, 0, 0, 0] && TestImages.pixel(result, 43, 33) == [200, 100, 50, 255])
    }

    @Test("border width=1,2,3,4 is top, left, bottom, right (the one inset order); sides by name win; an opaque colour keeps the layout")
    func perSideBorder() throws {
        let red = ParameterValue.color(Color(hex: "ff0000")!)
        let step = try Transforms.Border(arguments: Arguments(["width": .list([.integer(1), .integer(2), .integer(3), .integer(4)]), "color": red]))
        #expect([step.top, step.left, step.bottom, step.right] == [1, 2, 3, 4])
        let result = try step.apply(to: opaque)
        #expect(result.width == 46 && result.height == 34 && result.layout == .rgb)
        #expect(TestImages.pixel(result, 2, 1) == [200, 100, 50] && TestImages.pixel(result, 1, 1) == [255, 0, 0])
        #expect(TestImages.pixel(result, 2, 0) == [255, 0, 0] && TestImages.pixel(result, 41, 30) == [200, 100, 50])
        #expect(TestImages.pixel(result, 42, 30) == [255, 0, 0] && TestImages.pixel(result, 41, 31) == [255, 0, 0])
        let two = try Transforms.Border(arguments: Arguments(["width": .list([.integer(1), .integer(2)])]))
        #expect([two.top, two.left, two.bottom, two.right] == [1, 2, 1, 2])
        let named = try Transforms.Border(arguments: Arguments(["width": .list([.integer(2)]), "top": .integer(8), "right": .integer(0)]))
        #expect([named.top, named.left, named.bottom, named.right] == [8, 2, 2, 0])
        let only = try Transforms.Border(arguments: Arguments(["bottom": .integer(5)]))
        #expect([only.top, only.left, only.bottom, only.right] == [0, 0, 5, 0])
        #expect(throws: ParameterError.self) { try Transforms.Border(arguments: Arguments(["width": .list([.integer(1), .integer(2), .integer(3)])])) }
        #expect(throws: ParameterError.self) { try Transforms.Border(arguments: Arguments([:])) }
    }

    @Test("border shifts nine-patch divs and grows padding")
    func borderShiftsNinePatch() throws {
        var image = opaque
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [5, 10], yDivs: [3, 4],
                padding: NinePatchInsets(top: 3, left: 1, bottom: 4, right: 2), colors: Array(repeating: 1, count: 9)))
        let chunk = try #require(try Transforms.Border(top: 1, left: 4, bottom: 3, right: 2).apply(to: image).metadata.ninePatch?.chunk)
        #expect(chunk.xDivs == [9, 14] && chunk.yDivs == [4, 5])
        #expect(chunk.padding == NinePatchInsets(top: 4, left: 5, bottom: 7, right: 4))
    }

    @Test("exact corner coverage: the arc's pixels carry the area inside the circle")
    func coverageIsExact() {
        let corner = CornerCoverage(radius: 10)
        // The whole 10×10 corner box holds a quarter disk: 100 − 25π outside.
        var inside = 0.0
        for y in 0..<10 {
            for x in 0..<10 {
                inside += corner.coverage(u0: Double(x), u1: Double(x + 1), v0: Double(y), v1: Double(y + 1))
            }
        }
        #expect(abs(inside - 25 * Double.pi) < 1e-9)
        #expect(corner.coverage(u0: -1, u1: 0, v0: 3, v1: 4) == 1)
        #expect(corner.coverage(u0: 9, u1: 10, v0: 9, v1: 10) == 0)
    }

    @Test("round radius=12: transparent corner, opaque middle, smooth 8-bit ramp along the arc")
    func roundCorners() throws {
        let result = try Transforms.Round(radii: [.pixels(12)]).apply(to: opaque)
        #expect(result.layout == .rgba && result.width == 40 && result.height == 30)
        #expect(TestImages.pixel(result, 0, 0)[3] == 0 && TestImages.pixel(result, 39, 29)[3] == 0)
        #expect(TestImages.pixel(result, 20, 15) == [200, 100, 50, 255] && TestImages.pixel(result, 12, 0)[3] == 255)
        // Along the diagonal the alpha rises from 0 to 255 through intermediate values.
        let diagonal = (0..<12).map { TestImages.pixel(result, $0, $0)[3] }
        #expect(diagonal == diagonal.sorted() && diagonal.contains { $0 > 0 && $0 < 255 })
        // The corners are symmetric.
        #expect(TestImages.plane(result, channel: 3) == TestImages.plane(result, channel: 3).map { $0.reversed() })
    }

    @Test("round radius=50% makes a circle on a square; oversized radii are scaled down, not a crash")
    func circlesAndClamping() throws {
        let square = Image(width: 21, height: 21, layout: .gray, depth: .sixteen, fill: [40_000])
        let circle = try Transforms.Round(radii: [.percent(50)]).apply(to: square)
        #expect(circle.depth == .sixteen)
        let alpha = TestImages.plane(circle, channel: 1)
        #expect(alpha[10][0] > 0 && alpha[10][10] == 65_535 && alpha[0][0] == 0 && alpha[0][10] > 0)
        let total = alpha.joined().reduce(0) { $0 + Double($1) / 65_535 }
        #expect(abs(total - Double.pi * 10.5 * 10.5) < 0.05)
        let huge = try Transforms.Round(radii: [.pixels(65_535)]).apply(to: square)
        #expect(TestImages.plane(huge, channel: 1) == alpha)
    }

    @Test("round radius=12,12,0,0 rounds only the top corners; border=2 grows and rounds inside it")
    func perCornerAndBorder() throws {
        let top = try Transforms.Round(
            arguments: Arguments(["radius": .list([.number(12), .number(12), .number(0), .number(0)]), "border": .integer(0)])
        )
        .apply(to: opaque)
        #expect(TestImages.pixel(top, 0, 0)[3] == 0 && TestImages.pixel(top, 39, 0)[3] == 0)
        #expect(TestImages.pixel(top, 0, 29)[3] == 255 && TestImages.pixel(top, 39, 29)[3] == 255)
        let bordered = try Transforms.Round(radii: [.pixels(12)], border: 2).apply(to: opaque)
        #expect(bordered.width == 44 && bordered.height == 34)
        #expect(TestImages.pixel(bordered, 1, 17)[3] == 0 && TestImages.pixel(bordered, 2, 17)[3] == 255 && TestImages.pixel(bordered, 2, 2)[3] == 0)
    }

    @Test("thumbnail size=128 border=2 radius=12 is 132×132 with transparent corners")
    func thumbnail() throws {
        let source = TestImages.random(300, 200, layout: .rgb)
        let step = try Transforms.Thumbnail(
            arguments: Arguments([
                "size": .integer(128), "border": .integer(2),
                "radius": .list([.number(12)]),
            ]))
        let result = try step.apply(to: source)
        #expect(result.width == 132 && result.height == 132 && result.layout == .rgba)
        #expect(TestImages.pixel(result, 0, 0)[3] == 0 && TestImages.pixel(result, 3, 3)[3] == 0 && TestImages.pixel(result, 66, 66)[3] == 255)
        let plain = try Transforms.Thumbnail(width: 160, height: 90).apply(to: source)
        #expect(plain.width == 160 && plain.height == 90 && plain.layout == .rgb)
    }

    @Test("thumbnail asks for a decode at least twice its size, and only when that is smaller")
    func thumbnailDecodeHint() throws {
        let step = Transforms.Thumbnail(width: 256, height: 256)
        let hint = try #require(step.minimumSourceSize(width: 4000, height: 3000))
        #expect(hint.width == 683 && hint.height == 512)
        #expect(step.minimumSourceSize(width: 600, height: 400) == nil)
        #expect(JPEGDecoder.scaleDenominator(width: 4000, height: 3000, minimumWidth: hint.width, minimumHeight: hint.height) == 4)
    }

    @Test("thumbnail refuses size together with width, and a lone width")
    func thumbnailArguments() {
        #expect(throws: ParameterError.self) { try Transforms.Thumbnail(arguments: Arguments(["size": .integer(10), "width": .integer(5)])) }
        #expect(throws: ParameterError.self) { try Transforms.Thumbnail(arguments: Arguments(["width": .integer(5)])) }
    }
}
