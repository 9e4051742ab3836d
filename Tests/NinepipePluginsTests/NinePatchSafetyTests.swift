import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

/// Nine-patch information built in code can hold any value its types allow (decoding refuses
/// what aapt never writes, but the embedding API does not go through a decoder). Every
/// operation must give a result, never a trap, and that result must be valid for its image.
@Suite("nine-patch values of any size")
struct NinePatchSafetyTests {
    static let extremes: [Int32] = [.min, -2_147_483_647, -20, -1, 0, 1, 2, 5, 7, 8, 9, 10, 11, 1 << 20, .max - 1, .max]

    /// Nine-patch information for a 10×8 image with every field drawn from `extremes`.
    static func wild(_ generator: inout SeededGenerator) -> NinePatchInfo {
        func pick() -> Int32 { extremes.randomElement(using: &generator) ?? 0 }
        func insets() -> NinePatchInsets { NinePatchInsets(top: pick(), left: pick(), bottom: pick(), right: pick()) }
        let divCount = [0, 1, 2, 3, 4].randomElement(using: &generator) ?? 2
        let chunk = NinePatchChunk(
            xDivs: (0..<divCount).map { _ in pick() }, yDivs: (0..<divCount).map { _ in pick() },
            padding: insets(), colors: [1, 0, 0xFF00_00FF])
        let radius = [Float.nan, -.infinity, -1, 0, 3.5, .greatestFiniteMagnitude].randomElement(using: &generator) ?? 0
        return NinePatchInfo(
            chunk: chunk, layoutBounds: NinePatchLayoutBounds(insets: insets()),
            outline: NinePatchOutline(insets: insets(), radius: radius, alpha: UInt32.random(in: 0...UInt32.max, using: &generator)))
    }

    /// The transforms and Core operations that carry nine-patch information along.
    static let steps: [(String, @Sendable (Image) throws -> Image)] = [
        ("crop", { try Transforms.Crop(x: .pixels(1), y: .pixels(2), width: .pixels(6), height: .pixels(5)).apply(to: $0) }),
        ("resize", { try Transforms.Resize(width: .pixels(23), height: .pixels(5), fit: .fill).apply(to: $0) }),
        ("resize cover", { try Transforms.Resize(width: .pixels(4), height: .pixels(9), fit: .cover).apply(to: $0) }),
        ("thumbnail", { try Transforms.Thumbnail(width: 7, height: 7, border: 1).apply(to: $0) }),
        ("round", { try Transforms.Round(radii: [.pixels(3)], border: 2).apply(to: $0) }),
        ("border", { try Transforms.Border(top: 1, left: 4, bottom: 3, right: 2).apply(to: $0) }),
        ("orient", { try Transforms.Orient(.leftMirrored).apply(to: $0) }),
        ("ninepatch", { try Transforms.NinePatch(width: 40, height: 40).apply(to: $0) }),
        ("ninepatch small", { try Transforms.NinePatch(width: 3, height: 2).apply(to: $0) }),
        ("tile", { try Transforms.Tile(width: 25, height: 17).apply(to: $0) }),
        ("oriented", { $0.applying(.right) }),
        ("padded", { $0.padded(top: 3, left: 2, bottom: 1, right: 0, color: .clear) }),
        ("cropped", { $0.cropped(to: PixelRect(x: 9, y: 0, width: 1, height: 8)) }),
    ]

    @Test("every step on any values: no trap, and what it keeps is valid for the result's size")
    func anyValues() throws {
        var generator = SeededGenerator(state: 16)
        let base = TestImages.random(10, 8, layout: .rgba)
        for round in 0..<150 {
            var image = base
            let info = Self.wild(&generator)
            image.metadata.ninePatch = info
            // What a reader gets is always valid for the image, and idempotent.
            let clamped = info.clamped(width: 10, height: 8)
            #expect(throws: Never.self, "round \(round): clamped \(clamped)") { try clamped.validate(width: 10, height: 8) }
            #expect(clamped.clamped(width: 10, height: 8) == clamped)
            for (name, step) in Self.steps {
                guard let output = try? step(image) else { continue }
                guard let kept = output.metadata.ninePatch else { continue }
                #expect(throws: Never.self, "round \(round), \(name): \(kept) on \(output.width)×\(output.height)") {
                    try kept.validate(width: output.width, height: output.height)
                }
            }
            _ = image.metadata.ninePatch?.chunk?.capInsets(width: 10, height: 8)
            if let framed = NinePatchFrame.framed(image) {
                #expect(framed.width == 12 && framed.height == 10)
            }
        }
    }

    @Test("a frame that cannot show the chunks says what reads back instead")
    func framingLosses() throws {
        var image = TestImages.random(10, 8, layout: .rgba)
        // Android's dialog_bottom_holo_dark, scaled down: layout bounds over the whole right
        // edge hide the padding run there.
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(xDivs: [2, 8], yDivs: [0, 5], padding: NinePatchInsets(top: 0, left: 2, bottom: 1, right: 2), colors: []),
            layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: 8, left: 2, bottom: 0, right: 2)))
        var warnings: [String] = []
        _ = try #require(NinePatchFrame.framed(image) { warnings.append($0) })
        #expect(
            warnings == [
                "the frame's content padding reads back as left 2, top 0, right 2, bottom 3, not left 2, top 0, right 2, bottom 1 (a frame pixel holds one mark: layout bounds hide the padding run, or an empty run means aapt's default)",
                "the frame's layout bounds read back as left 2, top 8, right 2, bottom 7, not left 2, top 8, right 2, bottom 0 (a frame pixel holds one mark: aapt reads a red run over a whole edge as n from the start, n − 1 from the end)",
            ])
        var plain = image
        plain.metadata.ninePatch?.layoutBounds = nil
        warnings = []
        _ = NinePatchFrame.framed(plain) { warnings.append($0) }
        #expect(warnings.isEmpty, "\(warnings)")
    }
}
