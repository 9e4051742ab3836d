import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// Every built-in transform, on every layout and depth, at awkward sizes and extreme values:
/// no trap, deterministic, depth kept, input untouched.
@Suite("transform contract")
struct TransformContractTests {
    /// An overlay picture from the core fixtures.
    static let badge = Repository.root.appendingPathComponent("Tests/NinepipeCoreTests/Fixtures/aapt-button.png").path

    static let steps = [
        "crop width=50% height=50% gravity=center", "crop x=0 y=0 width=2", "resize width=7", "resize width=5 height=9 fit=cover",
        "resize width=9 height=5 fit=contain background=#ff000080", "resize height=3 filter=nearest linear=true",
        "thumbnail size=4 border=1 radius=2", "round radius=50%", "round radius=1,2,3,4 border=1", "border width=1,2",
        "tile width=11 height=5 mode=mirror anchor=center", "tile width=8 height=8 mode=round", "tile width=9 height=9 mode=space",
        "alpha add", "alpha remove background=#204060", "orient rotate=90", "orient flip=horizontal", "orient",
        "thumbnail size=5", "thumbnail width=6 height=3 border=2", "resize width=200% linear=true", "crop x=0 y=0 width=60% height=70%",
        "ninepatch width=23 height=11 insets=0,0,0,0", "ninepatch width=5 height=30 insets=0,0,0,0 mode=tile",
        "blur 0.3", "blur 4", "blur sigma=45", "sharpen", "sharpen 2 amount=3 threshold=4", "thumbnail size=4 sharpen=true",
        "modulate brightness=1.3 saturation=0.2 hue=-90 lightness=5", "grayscale", "tint #704214", "invert", "invert alpha=true",
        "gamma 2.2", "gamma 0.5", "colorspace srgb", "trim", "trim threshold=0 background=#ff0000",
        "crop width=50% height=50% gravity=entropy", "crop width=3 gravity=attention", "thumbnail size=4 gravity=attention",
        "resize width=5 height=5 fit=cover gravity=entropy",
        "overlay \"\(Self.badge)\" gravity=northeast opacity=0.5", "overlay \"\(Self.badge)\" tile=true blend=screen",
    ]

    @Test("every built-in step is in the contract list")
    func everyStepCovered() {
        let covered = Set(Self.steps.map { $0.split(separator: " ")[0] })
        for plugin in Transforms.all { #expect(covered.contains(Substring(plugin.name)), "\(plugin.name) is not checked") }
    }

    @Test("every step handles 1×1, odd sizes, every layout and both depths, deterministically", arguments: steps)
    func contract(step: String) throws {
        guard case .transform(let transform) = try PipelineCompiler(requiresSource: false).pipeline(step).steps[0].action else {
            Issue.record("\(step) is not a transform")
            return
        }
        // trim refuses an image that is all background (a 1×1 image is), by design.
        let mayRefuse = step.hasPrefix("trim")
        #expect(TransformVerifier.problems(in: transform, allowsRefusals: mayRefuse) == [], "\(step)")
    }

    @Test(
        "extreme values are refused with a message or handled, never a trap",
        arguments: [
            "resize width=65535 height=65535 fit=fill", "tile width=65535 height=65535", "thumbnail size=65535",
            "border width=65535", "round radius=65535 border=65535", "crop x=65535 y=65535", "crop x=-65535 width=1",
            "resize width=1 height=65535 fit=fill", "resize width=0.1%", "resize width=10000%", "round radius=0", "border width=0",
        ])
    func extremes(step: String) throws {
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline(step)
        let input = TransformVerifier.pattern(width: 5, height: 4, layout: .rgb, depth: .eight)
        do {
            let result = try #require(try PipelineRunner(limits: ImageLimits(maxPixelCount: 4_000_000)).run(pipeline, input: input))
            #expect(result.width >= 1 && result.height >= 1)
        } catch let failure as StepFailure {
            #expect(!"\(failure.underlying)".isEmpty)
        }
    }
}

/// Refuses 1×1 images with a `NinepipeError`.
private struct Refusing: Transform {
    func apply(to image: Image, context: TransformContext) throws -> Image {
        if image.width == 1 && image.height == 1 { throw TransformError("too small") }
        return image
    }
}

/// A transform that breaks the rules on purpose: the verifier must say so.
private struct Misbehaving: Transform {
    final class Counter: @unchecked Sendable { var value = 0 }
    let counter = Counter()
    func apply(to image: Image, context: TransformContext) throws -> Image {
        counter.value += 1
        if image.width == 13 { throw CocoaLikeError() }
        var result = image.converted(to: image.layout)
        if image.width == 2 { result = Image(width: 1, height: 1, layout: .gray, samples: [UInt8(counter.value % 256)]) }
        return result
    }
    struct CocoaLikeError: Error {}
}

extension TransformContractTests {
    @Test("TransformVerifier reports a misbehaving transform")
    func verifier() throws {
        let problems = TransformVerifier.problems(in: Misbehaving())
        #expect(problems.contains("2×3 rgb 16-bit: two runs gave different results"))
        #expect(problems.contains("2×3 rgb 16-bit: the result is 8-bit"))
        #expect(problems.contains { $0.hasPrefix("13×5 gray 8-bit: threw CocoaLikeError, not a NinepipeError") })
        // A clear refusal passes unless the caller says every input must be handled.
        #expect(TransformVerifier.problems(in: Refusing()) == [])
        #expect(TransformVerifier.problems(in: Refusing(), allowsRefusals: false).first == "1×1 gray 8-bit: refused: too small")
    }

    /// Streams differently from its whole-image path: each band's first row is inverted.
    struct BandsDiffer: BandTransform {
        func apply(to image: Image, context: TransformContext) throws -> Image { image }
        func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
            RowwiseBandSource(input, header: input.header) { band in
                var rows = band.rows
                rows.editSamples(eight: { $0[0] = ~$0[0] }, sixteen: { $0[0] = ~$0[0] })
                return rows
            }
        }
    }

    @Test("TransformVerifier compares a band transform's stream with its whole-image result")
    func verifierStreams() {
        let problems = TransformVerifier.problems(in: BandsDiffer())
        #expect(problems.contains("2×3 rgb 8-bit: streamed in 1-row bands gave other pixels than apply"))
        #expect(problems.contains("2×3 rgba 16-bit premultiplied: streamed in one band gave other pixels than apply"))
        #expect(TransformVerifier.problems(in: Transforms.Crop(width: .percent(50))) == [])
    }
}
