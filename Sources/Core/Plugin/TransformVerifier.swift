/// Checks the rules every transform must keep, for use in a plugin's own tests:
///
/// ```swift
/// @Test func sepiaKeepsTheContract() throws {
///     #expect(TransformVerifier.problems(in: Sepia(amount: 0.5)) == [])
/// }
/// ```
///
/// It runs the transform on every ``PixelLayout`` at 8 and 16 bits, at 1×1 and awkward odd sizes,
/// on patterned pixels (including fully transparent ones), and reports each broken rule as one line:
/// a result that differs between two runs, an input that changed, a depth that changed (unless
/// `keepsDepth` is false), an empty result, or an error other than a ``NinepipeError``. A
/// ``BandTransform`` is also streamed, in bands of 1, 2 and 3 rows and all at once, on straight and
/// premultiplied inputs: every way must give exactly what `apply` gives (pixels, alpha mode and
/// metadata), or refuse the same inputs.
/// (A trap cannot be caught: it stops the test, which is also a failure.)
public enum TransformVerifier {
    /// The sizes every transform is tried at.
    public static let sizes = [(1, 1), (1, 7), (7, 1), (2, 3), (3, 7), (13, 5), (31, 17)]

    /// The broken rules, one line each; empty when the transform keeps them all.
    ///
    /// - Parameters:
    ///   - transform: the transform to try on every size, layout and depth.
    ///   - keepsDepth: whether a 16-bit input must give a 16-bit result.
    ///   - allowsRefusals: whether throwing a ``NinepipeError`` is fine (say, an image too
    ///     small for the parameters); pass `false` for a transform that must handle every input.
    public static func problems(in transform: some Transform, keepsDepth: Bool = true, allowsRefusals: Bool = true) -> [String] {
        var problems: [String] = []
        for layout in PixelLayout.allCases {
            for depth in SampleDepth.allCases {
                for (width, height) in sizes {
                    let input = pattern(width: width, height: height, layout: layout, depth: depth)
                    let pristine = pattern(width: width, height: height, layout: layout, depth: depth)
                    let place = "\(width)×\(height) \(layout) \(depth.rawValue)-bit"
                    do {
                        let first = try transform.apply(to: input, context: TransformContext())
                        let second = try transform.apply(to: input, context: TransformContext())
                        if first != second { problems.append("\(place): two runs gave different results") }
                        if first.width < 1 || first.height < 1 { problems.append("\(place): the result is empty") }
                        if keepsDepth && first.depth != depth { problems.append("\(place): the result is \(first.depth.rawValue)-bit") }
                    } catch let error as NinepipeError {
                        if !allowsRefusals { problems.append("\(place): refused: \(error)") }
                    } catch {
                        problems.append("\(place): threw \(type(of: error)), not a NinepipeError: \(error)")
                    }
                    if input != pristine { problems.append("\(place): the input image changed") }
                    if let banded = transform as? any BandTransform {
                        problems += bandProblems(banded, input: input, place: place)
                        problems += bandProblems(banded, input: input.premultiplied(), place: place + " premultiplied")
                    }
                }
            }
        }
        return problems
    }

    /// How streaming `transform` over `input` differs from applying it, one line per difference.
    private static func bandProblems(_ transform: some BandTransform, input: Image, place: String) -> [String] {
        let whole: Result<Image, any Error> = Result { try transform.apply(to: input, context: TransformContext()) }
        var problems: [String] = []
        for rows in [1, 2, 3, Int.max] {
            let way = rows == .max ? "streamed in one band" : "streamed in \(rows)-row bands"
            let streamed: Result<Image, any Error> = Result {
                // A transform that declines this input is applied whole: nothing to compare.
                guard let source = try transform.bands(from: ImageBandSource(input), context: TransformContext()) else { return try whole.get() }
                return try source.materialized(bandRows: Swift.min(rows, source.header.height))
            }
            switch (whole, streamed) {
            case (.success(let expected), .success(let got)):
                if got.storage != expected.storage || got.width != expected.width || got.height != expected.height || got.layout != expected.layout {
                    problems.append("\(place): \(way) gave other pixels than apply")
                } else if got.alphaMode != expected.alphaMode {
                    problems.append("\(place): \(way) gave \(got.alphaMode) alpha, apply \(expected.alphaMode)")
                } else if got.metadata != expected.metadata {
                    problems.append("\(place): \(way) gave other metadata than apply")
                }
            case (.failure, .failure):
                break
            case (.success, .failure(let error)):
                problems.append("\(place): \(way) refused what apply accepts: \(error)")
            case (.failure, .success):
                problems.append("\(place): \(way) accepted what apply refuses")
            }
        }
        return problems
    }

    /// The deterministic test image the verifier uses: samples spread over the whole range, the first
    /// pixel fully transparent and the last fully opaque when the layout has alpha.
    public static func pattern(width: Int, height: Int, layout: PixelLayout, depth: SampleDepth) -> Image {
        let channels = layout.channelCount
        let count = width * height * channels
        var image: Image
        switch depth {
        case .eight:
            image = Image(width: width, height: height, layout: layout, samples: (0..<count).map { UInt8(($0 * 37 + 11) % 256) })
        case .sixteen:
            image = Image(width: width, height: height, layout: layout, samples: (0..<count).map { UInt16(($0 * 7919 + 13) % 65536) })
        }
        if layout.hasAlpha {
            // The first pixel fully transparent, the last fully opaque.
            image.editSamples(eight: { mark(&$0, channels: channels) }, sixteen: { mark(&$0, channels: channels) })
        }
        return image
    }

    private static func mark<Sample: FixedWidthInteger>(_ samples: inout [Sample], channels: Int) {
        samples[channels - 1] = 0
        samples[samples.count - 1] = .max
    }
}
