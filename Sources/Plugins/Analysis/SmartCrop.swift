import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Chooses the part of an image worth keeping when it must be cropped, as libvips' smartcrop
/// does, on a copy at most ``analysisSize`` pixels long (the answer is scaled back):
///
/// - **entropy**: cut slices off the side whose slice has less detail (lower Shannon entropy of
///   its luma histogram), a sixteenth of the side at a time, until the window is left.
/// - **attention**: score every pixel for what draws the eye (edges: the Laplacian of L\*;
///   skin tones: a\*b\* near skin's; saturated colour: chroma over 30), and keep the window with
///   the highest total score (summed-area table; ties go to the most central window).
///
/// Both are deterministic: the same pixels give the same window.
public enum SmartCrop {
    /// How the window is chosen.
    public enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// Keep the most detailed part.
        case entropy
        /// Keep the most salient part (edges, skin, saturated colour).
        case attention
    }

    /// The long side of the copy the analysis runs on.
    public static let analysisSize = 256

    /// The gravity names plus the strategies: the `gravity=` type of crop, resize and thumbnail.
    public static let gravityParameterType = ParameterType.choice(
        Transforms.Gravity.allCases.map(\.rawValue) + Strategy.allCases.map(\.rawValue))

    /// The strategy `value` names, or `nil`.
    public static func strategy(_ value: ParameterValue?) -> Strategy? {
        value?.stringValue.flatMap(Strategy.init(rawValue:))
    }

    /// The `width × height` window of `image` (as stored) that `strategy` keeps; sizes are clamped to the image.
    public static func window(
        in image: Image, width: Int, height: Int, strategy: Strategy,
        context: TransformContext = TransformContext()
    ) throws -> PixelRect {
        let width = Swift.min(Swift.max(1, width), image.width)
        let height = Swift.min(Swift.max(1, height), image.height)
        if width == image.width && height == image.height { return PixelRect(x: 0, y: 0, width: width, height: height) }
        let scale = Swift.min(1, Double(analysisSize) / Double(Swift.max(image.width, image.height)))
        var small = image.unpremultiplied().converted(to: .eight)
        if scale < 1 {
            small = try Resampler(filter: .box).resample(
                small, width: Swift.max(1, Int((Double(image.width) * scale).rounded())),
                height: Swift.max(1, Int((Double(image.height) * scale).rounded())), context: context)
        }
        let lab = labPixels(small)
        let sx = Double(small.width) / Double(image.width)
        let sy = Double(small.height) / Double(image.height)
        let windowWidth = Swift.min(small.width, Swift.max(1, Int((Double(width) * sx).rounded())))
        let windowHeight = Swift.min(small.height, Swift.max(1, Int((Double(height) * sy).rounded())))
        let origin =
            switch strategy {
            case .entropy: entropyWindow(lab, width: small.width, height: small.height, windowWidth: windowWidth, windowHeight: windowHeight)
            case .attention: attentionWindow(lab, width: small.width, height: small.height, windowWidth: windowWidth, windowHeight: windowHeight)
            }
        // Back to the image's pixels: the window's centre maps across, then it is clamped inside.
        let centreX = (Double(origin.x) + Double(windowWidth) / 2) / sx
        let centreY = (Double(origin.y) + Double(windowHeight) / 2) / sy
        let x = Swift.min(Swift.max(0, Int((centreX - Double(width) / 2).rounded())), image.width - width)
        let y = Swift.min(Swift.max(0, Int((centreY - Double(height) / 2).rounded())), image.height - height)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// L\*a\*b\* of every pixel (gray and alpha-less layouts too), row by row.
    private static func labPixels(_ image: Image) -> [SIMD3<Float>] {
        let rgb = image.converted(to: image.layout.hasAlpha ? .rgba : .rgb)
        guard case .eight(let samples) = rgb.storage else { return [] }
        let channels = rgb.layout.channelCount
        let decode = SRGBTransfer.decode8.map { $0 / 255 }
        return stride(from: 0, to: samples.count, by: channels).map { p in
            CIELab.lab(fromLinear: SIMD3(decode[Int(samples[p])], decode[Int(samples[p + 1])], decode[Int(samples[p + 2])]))
        }
    }

    /// Iteratively cuts the lower-entropy side (columns, then rows).
    private static func entropyWindow(_ lab: [SIMD3<Float>], width: Int, height: Int, windowWidth: Int, windowHeight: Int) -> (x: Int, y: Int) {
        let levels = lab.map { UInt8(Swift.min(255, Swift.max(0, $0.x * 2.55)).rounded()) }
        func entropy(columns: Range<Int>, rows: Range<Int>) -> Double {
            var histogram = [Int](repeating: 0, count: 256)
            for y in rows { for x in columns { histogram[Int(levels[y * width + x])] += 1 } }
            let total = Double(columns.count * rows.count)
            return histogram.reduce(0.0) { sum, count in
                guard count > 0 else { return sum }
                let p = Double(count) / total
                return sum - p * log2(p)
            }
        }
        var left = 0
        var right = width
        var top = 0
        var bottom = height
        let stepX = Swift.max(1, width / 16)
        let stepY = Swift.max(1, height / 16)
        while right - left > windowWidth {
            let slice = Swift.min(stepX, right - left - windowWidth)
            if entropy(columns: left..<(left + slice), rows: top..<bottom) < entropy(columns: (right - slice)..<right, rows: top..<bottom) {
                left += slice
            } else {
                right -= slice
            }
        }
        while bottom - top > windowHeight {
            let slice = Swift.min(stepY, bottom - top - windowHeight)
            if entropy(columns: left..<right, rows: top..<(top + slice)) < entropy(columns: left..<right, rows: (bottom - slice)..<bottom) {
                top += slice
            } else {
                bottom -= slice
            }
        }
        return (left, top)
    }

    /// The window with the highest total attention score.
    private static func attentionWindow(_ lab: [SIMD3<Float>], width: Int, height: Int, windowWidth: Int, windowHeight: Int) -> (x: Int, y: Int) {
        func lightness(_ x: Int, _ y: Int) -> Float { lab[Swift.min(Swift.max(y, 0), height - 1) * width + Swift.min(Swift.max(x, 0), width - 1)].x }
        // Summed-area table of the score, one row and column of zeros in front.
        var table = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var rowSum = 0.0
            for x in 0..<width {
                let pixel = lab[y * width + x]
                let edge = abs(4 * pixel.x - lightness(x - 1, y) - lightness(x + 1, y) - lightness(x, y - 1) - lightness(x, y + 1))
                let chroma = (pixel.y * pixel.y + pixel.z * pixel.z).squareRoot()
                let skinDistance = ((pixel.y - 16) * (pixel.y - 16) + (pixel.z - 20) * (pixel.z - 20)).squareRoot()
                let skin: Float = pixel.x > 25 && pixel.x < 90 ? Swift.max(0, 1 - skinDistance / 20) : 0
                let score = Double(edge / 10 + 2 * skin + Swift.max(0, chroma - 30) / 70)
                rowSum += score
                table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + rowSum
            }
        }
        var best = (x: 0, y: 0)
        var bestScore = -Double.infinity
        var bestDistance = Int.max
        let centre = (x: width - windowWidth, y: height - windowHeight)  // twice the central origin
        for y in 0...(height - windowHeight) {
            for x in 0...(width - windowWidth) {
                let stride = width + 1
                let sum =
                    table[(y + windowHeight) * stride + x + windowWidth] - table[y * stride + x + windowWidth]
                    - table[(y + windowHeight) * stride + x] + table[y * stride + x]
                let distance = abs(2 * x - centre.x) + abs(2 * y - centre.y)
                if sum > bestScore + 1e-9 || (abs(sum - bestScore) <= 1e-9 && distance < bestDistance) {
                    (best, bestScore, bestDistance) = ((x, y), sum, distance)
                }
            }
        }
        return best
    }
}
