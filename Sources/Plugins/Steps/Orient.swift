import NinepipeCore

extension Transforms {
    /// `orient`: turns pixels upright or by an explicit rotation or flip, losslessly.
    ///
    /// - `orient` applies the image's own EXIF orientation and resets the tag to 1.
    /// - `orient value=6` applies a given EXIF orientation (1–8).
    /// - `orient rotate=90|180|270` rotates clockwise; `orient flip=horizontal|vertical` mirrors.
    ///
    /// Explicit turns act on the stored pixels; the result's orientation tag is always 1.
    public struct Orient: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "orient"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Apply the EXIF orientation (or an explicit rotate/flip) to the pixels; resets the tag to 1"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("value", .integer(1...8), summary: "EXIF orientation to apply instead of the image's own"),
            ParameterSpec("rotate", .choice(["90", "180", "270"]), summary: "rotate clockwise by this many degrees"),
            ParameterSpec("flip", .choice(["horizontal", "vertical"]), summary: "mirror left-right or top-bottom"),
        ]

        /// The explicit orientation to apply, or `nil` for the image's own.
        public var orientation: Orientation?

        /// Applies `orientation`, or the image's own when `nil`.
        public init(_ orientation: Orientation? = nil) { self.orientation = orientation }

        /// Builds the step from validated arguments; at most one of `value`, `rotate`, `flip`.
        public init(arguments: Arguments) throws {
            let given = ["value", "rotate", "flip"].filter { arguments[$0] != nil }
            if given.count > 1 {
                throw ParameterError(
                    name: given[1], value: arguments[given[1]]?.description ?? "",
                    expected: "only one of value=, rotate= and flip= per orient step")
            }
            if let value = arguments["value"]?.intValue {
                orientation = Orientation(rawValue: value)
            } else if let rotate = arguments["rotate"]?.stringValue {
                orientation = ["90": .right, "180": .down, "270": .left][rotate]
            } else if let flip = arguments["flip"]?.stringValue {
                orientation = flip == "horizontal" ? .upMirrored : .downMirrored
            } else {
                orientation = nil
            }
        }

        /// Returns the turned image with orientation tag 1.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            image.applying(orientation ?? image.metadata.orientation)
        }
    }
}

extension Transforms.Orient: OrientationHinting {
    /// The explicit orientation, or the image's own.
    public func appliedOrientation(tag: Orientation) -> Orientation { orientation ?? tag }
}

extension Transforms.Orient: BandTransform {
    /// Streams what keeps rows in place: nothing to turn, or a mirror image left to right. Turns
    /// and upside-down flips need the whole image.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        var header = input.header
        let applied = orientation ?? header.metadata.orientation
        header.metadata.orientation = .up
        switch applied {
        case .up:
            return RelabeledBandSource(input, header: header)
        case .upMirrored:
            header.metadata.ninePatch = header.metadata.ninePatch?.transformed(by: .upMirrored, width: header.width, height: header.height)
            return RowwiseBandSource(input, header: header) { $0.rows.applying(.upMirrored) }
        default:
            return nil
        }
    }
}
