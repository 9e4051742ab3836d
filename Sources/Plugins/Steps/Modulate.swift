import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transforms {
    /// `modulate brightness=1.1 saturation=0.8 hue=30 lightness=0`: adjusts colour in CIE LCh
    /// (D65), as sharp's `modulate` does: lightness L\* is multiplied by `brightness` and then
    /// offset by `lightness`, chroma multiplied by `saturation`, hue turned by `hue` degrees.
    /// Colours pushed outside sRGB are clipped; alpha, depth and layout are kept (a gray image
    /// only takes brightness and lightness).
    public struct Modulate: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "modulate"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Brightness, saturation and hue in CIE LCh (as sharp's modulate); alpha kept"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("brightness", .number(0...100), default: .number(1), summary: "lightness multiplier (1: unchanged)"),
            ParameterSpec("saturation", .number(0...100), default: .number(1), summary: "chroma multiplier (0: gray, 1: unchanged)"),
            ParameterSpec("hue", .number(-360...360), default: .number(0), summary: "hue rotation in degrees"),
            ParameterSpec("lightness", .number(-100...100), default: .number(0), summary: "added to lightness L* (0…100 scale)"),
        ]

        /// Lightness multiplier.
        public var brightness: Double
        /// Chroma multiplier.
        public var saturation: Double
        /// Hue rotation in degrees.
        public var hue: Double
        /// Added to L\*.
        public var lightness: Double

        /// Creates the step.
        public init(brightness: Double = 1, saturation: Double = 1, hue: Double = 0, lightness: Double = 0) {
            self.brightness = brightness
            self.saturation = saturation
            self.hue = hue
            self.lightness = lightness
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            self.init(
                brightness: arguments["brightness"]?.doubleValue ?? 1, saturation: arguments["saturation"]?.doubleValue ?? 1,
                hue: arguments["hue"]?.doubleValue ?? 0, lightness: arguments["lightness"]?.doubleValue ?? 0)
        }

        /// Returns the adjusted image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            guard brightness != 1 || saturation != 1 || hue.truncatingRemainder(dividingBy: 360) != 0 || lightness != 0 else { return image }
            let scale = Float(brightness)
            let offset = Float(lightness)
            let angle = hue * .pi / 180
            // Chroma scaling and hue rotation together: one 2×2 matrix on (a*, b*).
            let cosine = Float(cos(angle) * saturation)
            let sine = Float(sin(angle) * saturation)
            return try ColorPixels.mapLinear(image, to: image.layout, context: context) { rgb in
                let lab = CIELab.lab(fromLinear: rgb)
                let adjusted = SIMD3(lab.x * scale + offset, lab.y * cosine - lab.z * sine, lab.y * sine + lab.z * cosine)
                return CIELab.linear(fromLab: adjusted)
            }
        }
    }
}

extension Transforms.Modulate: BandTransform {
    /// Streams: each pixel alone decides its result.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}
