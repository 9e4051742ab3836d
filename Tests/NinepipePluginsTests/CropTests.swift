import NinepipeCore
import Synchronization
import Testing

@testable import NinepipePlugins

@Suite("crop")
struct CropTests {
    /// A `width`×`height` gray image whose pixel values are their indices (mod 256).
    func indexImage(_ width: Int, _ height: Int) -> Image {
        Image(width: width, height: height, layout: .gray, samples: (0..<(width * height)).map { UInt8($0 % 256) })
    }

    func pixels(_ image: Image) -> [[Int]] {
        (0..<image.height).map { y in (0..<image.width).map { image.sample(x: $0, y: y, channel: 0) } }
    }

    @Test("x/y/width/height select exactly those pixels")
    func explicitRectangle() throws {
        let result = try Transforms.Crop(x: .pixels(1), y: .pixels(2), width: .pixels(3), height: .pixels(2)).apply(to: indexImage(5, 5))
        #expect(pixels(result) == [[11, 12, 13], [16, 17, 18]])
    }

    @Test(
        "gravity places the rectangle",
        arguments: [
            (Transforms.Gravity.center, [[6, 7], [11, 12]]),
            (.northwest, [[0, 1], [5, 6]]),
            (.southeast, [[18, 19], [23, 24]]),
            (.north, [[1, 2], [6, 7]]),
            (.west, [[5, 6], [10, 11]]),
        ])
    func gravity(gravity: Transforms.Gravity, expected: [[Int]]) throws {
        let crop = Transforms.Crop(width: .pixels(2), height: .pixels(2), gravity: gravity)
        #expect(pixels(try crop.apply(to: indexImage(5, 5))) == expected)
    }

    @Test("percentages round outward like CGRectIntegral")
    func percentages() {
        let crop = Transforms.Crop(width: .percent(50), height: .percent(50), gravity: .center)
        // 7×7: 3.5 wide, placed at floor((7 − 3.5) / 2) = 1, far edge ceil(1 + 3.5) = 5.
        #expect(crop.rectangle(width: 7, height: 7) == PixelRect(x: 1, y: 1, width: 4, height: 4))
        #expect(Transforms.Crop(x: .percent(10), width: .percent(33)).rectangle(width: 10, height: 4) == PixelRect(x: 1, y: 0, width: 4, height: 4))
    }

    @Test("a rectangle partly outside is clipped; entirely outside is an error with the image size")
    func clipping() throws {
        let clipped = try Transforms.Crop(x: .pixels(3), y: .pixels(-2), width: .pixels(10), height: .pixels(4)).apply(to: indexImage(5, 5))
        #expect(clipped.width == 2 && clipped.height == 2 && pixels(clipped) == [[3, 4], [8, 9]])
        let error = try #require(throws: TransformError.self) {
            try Transforms.Crop(x: .pixels(50), y: .pixels(0), width: .pixels(10), height: .pixels(10)).apply(to: indexImage(5, 5))
        }
        #expect(error.message.contains("5×5 image"))
    }

    @Test("omitted width/height take the rest of the image; extreme values never trap")
    func defaultsAndExtremes() throws {
        #expect(try Transforms.Crop(x: .pixels(2), y: .pixels(1)).apply(to: indexImage(5, 5)).width == 3)
        #expect(try Transforms.Crop(width: .pixels(65535), height: .pixels(65535), gravity: .center).apply(to: indexImage(3, 3)).width == 3)
        #expect(try Transforms.Crop(width: .pixels(1), height: .pixels(1)).apply(to: indexImage(1, 1)).width == 1)
        #expect(throws: TransformError.self) { try Transforms.Crop(width: .percent(0)).apply(to: indexImage(4, 4)) }
    }

    @Test("16-bit RGBA stays 16-bit and exact")
    func sixteenBit() throws {
        let samples: [UInt16] = (0..<(4 * 3 * 4)).map { UInt16($0 * 1000) }
        let image = Image(width: 4, height: 3, layout: .rgba, samples: samples)
        let result = try Transforms.Crop(x: .pixels(1), y: .pixels(1), width: .pixels(2), height: .pixels(1)).apply(to: image)
        #expect(result.depth == .sixteen)
        #expect(result.storage == .sixteen(Array(samples[20..<28])))
    }

    @Test("nine-patch divs and padding move with the crop, or are dropped with a warning")
    func ninePatch() throws {
        var image = indexImage(10, 10)
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [2, 4, 6, 8], yDivs: [3, 7], padding: NinePatchInsets(top: 2, left: 3, bottom: 2, right: 3),
                colors: Array(repeating: 1, count: 15)))
        let kept = try Transforms.Crop(x: .pixels(3), y: .pixels(1), width: .pixels(6), height: .pixels(8)).apply(to: image)
        let chunk = try #require(kept.metadata.ninePatch?.chunk)
        #expect(chunk.xDivs == [0, 1, 3, 5] && chunk.yDivs == [2, 6])
        #expect(chunk.padding == NinePatchInsets(top: 1, left: 0, bottom: 1, right: 2))
        #expect(chunk.colors.count == NinePatchInfo.cellCount(chunk.xDivs, length: 6) * NinePatchInfo.cellCount(chunk.yDivs, length: 8))

        let warnings = Mutex<[String]>([])
        let context = TransformContext { message in warnings.withLock { $0.append(message) } }
        let dropped = try Transforms.Crop(x: .pixels(0), y: .pixels(0), width: .pixels(2), height: .pixels(10)).apply(to: image, context: context)
        #expect(dropped.metadata.ninePatch == nil)
        #expect(warnings.withLock { $0 }.count == 1)
    }

    @Test("gravity with x or y is refused at build time")
    func exclusive() {
        #expect(throws: ParameterError.self) {
            try Transforms.Crop(arguments: Arguments(["x": .number(1), "gravity": .choice("center")]))
        }
    }
}
