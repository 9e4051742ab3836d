import NinepipeCore
import Synchronization
import Testing

@testable import NinepipePlugins

@Suite("resize")
struct ResizeTests {
    func resize(_ arguments: [String: ParameterValue]) throws -> Transforms.Resize {
        var values = arguments
        for spec in Transforms.Resize.parameters where values[spec.name] == nil { values[spec.name] = spec.defaultValue }
        return try Transforms.Resize(arguments: Arguments(values))
    }

    @Test(
        "sizes: one side keeps the aspect ratio; fill, contain and cover; percentages; upscale=false",
        arguments: [
            (["width": ParameterValue.integer(20)], 20, 12),
            (["height": .integer(6)], 10, 6),
            (["width": .percentage(50)], 20, 12),
            (["width": .integer(20), "height": .integer(20), "fit": .choice("fill")], 20, 20),
            (["width": .integer(20), "height": .integer(20), "fit": .choice("contain")], 20, 12),
            (["width": .integer(20), "height": .integer(20), "fit": .choice("cover")], 20, 20),
            (["width": .integer(100), "height": .integer(30), "fit": .choice("contain")], 50, 30),
            (["width": .integer(80), "upscale": .boolean(false)], 40, 24),
            (["width": .integer(80), "height": .integer(10), "fit": .choice("cover"), "upscale": .boolean(false)], 40, 10),
            (["width": .integer(20), "height": .integer(20), "background": .color(.white)], 20, 20),
        ])
    func sizes(arguments: [String: ParameterValue], width: Int, height: Int) throws {
        let result = try resize(arguments).apply(to: TestImages.random(40, 24, layout: .rgb))
        #expect(result.width == width && result.height == height)
    }

    @Test("cover keeps the side gravity names")
    func coverGravity() throws {
        let image = TestImages.make(40, 20, layout: .rgb) { x, _ in x < 20 ? [255, 0, 0] : [0, 0, 255] }
        for (gravity, color) in [("west", [255, 0, 0]), ("east", [0, 0, 255])] {
            let result = try resize([
                "width": .integer(10), "height": .integer(10), "fit": .choice("cover"),
                "gravity": .choice(gravity), "filter": .choice("bilinear"),
            ]).apply(to: image)
            for y in 0..<10 { for x in 0..<8 { #expect(TestImages.pixel(result, gravity == "west" ? x : 9 - x, y) == color) } }
        }
    }

    @Test("contain with background letterboxes to exactly width×height, adding alpha for a clear colour")
    func letterbox() throws {
        let image = Image(width: 40, height: 20, layout: .rgb, depth: .eight, fill: [10, 20, 30])
        let result = try resize(["width": .integer(20), "height": .integer(20), "background": .color(Color(hex: "00ff0000")!)])
            .apply(to: image)
        #expect(result.layout == .rgba && result.width == 20 && result.height == 20)
        #expect(TestImages.pixel(result, 3, 0) == [0, 255, 0, 0] && TestImages.pixel(result, 3, 19) == [0, 255, 0, 0])
        #expect(TestImages.pixel(result, 0, 5) == [10, 20, 30, 255] && TestImages.pixel(result, 19, 14) == [10, 20, 30, 255])
        let south = try resize(["width": .integer(20), "height": .integer(20), "gravity": .choice("south"), "background": .color(.white)])
            .apply(to: image)
        #expect(TestImages.pixel(south, 0, 9) == [255, 255, 255] && TestImages.pixel(south, 0, 10) == [10, 20, 30])
    }

    @Test("16-bit stays 16-bit; ICC and density are kept")
    func keepsDepthAndMetadata() throws {
        var image = TestImages.random(30, 20, layout: .rgba, depth: .sixteen)
        image.metadata.iccProfile = ICCProfile(name: "test", data: [1, 2, 3])
        image.metadata.density = PhysicalDensity(dpi: 96)
        let result = try resize(["width": .integer(15)]).apply(to: image)
        #expect(result.depth == .sixteen && result.metadata.iccProfile == image.metadata.iccProfile && result.metadata.density == image.metadata.density)
        #expect(Set(TestImages.samples(result).map { $0 % 257 }).count > 1, "samples are not just 8-bit values scaled up")
    }

    @Test("nine-patch divs and padding scale with the pixels; cropped away by cover, they are dropped with a warning")
    func ninePatchScales() throws {
        var image = Image(width: 40, height: 20, layout: .rgba, depth: .eight, fill: [1, 2, 3, 255])
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [10, 20], yDivs: [4, 16], padding: NinePatchInsets(top: 4, left: 2, bottom: 2, right: 6), colors: Array(repeating: 1, count: 9)))
        let half = try resize(["width": .integer(20)]).apply(to: image)
        let chunk = try #require(half.metadata.ninePatch?.chunk)
        #expect(chunk.xDivs == [5, 10] && chunk.yDivs == [2, 8])
        #expect(chunk.padding == NinePatchInsets(top: 2, left: 1, bottom: 1, right: 3))
        let warnings = Mutex<[String]>([])
        let context = TransformContext { message in warnings.withLock { $0.append(message) } }
        let cover = try resize(["width": .integer(10), "height": .integer(20), "fit": .choice("cover"), "gravity": .choice("east")])
            .apply(to: image, context: context)
        #expect(cover.metadata.ninePatch == nil)
        #expect(warnings.withLock { $0 } == ["resize: nine-patch information dropped: the result keeps no stretch region on one axis"])
    }

