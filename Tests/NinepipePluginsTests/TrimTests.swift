import NinepipeCore
import Testing

@testable import NinepipePlugins

/// `trim` crops margins matching the background within a threshold.
@Suite("trim")
struct TrimTests {
    /// A 40×30 transparent icon: an opaque 10×8 square at (12, 9) and a soft shadow falling off
    /// to the right and below it (alpha 120, 90, 60, 30, 15, 5 over six pixels).
    static let icon = TestImages.make(40, 30, layout: .rgba) { x, y in
        if (12..<22).contains(x) && (9..<17).contains(y) { return [200, 40, 40, 255] }
        let fade = [120, 90, 60, 30, 15, 5]
        let dx = x - 21
        let dy = y - 16
        if (1...6).contains(dx) && (9..<17 + 6).contains(y) || (1...6).contains(dy) && (12..<22 + 6).contains(x) {
            return [0, 0, 0, fade[Swift.max(dx, dy) - 1]]
        }
        return [0, 0, 0, 0]
    }

    @Test("transparent margins: threshold 0 keeps the whole shadow, higher thresholds cut its faint end")
    func softShadow() throws {
        func kept(_ threshold: Double) throws -> PixelRect? {
            try Transforms.Trim(threshold: threshold, background: .auto).rectangle(in: Self.icon)
        }
        #expect(try kept(0) == PixelRect(x: 12, y: 9, width: 16, height: 14))
        #expect(try kept(10) == PixelRect(x: 12, y: 9, width: 15, height: 13), "alpha 5 is within 10")
        #expect(try kept(40) == PixelRect(x: 12, y: 9, width: 13, height: 11), "alpha 30 and below are background")
        #expect(try kept(255) == nil)
        let trimmed = try Transforms.Trim(threshold: 40).apply(to: Self.icon, context: TransformContext())
        #expect(trimmed.width == 13 && trimmed.height == 11 && TestImages.pixel(trimmed, 0, 0) == [200, 40, 40, 255])
    }

    @Test("a colour background: auto takes the top-left pixel; an explicit colour; gray and 16-bit images")
    func colorBackground() throws {
        let card = TestImages.make(20, 10, layout: .rgb) { x, y in
            (5..<15).contains(x) && (3..<8).contains(y) ? [10, 120, 200] : (x == 19 && y == 9 ? [247, 247, 247] : [250, 250, 250])
        }
        #expect(try Transforms.Trim().rectangle(in: card) == PixelRect(x: 5, y: 3, width: 10, height: 5))
        #expect(
            try Transforms.Trim(threshold: 2).rectangle(in: card) == PixelRect(x: 5, y: 3, width: 15, height: 7),
            "a pixel 3 levels off counts as content at threshold 2")
        #expect(
            try Transforms.Trim(background: .color(Color(red: 10, green: 120, blue: 200))).rectangle(in: card)
                == PixelRect(x: 0, y: 0, width: 20, height: 10))
        let deep = TestImages.make(9, 9, layout: .gray, depth: .sixteen) { x, y in [x == 4 && y == 6 ? 30000 : 65535] }
        #expect(try Transforms.Trim().rectangle(in: deep) == PixelRect(x: 4, y: 6, width: 1, height: 1))
        #expect(try Transforms.Trim().rectangle(in: Image(width: 3, height: 3, layout: .rgb, depth: .eight, fill: [1, 2, 3])) == nil)
    }

    @Test("an image that is all background is an error naming it; arguments parse")
    func errors() throws {
        let blank = Image(width: 5, height: 4, layout: .rgb, depth: .eight, fill: [255, 255, 255])
        let error = try #require(throws: TransformError.self) { try Transforms.Trim().apply(to: blank, context: TransformContext()) }
        #expect("\(error)".contains("all background (#ffffffff within 10 levels)"), "\(error)")
        let transparent = try Transforms.Trim(arguments: Arguments(["background": .choice("transparent"), "threshold": .number(3)]))
        #expect(transparent.background == .transparent && transparent.threshold == 3)
        let colour = try Transforms.Trim(arguments: Arguments(["background": .color(.white)]))
        #expect(colour.background == .color(.white))
        #expect(try ParameterType.colorOr(["auto"]).value(from: .word("auto"), name: "background") == .choice("auto"))
        #expect(throws: ParameterError.self) { try ParameterType.colorOr(["auto"]).value(from: .word("blue"), name: "background") }
    }

    @Test("nine-patch information is cropped with the pixels")
    func ninePatch() throws {
        var image = Self.icon
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [14, 18], yDivs: [10, 14],
                padding: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0), colors: []))
        let trimmed = try Transforms.Trim(threshold: 40).apply(to: image, context: TransformContext())
        #expect(trimmed.metadata.ninePatch?.chunk?.xDivs == [2, 6] && trimmed.metadata.ninePatch?.chunk?.yDivs == [1, 5])
    }
}
