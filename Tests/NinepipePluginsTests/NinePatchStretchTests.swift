import NinepipeCore
import Testing

@testable import NinepipePlugins

@Suite("ninepatch rendering")
struct NinePatchStretchTests {
    /// A 7×3 gray nine-patch: columns 0–1 fixed (10, 11), 2–3 stretch (20, 21), 4 fixed (30),
    /// 5 stretch (40), 6 fixed (50); rows: 0 fixed, 1 stretch, 2 fixed (row value added: +0, +100, +200).
    func strip() -> Image {
        let columns = [10, 11, 20, 21, 30, 40, 50]
        var image = TestImages.make(7, 3, layout: .gray) { x, y in [columns[x] + y * 100] }
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [2, 4, 5, 6], yDivs: [1, 2], padding: NinePatchInsets(top: 1, left: 1, bottom: 1, right: 1), colors: []))
        return image
    }

    func render(_ image: Image, _ width: Int, _ height: Int, _ mode: NinePatchFill, filter: ResamplingFilter = .nearest) throws -> Image {
        try Transforms.NinePatch(width: width, height: height, xMode: mode, yMode: mode, filter: filter).apply(to: image)
    }

    @Test("axis layout: extra space shared by stretch length; below the fixed size, fixed parts shrink")
    func axisLayout() {
        let grow = NinePatchAxis(divs: [2, 4, 5, 6], length: 7, output: 13)
        #expect(grow.segments.map(\.outputLength) == [2, 6, 1, 3, 1])
        let shrink = NinePatchAxis(divs: [2, 4, 5, 6], length: 7, output: 2)
        #expect(shrink.segments.map(\.outputLength).reduce(0, +) == 2)
        #expect(shrink.segments.filter(\.stretches).allSatisfy { $0.outputLength == 0 })
        #expect(NinePatchAxis(divs: [], length: 5, output: 9).segments.map(\.outputLength) == [9])
        #expect(NinePatchAxis(divs: [0, 5], length: 5, output: 1).segments.map(\.outputLength) == [1])
    }

    @Test("stretch: fixed columns copied, stretch columns scaled by their share")
    func stretchMode() throws {
        let result = try render(strip(), 13, 3, .stretch)
        #expect(TestImages.plane(result)[0] == [10, 11, 20, 20, 20, 21, 21, 21, 30, 40, 40, 40, 50])
        #expect(TestImages.plane(result)[1] == [110, 111, 120, 120, 120, 121, 121, 121, 130, 140, 140, 140, 150])
    }

    // At width 12 the first stretch region (20, 21) gets 5 pixels and the 1-pixel one (40) gets 3.
    @Test(
        "tile, repeat and round along x",
        arguments: [
            (NinePatchFill.tile, [10, 11, 20, 21, 20, 21, 20, 30, 40, 40, 40, 50]),  // from the start, last copy clipped
            (.repeat, [10, 11, 21, 20, 21, 20, 21, 30, 40, 40, 40, 50]),  // centred: partial copies at both ends
            (.round, [10, 11, 20, 21, 21, 20, 21, 30, 40, 40, 40, 50]),  // 3 copies (6 px) sampled into 5
        ])
    func tilingModes(mode: NinePatchFill, expected: [Int]) throws {
        let layout = NinePatchAxis(divs: [2, 4, 5, 6], length: 7, output: 12)
        #expect(layout.segments.map(\.outputLength) == [2, 5, 1, 3, 1])
        let result = try Transforms.NinePatch(width: 12, height: 3, xMode: mode, yMode: .stretch, filter: .nearest).apply(to: strip())
        #expect(TestImages.plane(result)[0] == expected, "\(mode)")
    }

    @Test("space: whole copies with equal transparent gaps around them")
    func spaceMode() throws {
        let result = try Transforms.NinePatch(width: 12, height: 3, xMode: .space, yMode: .stretch).apply(to: strip())
        #expect(result.layout == .grayAlpha)
        // The 2-pixel region gets 5 pixels: two copies and 1/3-pixel gaps around them (at 0 and 3, a gap at 2);
        // the 1-pixel region stretches (as UIKit does), so it has no gaps.
        #expect(TestImages.plane(result, channel: 1)[0] == [255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 255])
        #expect(TestImages.plane(result)[0][2..<7] == [20, 21, 0, 20, 21])
    }

    @Test("below the fixed size: nothing stretches, nothing crashes, sizes are exact", arguments: [(1, 1), (2, 3), (4, 2), (5, 1)])
    func belowFixed(width: Int, height: Int) throws {
        for mode in NinePatchFill.allCases {
            let result = try render(strip(), width, height, mode, filter: .bilinear)
            #expect(result.width == width && result.height == height)
        }
    }

    @Test("per-cell colours: transparent cells stay empty, solid cells are filled, 16-bit stays 16-bit")
    func cellColours() throws {
        var image = Image(width: 3, height: 3, layout: .rgba, depth: .sixteen, fill: [65_535, 0, 0, 65_535])
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [1, 2], yDivs: [1, 2], padding: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0),
                colors: [0, 1, 1, 1, 0xFF00_FF00, 1, 1, 1, 1]))
        let result = try render(image, 6, 6, .stretch)
        #expect(result.depth == .sixteen)
        #expect(TestImages.pixel(result, 0, 0) == [0, 0, 0, 0])
        #expect(TestImages.pixel(result, 3, 3) == [0, 65_535, 0, 65_535])
        #expect(TestImages.pixel(result, 5, 5) == [65_535, 0, 0, 65_535])
    }

    @Test("no bleeding across seams: a stretched region never picks up its neighbour's colour")
    func noBleeding() throws {
        let result = try render(strip(), 40, 3, .stretch, filter: .lanczos3)
        let row = TestImages.plane(result)[0]
        // Stretch columns (20/21 and 40) only ever hold values between their own pixels.
        let firstRegion = row[2..<(2 + 2 + 15)].filter { $0 != 30 }
        #expect(firstRegion.allSatisfy { (20...21).contains($0) }, "\(row)")
        #expect(row.filter { $0 == 40 }.count >= 10)
    }

    @Test("insets= gives one stretch region per axis; content= grows the output to fit its content")
    func insetsAndContent() throws {
        let plain = TestImages.make(10, 10, layout: .rgb) { x, y in [x * 20, y * 20, 0] }
        let result = try Transforms.NinePatch(width: 30, height: 20, insets: NinePatchInsets(top: 2, left: 3, bottom: 2, right: 3)).apply(to: plain)
        #expect(result.width == 30 && result.height == 20)
        #expect(TestImages.pixel(result, 0, 0) == [0, 0, 0] && TestImages.pixel(result, 29, 19) == [180, 180, 0])
        #expect(result.metadata.ninePatch?.chunk?.xDivs == [3, 27])
        let grown = try Transforms.NinePatch(width: 5, height: 5, content: .init(width: 50, height: 8)).apply(to: strip())
        #expect(grown.width == 52 && grown.height == 10)
        #expect(grown.metadata.ninePatch?.chunk?.padding == NinePatchInsets(top: 1, left: 1, bottom: 1, right: 1))
        #expect(throws: TransformError.self) { try Transforms.NinePatch(width: 5, height: 5).apply(to: plain) }
    }

    @Test("content= with padding inside a stretch region grows until the mapped content area holds it; impossible sizes are errors")
    func contentInsideStretch() throws {
        func patch(xDivs: [Int32], left: Int32, right: Int32) -> Image {
            var image = TestImages.make(10, 3, layout: .gray) { x, _ in [x * 10] }
            image.metadata.ninePatch = NinePatchInfo(
                chunk: NinePatchChunk(
                    xDivs: xDivs, yDivs: [1, 2], padding: NinePatchInsets(top: 0, left: left, bottom: 0, right: right), colors: []))
            return image
        }
        // Content [4, 6) lies in the stretch region [2, 8): it grows a third as fast as the image.
        let grown = try Transforms.NinePatch(content: .init(width: 20, height: 1)).apply(to: patch(xDivs: [2, 8], left: 4, right: 4))
        #expect(grown.width == 62)
        let padding = try #require(grown.metadata.ninePatch?.chunk?.padding)
        #expect(padding.left == 21 && padding.right == 21)
        // One pixel narrower would hold only 19.
        let narrower = try Transforms.NinePatch(width: 61, height: 3).apply(to: patch(xDivs: [2, 8], left: 4, right: 4))
        let narrowPadding = try #require(narrower.metadata.ninePatch?.chunk?.padding)
        #expect(61 - Int(narrowPadding.left + narrowPadding.right) == 19)
        // Content [1, 5) is all fixed pixels: it can never hold 10.
        #expect(throws: TransformError.self) {
            try Transforms.NinePatch(content: .init(width: 10, height: 1)).apply(to: patch(xDivs: [6, 8], left: 1, right: 5))
        }
    }
}
