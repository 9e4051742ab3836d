import NinepipeCore

extension Transforms {
    /// `crop`: keeps a rectangle of the image.
    ///
    /// - `crop x=10 y=20 width=100 height=80`: from the top-left corner (x and y default to 0).
    /// - `crop width=100 height=80 gravity=center`: placed by gravity instead of x/y;
    ///   `gravity=entropy|attention` places it on the most detailed or most salient part
    ///   (``SmartCrop``) and notes the rectangle chosen.
    /// - Any value may be a percentage of the image's width (x, width) or height (y, height).
    /// - Omitted width/height: the rest of the image from x/y (or the whole side with gravity).
    ///
    /// Fractional edges (from percentages) round outward, as `CGRectIntegral` does. A
    /// rectangle partly outside the image is clipped to it; one entirely outside is an error
    /// that prints the image size. Nine-patch divs and padding move with the crop, or are
    /// dropped with a warning when an axis loses all its stretch regions.
    public struct Crop: TransformPlugin, DecodeRegionHinting, Hashable, FrameConsistentTransform {
        /// The step name.
        public static let name = "crop"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Keep a rectangle: x/y from the top-left or placed by gravity; pixels or percentages; clipped to the image"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("x", .length(-65_535...65_535), summary: "left edge (default 0); not with gravity"),
            ParameterSpec("y", .length(-65_535...65_535), summary: "top edge (default 0); not with gravity"),
            ParameterSpec("width", .length(1...65_535), summary: "width (default: the rest of the image)"),
            ParameterSpec("height", .length(1...65_535), summary: "height (default: the rest of the image)"),
            ParameterSpec(
                "gravity", SmartCrop.gravityParameterType,
                summary: "place the rectangle by gravity instead of x/y; entropy or attention: where the detail is"),
        ]

        /// Left edge, or `nil` for 0 / gravity.
        public var x: Length?
        /// Top edge, or `nil` for 0 / gravity.
        public var y: Length?
        /// Width, or `nil` for the rest of the image.
        public var width: Length?
        /// Height, or `nil` for the rest of the image.
        public var height: Length?
        /// Placement by gravity (exclusive with `x`/`y`).
        public var gravity: Gravity?
        /// Placement by content (exclusive with `x`/`y` and `gravity`).
        public var smart: SmartCrop.Strategy?

        /// Creates a crop.
        public init(x: Length? = nil, y: Length? = nil, width: Length? = nil, height: Length? = nil, gravity: Gravity? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.gravity = gravity
        }

        /// Builds the step from validated arguments; `gravity` and `x`/`y` exclude each other.
        public init(arguments: Arguments) throws {
            if arguments["gravity"] != nil, let given = ["x", "y"].first(where: { arguments[$0] != nil }) {
                throw ParameterError(
                    name: given, value: arguments[given]?.description ?? "",
                    expected: "either x/y or gravity, not both (gravity places the rectangle for you)")
            }
            self.init(
                x: Length(arguments["x"]), y: Length(arguments["y"]), width: Length(arguments["width"]),
                height: Length(arguments["height"]), gravity: Gravity(arguments["gravity"]))
            smart = SmartCrop.strategy(arguments["gravity"])
        }

        /// The rectangle this crop selects in a `width`×`height` image, before clipping.
        public func rectangle(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
            var left = x?.resolved(against: imageWidth) ?? 0
            var top = y?.resolved(against: imageHeight) ?? 0
            let placed = gravity != nil || smart != nil
            let w = width?.resolved(against: imageWidth) ?? (Double(imageWidth) - (placed ? 0 : left))
            let h = height?.resolved(against: imageHeight) ?? (Double(imageHeight) - (placed ? 0 : top))
            if let gravity = gravity ?? (smart != nil ? .center : nil) {
                left = ((Double(imageWidth) - w) * gravity.alignment.x).rounded(.down)
                top = ((Double(imageHeight) - h) * gravity.alignment.y).rounded(.down)
            }
            return PixelRect(integralOf: left, top, w, h)
        }

        /// The clipped rectangle, which is all the crop keeps: a loader may decode just that.
        public func decodedRegion(width: Int, height: Int) -> PixelRect? {
            guard smart == nil else { return nil }
            let clipped = rectangle(width: width, height: height).intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            return clipped.isEmpty ? nil : clipped
        }

        /// Returns the cropped image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            var clipped = try clippedRectangle(width: image.width, height: image.height)
            if let smart {
                clipped = try SmartCrop.window(in: image, width: clipped.width, height: clipped.height, strategy: smart, context: context)
                context.note("crop: \(smart.rawValue) chose \(clipped.width)×\(clipped.height) at \(clipped.x),\(clipped.y)")
            }
            let result = image.cropped(to: clipped)
            warnIfNinePatchDropped(from: image.metadata, to: result.metadata, context: context)
            return result
        }

        /// Whether frames of an animation need one decision made for all.
        public var decidesFromPixels: Bool { smart != nil }

        /// For an animation, a smart crop's window is chosen on the first frame and kept for all.
        public func decided(by frames: [Image], context: TransformContext) throws -> any Transform {
            guard smart != nil, let first = frames.first else { return self }
            var clipped = try clippedRectangle(width: first.width, height: first.height)
            if let smart {
                clipped = try SmartCrop.window(in: first, width: clipped.width, height: clipped.height, strategy: smart, context: context)
                context.note("crop: \(smart.rawValue) chose \(clipped.width)×\(clipped.height) at \(clipped.x),\(clipped.y) for every frame")
            }
            return Crop(
                x: .pixels(Double(clipped.x)), y: .pixels(Double(clipped.y)), width: .pixels(Double(clipped.width)), height: .pixels(Double(clipped.height)))
        }

        /// The rectangle kept from a `width`×`height` image, or an error when none of it is inside.
        func clippedRectangle(width: Int, height: Int) throws -> PixelRect {
            let wanted = rectangle(width: width, height: height)
            let clipped = wanted.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            guard !clipped.isEmpty else {
                throw TransformError(
                    "crop rectangle \(wanted) (width×height+x+y) lies outside the \(width)×\(height) image; choose x/y inside it or use gravity")
            }
            return clipped
        }

        private func warnIfNinePatchDropped(from input: ImageMetadata, to output: ImageMetadata, context: TransformContext) {
            if input.ninePatch != nil && output.ninePatch == nil {
                context.warn("crop: nine-patch information dropped: the crop removes every stretch region of an axis")
            }
        }
    }
}

extension Transforms.Crop: BandTransform {
    /// Streams the crop: rows above the rectangle are skipped, rows below it never read.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        let source = input.header
        guard smart == nil else { return nil }
        let clipped = try clippedRectangle(width: source.width, height: source.height)
        // All of it: nothing changes, metadata included (as `Image.cropped(to:)` returns the image).
        if clipped == PixelRect(x: 0, y: 0, width: source.width, height: source.height) { return input }
        var header = source
        header.width = clipped.width
        header.height = clipped.height
        header.metadata.ninePatch = source.metadata.ninePatch?.cropped(to: clipped, width: source.width, height: source.height)
        warnIfNinePatchDropped(from: source.metadata, to: header.metadata, context: context)
        return CroppedBandSource(input, rect: clipped, header: header)
    }
}
