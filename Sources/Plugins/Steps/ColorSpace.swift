import NinepipeCore

extension Transforms {
    /// `colorspace srgb`: converts the pixels from the image's ICC profile to sRGB with
    /// LittleCMS (perceptual intent; depth and alpha kept; the profile removed). An image
    /// without a profile is already sRGB and passes unchanged.
    public struct ColorSpace: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "colorspace"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Convert the pixels from their ICC profile (a P3 photo, Adobe RGB, a gray profile) to sRGB"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("space", .choice(["srgb"]), default: .choice("srgb"), positional: true, summary: "the colour space to convert to")
        ]

        /// Creates the step.
        public init() {}

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {}

        /// Returns the image in sRGB.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try image.convertedToSRGB()
        }
    }
}
