import NinepipeCore
import Testing

@testable import NinepipePlugins

@Suite("orient")
struct OrientationTests {
    /// A 3×2 image whose pixel values are their own indices: 0 1 2 / 3 4 5.
    let image = Image(width: 3, height: 2, layout: .gray, samples: [0, 1, 2, 3, 4, 5] as [UInt8])

    func pixels(_ image: Image) -> [[Int]] {
        (0..<image.height).map { y in (0..<image.width).map { image.sample(x: $0, y: y, channel: 0) } }
    }

    @Test(
        "every EXIF orientation is the exact pixel move it names",
        arguments: [
            (1, [[0, 1, 2], [3, 4, 5]]),
            (2, [[2, 1, 0], [5, 4, 3]]),
            (3, [[5, 4, 3], [2, 1, 0]]),
            (4, [[3, 4, 5], [0, 1, 2]]),
            (5, [[0, 3], [1, 4], [2, 5]]),
            (6, [[3, 0], [4, 1], [5, 2]]),
            (7, [[5, 2], [4, 1], [3, 0]]),
            (8, [[2, 5], [1, 4], [0, 3]]),
        ])
    func orientations(value: Int, expected: [[Int]]) throws {
        var tagged = image
        tagged.metadata.orientation = try #require(Orientation(rawValue: value))
        let result = try Transforms.Orient().apply(to: tagged)
        #expect(pixels(result) == expected)
        #expect(result.metadata.orientation == .up)
        let explicit = try Transforms.Orient(arguments: Arguments(["value": .integer(value)])).apply(to: image)
        #expect(pixels(explicit) == expected)
    }

    @Test("rotate and flip", arguments: [("rotate", "90", 6), ("rotate", "180", 3), ("rotate", "270", 8), ("flip", "horizontal", 2), ("flip", "vertical", 4)])
    func rotateFlip(name: String, value: String, equivalent: Int) throws {
        let result = try Transforms.Orient(arguments: Arguments([name: .choice(value)])).apply(to: image)
        let reference = image.applying(try #require(Orientation(rawValue: equivalent)))
        #expect(result == reference)
    }

    @Test("16-bit RGBA stays 16-bit and lossless")
    func sixteenBit() throws {
        let samples: [UInt16] = (0..<24).map { UInt16($0 * 2000) }
        let source = Image(width: 3, height: 2, layout: .rgba, samples: samples)
        let turned = try Transforms.Orient(.right).apply(to: source)
        #expect(turned.depth == .sixteen && turned.width == 2 && turned.height == 3)
        #expect(turned.applying(.left) == source)
    }

    @Test("nine-patch divs and padding rotate with the pixels")
    func ninePatchFollows() throws {
        var source = Image(width: 10, height: 6, layout: .gray, depth: .eight, fill: [0])
        source.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [2, 4], yDivs: [1, 5], padding: NinePatchInsets(top: 2, left: 1, bottom: 3, right: 2),
                colors: [1, 1, 1, 1, 1, 1, 1, 1, 1]))
        let turned = try Transforms.Orient(.right).apply(to: source)
        let chunk = try #require(turned.metadata.ninePatch?.chunk)
        // Rotating 90° clockwise: new x comes from old y reversed; new y from old x.
        #expect(chunk.xDivs == [1, 5] && chunk.yDivs == [2, 4])
        #expect(chunk.padding == NinePatchInsets(top: 1, left: 3, bottom: 2, right: 2))
    }

    @Test("more than one of value/rotate/flip is refused")
    func exclusive() {
        #expect(throws: ParameterError.self) {
            try Transforms.Orient(arguments: Arguments(["rotate": .choice("90"), "flip": .choice("vertical")]))
        }
    }
}
