import NinepipeCore
import Testing

@testable import NinepipePlugins

@Suite("tile and alpha")
struct TileAndAlphaTests {
    /// 3×2 gray image with values 0…5.
    let small = Image(width: 3, height: 2, layout: .gray, samples: [UInt8(0), 1, 2, 3, 4, 5])

    @Test("repeat starts at the top-left; anchor=center centres a copy")
    func repeatMode() throws {
        let result = try Transforms.Tile(width: 7, height: 3).apply(to: small)
        #expect(TestImages.plane(result) == [[0, 1, 2, 0, 1, 2, 0], [3, 4, 5, 3, 4, 5, 3], [0, 1, 2, 0, 1, 2, 0]])
        let centered = try Transforms.Tile(width: 5, height: 2, anchor: .center).apply(to: small)
        #expect(TestImages.plane(centered) == [[2, 0, 1, 2, 0], [5, 3, 4, 5, 3]])
    }

    @Test("mirror flips every other copy")
    func mirrorMode() throws {
        let result = try Transforms.Tile(width: 8, height: 4, mode: .mirror).apply(to: small)
        #expect(
            TestImages.plane(result) == [
                [0, 1, 2, 2, 1, 0, 0, 1], [3, 4, 5, 5, 4, 3, 3, 4],
                [3, 4, 5, 5, 4, 3, 3, 4], [0, 1, 2, 2, 1, 0, 0, 1],
            ])
    }

    @Test("space puts whole copies at the edges with equal gaps of the background")
    func spaceMode() throws {
        let result = try Transforms.Tile(width: 8, height: 2, mode: .space, background: Color(red: 9, green: 9, blue: 9)).apply(to: small)
        #expect(TestImages.plane(result) == [[0, 1, 2, 9, 9, 0, 1, 2], [3, 4, 5, 9, 9, 3, 4, 5]])
        let three = try Transforms.Tile(width: 11, height: 2, mode: .space).apply(to: small)
        #expect(three.layout == .grayAlpha)
        #expect(TestImages.plane(three, channel: 1)[0] == [255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255])
    }

    @Test("round scales so a whole number of copies fit")
    func roundMode() throws {
        let flat = Image(width: 3, height: 2, layout: .rgb, depth: .eight, fill: [10, 20, 30])
        let result = try Transforms.Tile(width: 7, height: 5, mode: .round).apply(to: flat)
        #expect(result.width == 7 && result.height == 5 && Set(TestImages.samples(result)) == [10, 20, 30])
        let nearest = try Transforms.Tile(width: 6, height: 4, mode: .round, filter: .nearest).apply(to: small)
        #expect(TestImages.plane(nearest) == [[0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5], [0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5]])
    }

    @Test("alpha add makes every pixel opaque; alpha remove composites at the image's depth")
    func alphaSteps() throws {
        let added = try Transforms.Alpha(.add).apply(to: small)
        #expect(added.layout == .grayAlpha && TestImages.plane(added, channel: 1).joined().allSatisfy { $0 == 255 })
        let half = Image(width: 1, height: 1, layout: .rgba, samples: [UInt16(65_535), 0, 0, 32_768])
        let flat = try Transforms.Alpha(.remove, background: Color(red: 0, green: 0, blue: 255)).apply(to: half)
        #expect(flat.layout == .rgb && flat.depth == .sixteen)
        #expect(TestImages.samples(flat) == [32_768, 0, 32_767])
        let gray = Image(width: 1, height: 1, layout: .grayAlpha, samples: [UInt8(100), 0])
        #expect(try Transforms.Alpha(.remove).apply(to: gray).layout == .gray)
    }

    @Test("alpha remove needs an opaque background; background only with remove")
    func alphaArguments() {
        #expect(throws: ParameterError.self) { try Transforms.Alpha(arguments: Arguments(["action": .choice("remove"), "background": .color(.clear)])) }
        #expect(throws: ParameterError.self) { try Transforms.Alpha(arguments: Arguments(["action": .choice("add"), "background": .color(.white)])) }
    }
}
