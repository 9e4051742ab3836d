import NinepipeCore

extension Transforms {
    /// `grayscale`: Rec. 709 luminance computed in linear light (0.2126 R + 0.7152 G + 0.0722 B
    /// on decoded sRGB), encoded back; the result has a gray layout (gray+alpha with alpha, depth
    /// kept). A gray image passes unchanged.
    public struct Grayscale: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "grayscale"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Convert to gray: Rec. 709 luminance in linear light, gray layout (alpha and depth kept)"
        /// The parameters.
        public static let parameters: [ParameterSpec] = []

        /// Creates the step.
        public init() {}

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {}

        /// Returns the gray image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            guard image.layout.isColor else { return image }
            let layout: PixelLayout = image.layout.hasAlpha ? .grayAlpha : .gray
            if case .eight(let samples) = image.unpremultiplied().storage {
                var result = Image(
                    width: image.width, height: image.height, layout: layout,
                    samples: try ColorPixels.luminance(samples, layout: image.layout, context: context),
                    metadata: image.metadata)
                if image.alphaMode == .premultiplied { result = result.premultiplied() }
                return result
            }
            return try ColorPixels.mapLinear(image, to: layout, context: context) { rgb in
                SIMD3(repeating: 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z)
            }
        }
    }
}

extension Transforms.Grayscale: BandTransform {
    /// Streams: each pixel alone decides its result.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}
