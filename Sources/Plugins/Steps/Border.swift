import NinepipeCore

extension Transforms {
    /// `border`: adds a border around the image, transparent unless `color=` says otherwise.
    ///
    /// - `border width=4`: 4 pixels on every side (the image grows by 8 in each dimension).
    /// - `border width=1,2,3,4`: top, left, bottom, right, the one order every inset list in
    ///   Ninepipe uses (UIEdgeInsets'); two values are top and bottom, left and right.
    /// - `border top=8 bottom=2`: the sides by name, over `width` (the way to be explicit).
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
        public static let summary = "Add a transparent (or coloured) border: one width, top,left,bottom,right, or sides by name"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "width", .list(.integer(0...65_535), count: 1...4), positional: true,
                summary: "border width in pixels: 1 value for every side, 2 (top and bottom, left and right) or 4 (top,left,bottom,right)"),
            ParameterSpec("top", .integer(0...65_535), summary: "the top border's width, over width="),
            ParameterSpec("left", .integer(0...65_535), summary: "the left border's width, over width="),
            ParameterSpec("bottom", .integer(0...65_535), summary: "the bottom border's width, over width="),
            ParameterSpec("right", .integer(0...65_535), summary: "the right border's width, over width="),
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
            let named = ["top", "left", "bottom", "right"].map { arguments[$0]?.intValue }
            var sides = [0, 0, 0, 0]
            if case .list(let values)? = arguments["width"] {
                let widths = values.compactMap(\.intValue)
                switch widths.count {
                case 1: sides = [widths[0], widths[0], widths[0], widths[0]]
                case 2: sides = [widths[0], widths[1], widths[0], widths[1]]
                case 4: sides = widths
                default:
                    let text = widths.map(String.init).joined(separator: ",")
                    throw ParameterError(
                        name: "width", value: text,
                        expected:
                            "1 width (every side), 2 (top and bottom, left and right) or 4 (top,left,bottom,right); or the sides by name, top= left= bottom= right="
                    )
                }
            } else if named.allSatisfy({ $0 == nil }) {
                throw ParameterError(
                    name: "width", value: "", expected: "a width in pixels (width=4, or 4 values top,left,bottom,right), or the sides by name (top=8)")
            }
            for (index, value) in named.enumerated() { if let value { sides[index] = value } }
            self.init(
                top: sides[0], left: sides[1], bottom: sides[2], right: sides[3],
                color: { if case .color(let color)? = arguments["color"] { color } else { .clear } }())
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
