import NinepipeCore

extension Transforms {
    /// `tint color=#704214`: keeps each pixel's lightness (CIE L\*) and gives it the colour's
    /// a\*, b\* (hue and chroma), as sharp's `tint` does: a sepia or duotone look. A gray image
    /// becomes RGB; alpha and depth are kept; the colour's own alpha is ignored.
    public struct Tint: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "tint"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Recolour with one colour's hue and chroma, keeping lightness (CIE Lab, as sharp's tint)"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("color", .color, required: true, positional: true, summary: "the tint, e.g. #704214 for sepia")
        ]

        /// The tint.
        public var color: Color

        /// Creates the step.
        public init(color: Color) {
            self.color = color
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            guard case .color(let color)? = arguments["color"] else {
                throw ParameterError(name: "color", value: "", expected: "a colour, e.g. tint color=#704214")
            }
            self.init(color: color)
        }

        /// Returns the tinted image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            let decode = SRGBTransfer.decode8
            let tint = CIELab.lab(fromLinear: SIMD3(decode[Int(color.red)], decode[Int(color.green)], decode[Int(color.blue)]) / 255)
            let layout: PixelLayout = image.layout.hasAlpha ? .rgba : .rgb
            return try ColorPixels.mapLinear(image, to: layout, context: context) { rgb in
                CIELab.linear(fromLab: SIMD3(CIELab.lab(fromLinear: rgb).x, tint.y, tint.z))
            }
        }
    }
}

extension Transforms.Tint: BandTransform {
    /// Streams: each pixel alone decides its result.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}
