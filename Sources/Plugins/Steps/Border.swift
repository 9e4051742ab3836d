import NinepipeCore

extension Transforms {
    /// `border`: adds a border around the image, transparent unless `color=` says otherwise.
    ///
    /// - `border width=4`: 4 pixels on every side (the image grows by 8 in each dimension).
    /// - `border width=1,2,3,4`: top, right, bottom, left, as CSS orders them (two values are
    ///   vertical, horizontal; three are top, horizontal, bottom).
    /// - `color=#rrggbbaa` for a coloured border.
    ///
    /// An alpha channel is added when the colour is not opaque (and RGB when it is not gray).
    /// Nine-patch divs, padding and layout bounds shift with the pixels.
    public struct Border: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "border"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Add a transparent (or coloured) border: one width, or top,right,bottom,left like CSS"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "width", .list(.integer(0...65_535), count: 1...4), required: true, positional: true,
                summary: "border width in pixels: 1 value for all sides, or 2–4 in CSS order (top,right,bottom,left)"),
            ParameterSpec("color", .color, default: .color(.clear), summary: "border colour (default transparent)"),
        ]

        /// Widths of the top, right, bottom and left borders.
        public var top: Int, right: Int, bottom: Int, left: Int
        /// The border colour.
        public var color: Color

        /// Creates a border with the same width on every side.
        public init(width: Int, color: Color = .clear) {
            self.init(top: width, left: width, bottom: width, right: width, color: color)
        }

        /// Creates a border with a width per side.
        public init(top: Int, left: Int, bottom: Int, right: Int, color: Color = .clear) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
            self.color = color
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            guard case .list(let values)? = arguments["width"] else {
                throw ParameterError(name: "width", value: "", expected: "1–4 widths in pixels, e.g. width=4 or width=1,2,3,4")
            }
            let sides = Self.sides(values.compactMap(\.intValue))
            self.init(
                top: sides[0], left: sides[3], bottom: sides[2], right: sides[1],
                color: { if case .color(let color)? = arguments["color"] { color } else { .clear } }())
        }

        /// Expands 1–4 CSS-ordered values to top, right, bottom, left.
        static func sides(_ values: [Int]) -> [Int] {
            switch values.count {
            case 1: [values[0], values[0], values[0], values[0]]
            case 2: [values[0], values[1], values[0], values[1]]
            case 3: [values[0], values[1], values[2], values[1]]
            case 4: values
            default: [0, 0, 0, 0]
            }
        }

        /// Returns the bordered image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try image.transformedUpright { upright in
                try context.checkResult(width: upright.width + left + right, height: upright.height + top + bottom, like: upright)
                return upright.padded(top: top, left: left, bottom: bottom, right: right, color: color)
            }
        }
    }
}

extension Transforms.Border: BandTransform {
    /// Streams the border: its rows are made as they are asked for.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        let source = input.header
        guard source.metadata.orientation == .up else { return nil }
        try context.limits.check(width: source.width + left + right, height: source.height + top + bottom)
        if top == 0 && right == 0 && bottom == 0 && left == 0 { return input }
        return PaddedBandSource(input, top: top, left: left, bottom: bottom, right: right, color: color)
    }
}
