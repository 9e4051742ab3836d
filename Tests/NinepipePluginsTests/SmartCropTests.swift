import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipePlugins

/// Entropy and attention windows where the answer is obvious.
@Suite("smart crop")
struct SmartCropTests {
    /// Flat gray with a block of noise at columns 150..<190, rows 20..<80.
    static let detail: Image = {
        var generator = SeededGenerator(state: 11)
        return TestImages.make(200, 100, layout: .rgb) { x, y in
            guard (150..<190).contains(x) && (20..<80).contains(y) else { return [128, 128, 128] }
            let v = Int.random(in: 0...255, using: &generator)
            return [v, v, v]
        }
    }()

    /// Flat gray-blue with a saturated red disc of radius 20 centred at (30, 150).
    static let disc = TestImages.make(300, 200, layout: .rgb) { x, y in
        let dx = x - 30
        let dy = y - 150
        return dx * dx + dy * dy <= 400 ? [220, 20, 30] : [110, 115, 125]
    }

    @Test("entropy keeps the detailed block")
    func entropy() throws {
        let window = try SmartCrop.window(in: Self.detail, width: 60, height: 100, strategy: .entropy)
        #expect(window.width == 60 && window.height == 100 && window.x <= 150 && window.x + 60 >= 190, "\(window)")
        let crop = try Transforms.Crop(arguments: Arguments(["width": .number(60), "gravity": .choice("entropy")]))
        #expect(crop.smart == .entropy)
        let result = try crop.apply(to: Self.detail, context: TransformContext())
        #expect(result.width == 60 && result.height == 100)
        #expect(try SmartCrop.window(in: Self.detail, width: 60, height: 100, strategy: .entropy) == window, "deterministic")
    }

    @Test("attention keeps the saturated disc; a thumbnail keeps it where the centre crop would not")
    func attention() throws {
        let window = try SmartCrop.window(in: Self.disc, width: 100, height: 100, strategy: .attention)
        #expect(window.x <= 10 && window.x + 100 >= 50 && window.y <= 130 && window.y + 100 >= 170, "\(window)")
        func redPixels(_ image: Image) -> Int {
            (0..<image.height).reduce(0) { sum, y in sum + (0..<image.width).filter { image.sample(x: $0, y: y, channel: 0) > 180 }.count }
        }
        var thumbnail = Transforms.Thumbnail(width: 50, height: 50)
        #expect(redPixels(try thumbnail.apply(to: Self.disc, context: TransformContext())) == 0)
        thumbnail.resize.smart = .attention
        #expect(redPixels(try thumbnail.apply(to: Self.disc, context: TransformContext())) > 30, "the disc, radius 5 at this scale")
    }

    @Test("the chosen window is noted for hosts; whole-size windows and tiny images need no analysis")
    func notes() throws {
        let notes = NoteCollector()
        let context = TransformContext(
            limits: .default, cancellation: nil, fileReader: { _ in [] },
            noteHandler: { notes.add($0) }, warningHandler: { _ in })
        _ = try Transforms.Crop(width: .pixels(100), height: .pixels(100), gravity: nil).with(smart: .attention).apply(to: Self.disc, context: context)
        #expect(notes.all.count == 1 && notes.all[0].hasPrefix("crop: attention chose 100×100 at "), "\(notes.all)")
        #expect(try SmartCrop.window(in: Self.disc, width: 300, height: 400, strategy: .entropy) == PixelRect(x: 0, y: 0, width: 300, height: 200))
        let one = Image(width: 1, height: 1, layout: .gray, depth: .eight, fill: [7])
        #expect(try SmartCrop.window(in: one, width: 1, height: 1, strategy: .attention) == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }
}

/// Collects notes from any thread.
private final class NoteCollector: @unchecked Sendable {
    private var notes: [String] = []
    func add(_ note: String) { notes.append(note) }
    var all: [String] { notes }
}

extension Transforms.Crop {
    fileprivate func with(smart: SmartCrop.Strategy) -> Transforms.Crop {
        var copy = self
        copy.smart = smart
        return copy
    }
}
