import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipePlugins

/// `overlay` composites by the Porter–Duff formula with W3C blend modes.
@Suite("overlay")
struct OverlayTests {
    /// Writes `image` as a PNG in a fresh folder and returns its path.
    static func file(_ image: Image) throws -> String {
        let path = try TemporaryFolder.make("overlay") + "/badge.png"
        try ImageCodecRegistry.builtIn.write(image, to: path, options: EncodeOptions(format: .png))
        return path
    }

    /// The formula in float64, written out on its own: premultiplied source-over with a blend.
    static func expected(base: [Int], overlay: [Int], opacity: Double, mode: BlendMode, maximum: Double) -> [Int] {
        let alphaS = Double(overlay[3]) / maximum * opacity
        let alphaB = Double(base[3]) / maximum
        if alphaS == 0 { return base }
        let alphaO = alphaS + alphaB * (1 - alphaS)
        var result = (0..<3).map { c -> Int in
            let cs = Double(overlay[c]) / maximum
            let cb = Double(base[c]) / maximum
            let blended: Double =
                switch mode {
                case .over: cs
                case .multiply: cb * cs
                case .screen: cb + cs - cb * cs
                }
            let premultiplied = cs * alphaS * (1 - alphaB) + cb * alphaB * (1 - alphaS) + alphaS * alphaB * blended
            return Int((min(max(alphaO > 0 ? premultiplied / alphaO : 0, 0), 1) * maximum).rounded())
        }
        result.append(Int((min(alphaO, 1) * maximum).rounded()))
        return result
    }

    @Test(
        "16-bit RGBA on RGBA equals the Porter–Duff formula exactly, for every blend mode and opacities",
        arguments: BlendMode.allCases)
    func formula(mode: BlendMode) throws {
        let base = TestImages.random(17, 11, layout: .rgba, depth: .sixteen, seed: 3)
        let overlay = TestImages.random(17, 11, layout: .rgba, depth: .sixteen, seed: 4)
        let path = try Self.file(overlay)
        for opacity in [1.0, 0.8, 0.25] {
            let result = try Transforms.Overlay(path: path, opacity: opacity, blend: mode).apply(to: base, context: TransformContext())
            #expect(result.depth == .sixteen && result.layout == .rgba)
            var mismatches = 0
            for y in 0..<11 {
                for x in 0..<17 {
                    let wanted = Self.expected(
                        base: TestImages.pixel(base, x, y), overlay: TestImages.pixel(overlay, x, y),
                        opacity: opacity, mode: mode, maximum: 65535)
                    if TestImages.pixel(result, x, y) != wanted { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "\(mode) opacity \(opacity): \(mismatches) pixels differ")
        }
    }

    @Test("gravity and margins place it; scale sets its width; parts outside are clipped")
    func placement() throws {
        let base = Image(width: 20, height: 10, layout: .rgb, depth: .eight, fill: [0, 0, 0])
        let white = try Self.file(Image(width: 4, height: 2, layout: .rgb, depth: .eight, fill: [255, 255, 255]))
        func whitePixels(_ step: Transforms.Overlay) throws -> [[Int]] {
            let result = try step.apply(to: base, context: TransformContext())
            return (0..<10).flatMap { y in (0..<20).compactMap { x in result.sample(x: x, y: y, channel: 0) == 255 ? [x, y] : nil } }
        }
        let corner = try whitePixels(Transforms.Overlay(path: white, gravity: .southeast, x: .pixels(1), y: .pixels(1)))
        #expect(corner.first == [15, 7] && corner.last == [18, 8] && corner.count == 8)
        let centre = try whitePixels(Transforms.Overlay(path: white, gravity: .center, x: .pixels(2)))
        #expect(centre.first == [10, 4] && centre.count == 8)
        let scaled = try whitePixels(Transforms.Overlay(path: white, gravity: .northwest, scale: .percent(50)))
        #expect(scaled.count == 10 * 5 && scaled.last == [9, 4], "50% of the base's 20 columns: 10×5")
        let clipped = try whitePixels(Transforms.Overlay(path: white, gravity: .northwest, x: .pixels(-2), y: .pixels(9)))
        #expect(clipped == [[0, 9], [1, 9]])
        let big = try Self.file(Image(width: 50, height: 30, layout: .rgb, depth: .eight, fill: [255, 255, 255]))
        #expect(try whitePixels(Transforms.Overlay(path: big)).count == 200)
    }

    @Test("tile=true repeats it over the whole base from where it is placed")
    func tiling() throws {
        let base = Image(width: 9, height: 5, layout: .gray, depth: .eight, fill: [0])
        let dot = try Self.file(TestImages.make(3, 2, layout: .gray) { x, y in [x == 0 && y == 0 ? 255 : 0] })
        let result = try Transforms.Overlay(path: dot, gravity: .northwest, x: .pixels(1), tiles: true).apply(to: base, context: TransformContext())
        let dots = (0..<5).flatMap { y in (0..<9).compactMap { x in result.sample(x: x, y: y, channel: 0) == 255 ? [x, y] : nil } }
        #expect(dots == [[1, 0], [4, 0], [7, 0], [1, 2], [4, 2], [7, 2], [1, 4], [4, 4], [7, 4]])
    }

    @Test("layouts: a colour overlay makes a gray base RGB; alpha is kept or absent as the base had it; metadata kept")
    func layouts() throws {
        var base = Image(width: 6, height: 4, layout: .gray, depth: .eight, fill: [100])
        base.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(
                xDivs: [1, 3], yDivs: [1, 2],
                padding: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0), colors: []))
        let red = try Self.file(Image(width: 2, height: 2, layout: .rgba, depth: .eight, fill: [255, 0, 0, 128]))
        let result = try Transforms.Overlay(path: red).apply(to: base, context: TransformContext())
        #expect(result.layout == .rgb && result.metadata.ninePatch == base.metadata.ninePatch)
        #expect(TestImages.pixel(result, 2, 1) == [178, 50, 50], "half red over gray 100")
        let deep = Image(width: 6, height: 4, layout: .rgba, depth: .sixteen, fill: [0, 0, 0, 0])
        let onTransparent = try Transforms.Overlay(path: red).apply(to: deep, context: TransformContext())
        #expect(onTransparent.depth == .sixteen && TestImages.pixel(onTransparent, 2, 1) == [65535, 0, 0, 32896])
    }

    @Test("a missing or broken overlay file is an error naming it")
    func missing() throws {
        let base = Image(width: 2, height: 2, layout: .rgb, depth: .eight, fill: [0, 0, 0])
        let error = try #require(throws: (any Error).self) {
            try Transforms.Overlay(path: "/nonexistent/badge.png").apply(to: base, context: TransformContext())
        }
        #expect("\(error)".contains("/nonexistent/badge.png"), "\(error)")
    }
}
