import NinepipeCore
import NinepipePlugins

/// `glow [radius=8] [amount=0.5]`: a soft bloom. A blurred copy of the image is screened over
/// it, so light areas spill light onto their surroundings.
///
/// Built from the built-ins' building blocks, called in the host's copy of them (this library
/// links the `NinepipePluginsShared` product): `Resampler` shrinks the image before the blur and
/// enlarges the blurred copy back when the radius is large, and `GaussianBlur` blurs. Works on
/// premultiplied alpha at the image's own depth (16-bit stays 16-bit), and gives back the
/// input's layout, alpha mode and metadata.
public struct Glow: TransformPlugin {
    public static let name = "glow"
    public static let version = "1.0.0"
    public static let summary = "Soft bloom: a blurred copy screened over the image (uses the host's resampler and blur)"
    public static let parameters: [ParameterSpec] = [
        ParameterSpec("radius", .number(0.5...200), default: .number(8), summary: "the blur's sigma in pixels: how far light spreads"),
        ParameterSpec("amount", .number(0...1), default: .number(0.5), summary: "0 = unchanged, 1 = the whole blurred copy screened on"),
    ]

    /// The blur's standard deviation in pixels.
    public var radius: Double
    /// How much of the blurred copy is screened on.
    public var amount: Double

    public init(arguments: Arguments) throws {
        radius = try arguments.number("radius")
        amount = try arguments.number("amount")
    }

    public init(radius: Double = 8, amount: Double = 0.5) {
        self.radius = radius
        self.amount = amount
    }

    public func apply(to image: Image, context: TransformContext) throws -> Image {
        let base = image.premultiplied()
        // A blur of σ ≥ 8 loses nothing visible at a quarter of the size, and costs a sixteenth.
        let factor = radius >= 8 ? 4 : 1
        let small = (width: max(1, image.width / factor), height: max(1, image.height / factor))
        var halo = base
        if factor > 1 { halo = try Resampler(filter: .box).resample(base, width: small.width, height: small.height, context: context) }
        halo = try GaussianBlur(sigma: radius * Double(halo.width) / Double(image.width)).apply(to: halo, context: context)
        if factor > 1 { halo = try Resampler(filter: .bilinear).resample(halo, width: image.width, height: image.height, context: context) }
        try context.checkCancellation()
        let weight = amount
        var result = base
        switch halo.storage {
        case .eight(let light): result.editSamples(eight: { screen(&$0, light, weight) }, sixteen: { _ in })
        case .sixteen(let light): result.editSamples(eight: { _ in }, sixteen: { screen(&$0, light, weight) })
        }
        return image.alphaMode == .straight ? result.unpremultiplied() : result
    }
}

/// Screens `light × weight` onto `samples`, sample by sample (colour and alpha alike, which
/// keeps premultiplied colour within its alpha): `a + b − a·b` on values scaled to 0…1.
func screen<Sample: FixedWidthInteger & UnsignedInteger>(_ samples: inout [Sample], _ light: [Sample], _ weight: Double) {
    let maximum = Double(Sample.max)
    for index in samples.indices {
        let a = Double(samples[index])
        let b = Double(light[index]) * weight
        samples[index] = Sample((a + b - a * b / maximum).rounded())
    }
}
