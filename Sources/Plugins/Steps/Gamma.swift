import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Transforms {
    /// `gamma 2.2`: each colour sample `v` (as a fraction) becomes `v^(1/gamma)`, as ImageMagick's
    /// `-gamma` and libvips' `gamma` do: above 1 brightens the midtones, below 1 darkens them;
    /// black and white stay. Alpha, depth and layout are kept.
    public struct Gamma: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "gamma"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Gamma correction: each colour sample v becomes v^(1/gamma) (above 1 brightens midtones)"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("gamma", .number(0.01...100), required: true, positional: true, summary: "the gamma, e.g. 2.2")
        ]

        /// The gamma.
        public var gamma: Double

        /// Creates the step.
        public init(_ gamma: Double) {
            self.gamma = gamma
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            self.init(arguments["gamma"]?.doubleValue ?? 1)
        }

        /// Returns the corrected image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            guard gamma != 1 else { return image }
            let exponent = 1 / gamma
            return try ColorPixels.mapSamples(image, context: context) { pow($0, exponent) }
        }
    }
}

extension Transforms.Gamma: BandTransform {
    /// Streams: each pixel alone decides its result.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}
