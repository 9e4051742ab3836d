import NinepipeCore

extension Transforms {
    /// `invert`: each colour sample becomes its complement (`max − value`), a negative; alpha is
    /// kept unless `alpha=true`. Depth and layout are kept.
    public struct Invert: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "invert"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Negative: every colour sample becomes max − value (alpha kept unless alpha=true)"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("alpha", .boolean, default: .boolean(false), summary: "invert the alpha channel too")
        ]

        /// Whether alpha is inverted too.
        public var invertsAlpha: Bool

        /// Creates the step.
        public init(invertsAlpha: Bool = false) {
            self.invertsAlpha = invertsAlpha
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            self.init(invertsAlpha: arguments["alpha"] == .boolean(true))
        }

        /// Returns the negative.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            var result = try ColorPixels.mapSamples(image, context: context) { 1 - $0 }
            guard invertsAlpha && result.layout.hasAlpha else { return result }
            let straight = result.unpremultiplied()
            let channels = result.layout.channelCount
            result = straight
            result.editSamples(eight: { Self.invertAlpha(&$0, channels: channels) }, sixteen: { Self.invertAlpha(&$0, channels: channels) })
            return image.alphaMode == .premultiplied ? result.premultiplied() : result
        }

        private static func invertAlpha<S: FixedWidthInteger & UnsignedInteger>(_ samples: inout [S], channels: Int) {
            for index in stride(from: channels - 1, to: samples.count, by: channels) { samples[index] = S.max - samples[index] }
        }
    }
}

extension Transforms.Invert: BandTransform {
    /// Streams: each pixel alone decides its result.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}