    @Test("density scaling keeps every nine-patch segment at least one pixel, so the result is still a valid nine-patch")
    func densityScaling() throws {
        var image = Image(width: 24, height: 16, layout: .rgba, depth: .eight, fill: [1, 2, 3, 255])
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [4, 8, 14, 18], yDivs: [5, 10], padding: NinePatchInsets(top: 3, left: 3, bottom: 4, right: 4), colors: []))
        let double = try resize(["width": .percentage(200)]).apply(to: image)
        #expect(double.metadata.ninePatch?.chunk?.xDivs == [8, 16, 28, 36] && double.metadata.ninePatch?.chunk?.yDivs == [10, 20])
        let small = try resize(["width": .percentage(25)]).apply(to: image)
        let xDivs = try #require(small.metadata.ninePatch?.chunk?.xDivs)
        #expect(xDivs == [1, 2, 4, 5], "every fixed and stretch segment keeps a pixel")
        // Drawn as a frame and read back, it is a valid nine-patch source.
        let framed = try #require(NinePatchFrame.framed(small))
        #expect(try NinePatchFrame.parse(framed).metadata.ninePatch?.chunk?.xDivs == xDivs)
    }

    @Test("on an image kept in EXIF orientation 6, sizes refer to the displayed image and the tag survives")
    func orientationKept() throws {
        var image = TestImages.random(20, 40, layout: .rgb)  // stored 20×40, displayed 40×20
        image.metadata.orientation = .right
        let result = try resize(["width": .integer(20)]).apply(to: image)
        #expect(result.metadata.orientation == .right)
        #expect(result.width == 10 && result.height == 20)
        let upright = try resize(["width": .integer(20)]).apply(to: image.uprighted())
        #expect(result.uprighted() == upright)
    }

    @Test("parameter conflicts are refused with the parameter named")
    func conflicts() {
        #expect(throws: ParameterError.self) { try resize(["width": .integer(10), "filter": .choice("box"), "quality": .choice("low")]) }
        #expect(throws: ParameterError.self) {
            try resize(["width": .integer(10), "height": .integer(10), "fit": .choice("cover"), "background": .color(.white)])
        }
        #expect(throws: ParameterError.self) { try resize([:]) }
        #expect(throws: ParameterError.self) { try resize(["width": .integer(10), "background": .color(.white)]) }
    }

    @Test("a result over the pixel limit is refused before allocating")
    func limits() throws {
        let image = Image(width: 2, height: 2, layout: .gray, depth: .eight, fill: [0])
        #expect(throws: LimitError.self) {
            try resize(["width": .integer(60_000), "height": .integer(60_000), "fit": .choice("fill")]).apply(to: image)
        }
    }

    @Test("quality maps to filters like Core Graphics' interpolation quality")
    func qualityMapping() throws {
        #expect(try resize(["width": .integer(1), "quality": .choice("none")]).resampler.filter == .nearest)
        #expect(try resize(["width": .integer(1), "quality": .choice("low")]).resampler.filter == .bilinear)
        #expect(try resize(["width": .integer(1), "quality": .choice("medium")]).resampler.filter == .bicubic)
        #expect(try resize(["width": .integer(1), "quality": .choice("high")]).resampler.filter == .lanczos3)
        #expect(try resize(["width": .integer(1)]).resampler.filter == .lanczos3)
    }
}
