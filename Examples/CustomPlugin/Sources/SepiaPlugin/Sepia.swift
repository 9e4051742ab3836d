import NinepipeCore

/// `sepia [amount=0…1]`: the classic sepia tone matrix, blended with the original by `amount`.
///
/// Works at the image's own depth (8 or 16 bits), keeps alpha and metadata, and turns gray
/// images into RGB (sepia has colour).
public struct Sepia: TransformPlugin {
    public static let name = "sepia"
    public static let version = "1.0.0"
    public static let summary = "Sepia tone (warm brown monochrome), blended with the original by amount"
    public static let parameters: [ParameterSpec] = [
        ParameterSpec("amount", .number(0...1), default: .number(1), summary: "0 = unchanged, 1 = full sepia")
    ]

    /// How much of the sepia version to use.
    public var amount: Double

    public init(arguments: Arguments) throws {
        amount = try arguments.number("amount")
    }

    public init(amount: Double = 1) { self.amount = amount }

    public func apply(to image: Image, context: TransformContext) throws -> Image {
        let color = image.converted(to: image.layout.hasAlpha ? .rgba : .rgb)
        let channels = color.layout.channelCount
        let weights: [[Double]] = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
        let amount = self.amount
        /// Tones every pixel of `samples` in place; `maximum` is the depth's largest value.
        func tone<Sample: FixedWidthInteger & UnsignedInteger>(_ samples: inout [Sample]) {
            let maximum = Double(Sample.max)
            for start in stride(from: 0, to: samples.count, by: channels) {
                let (r, g, b) = (Double(samples[start]), Double(samples[start + 1]), Double(samples[start + 2]))
                for c in 0..<3 {
                    let original = Double(samples[start + c])
                    let sepia = min(maximum, weights[c][0] * r + weights[c][1] * g + weights[c][2] * b)
                    samples[start + c] = Sample((original + (sepia - original) * amount).rounded())
                }
            }
        }
        try context.checkCancellation()
        var result = color
        result.editSamples(eight: { tone(&$0) }, sixteen: { tone(&$0) })
        return result
    }
}
