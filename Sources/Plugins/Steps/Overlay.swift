import NinepipeCore

extension Transforms {
    /// `overlay "badge.png" gravity=southeast x=16 y=16 opacity=0.8 scale=25% blend=over tile=false`:
    /// composites another image onto this one (see `Compositor`: premultiplied, 8 or 16 bits,
    /// the base's depth kept).
    ///
    /// - The file is read as `load` reads it: through the host's file policy (relative to the
    ///   working directory, or to the root of a rooted host), under the same limits, turned
    ///   upright by its EXIF orientation.
    /// - `gravity` places it; `x`/`y` are margins from the edges the gravity names (from the
    ///   centre they move right and down); pixels or % of the base's side.
    /// - `scale=25%` makes it a quarter of the base's width, `scale=120` 120 pixels wide (aspect
    ///   kept, Lanczos on premultiplied alpha); `tile=true` repeats it over the whole base from
    ///   where it is placed; parts outside the base are clipped.
    /// - The base keeps its size, orientation tag and nine-patch information; it becomes RGB
    ///   under a colour overlay, and keeps (or lacks) alpha as it had.
    public struct Overlay: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "overlay"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Composite another image (a watermark, a badge) by gravity with opacity, scale, blend mode and tiling"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("path", .path, required: true, positional: true, summary: "the image to put on top (read like load)"),
            ParameterSpec("gravity", Gravity.parameterType, default: .choice("center"), summary: "where it goes"),
            ParameterSpec("x", .length(-65_535...65_535), default: .number(0), summary: "margin from the edge the gravity names (pixels or % of the width)"),
            ParameterSpec("y", .length(-65_535...65_535), default: .number(0), summary: "margin from the edge the gravity names (pixels or % of the height)"),
            ParameterSpec("opacity", .number(0...1), default: .number(1), summary: "multiplies the overlay's alpha"),
            ParameterSpec("scale", .length(1...65_535), summary: "the overlay's width: pixels, or % of the base's width (aspect kept); default its own size"),
            ParameterSpec(
                "blend", .choice(BlendMode.allCases.map(\.rawValue)), default: .choice("over"),
                summary: "over (normal), multiply (darken), screen (lighten)"),
            ParameterSpec("tile", .boolean, default: .boolean(false), summary: "repeat it over the whole image"),
        ]

        /// The overlay's file.
        public var path: String
        /// Where it goes.
        public var gravity: Gravity
        /// Margins from the edges the gravity names.
        public var x: Length, y: Length
        /// Multiplies the overlay's alpha.
        public var opacity: Double
        /// The overlay's width, or `nil` for its own size.
        public var scale: Length?
        /// The colour blend.
        public var blend: BlendMode
        /// Whether it repeats over the whole base.
        public var tiles: Bool

        /// Creates the step.
        public init(
            path: String, gravity: Gravity = .center, x: Length = .pixels(0), y: Length = .pixels(0), opacity: Double = 1,
            scale: Length? = nil, blend: BlendMode = .over, tiles: Bool = false
        ) {
            self.path = path
            self.gravity = gravity
            self.x = x
            self.y = y
            self.opacity = opacity
            self.scale = scale
            self.blend = blend
            self.tiles = tiles
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            self.init(
                path: arguments["path"]?.stringValue ?? "", gravity: Gravity(arguments["gravity"]) ?? .center,
                x: Length(arguments["x"]) ?? .pixels(0), y: Length(arguments["y"]) ?? .pixels(0),
                opacity: arguments["opacity"]?.doubleValue ?? 1, scale: Length(arguments["scale"]),
                blend: BlendMode(rawValue: arguments["blend"]?.stringValue ?? "") ?? .over, tiles: arguments["tile"] == .boolean(true))
        }

        /// Returns the image with the overlay on it.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try image.transformedUpright { upright in
                let placement = try place(on: upright.width, upright.height, layout: upright.layout, depth: upright.depth, context: context)
                let base = upright.unpremultiplied().converted(to: placement.layout)
                var result = try placement.compositor.composite(onto: base, top: 0, origins: placement.origins, context: context)
                result.metadata = upright.metadata
                // A gray base's (gray) profile cannot describe the colour result.
                if !upright.layout.isColor && placement.layout.isColor { result.metadata.iccProfile = nil }
                return upright.alphaMode == .premultiplied ? result.premultiplied() : result
            }
        }

        /// The overlay read, scaled and placed on a base of this size, layout and depth.
        func place(
            on width: Int, _ height: Int, layout: PixelLayout, depth: SampleDepth,
            context: TransformContext
        ) throws -> (compositor: Compositor, origins: [(x: Int, y: Int)], layout: PixelLayout) {
            var overlay = try load(context: context)
            if let scale {
                let wide = Swift.max(1, Int(scale.resolved(against: width).rounded()))
                let high = Swift.max(1, Int((Double(overlay.height) * Double(wide) / Double(overlay.width)).rounded()))
                try context.checkResult(width: wide, height: high, like: overlay)
                overlay = try Resampler().resample(overlay, width: wide, height: high, context: context)
            }
            let resultLayout = Compositor.layout(base: layout, overlay: overlay.layout)
            let prepared = Compositor.prepared(overlay, layout: resultLayout, depth: depth)
            let origin = (
                x: Self.position(gravity.alignment.x, margin: x.resolved(against: width), inner: prepared.width, outer: width),
                y: Self.position(gravity.alignment.y, margin: y.resolved(against: height), inner: prepared.height, outer: height)
            )
            var origins = [origin]
            if tiles {
                let firstX = origin.x - (origin.x + prepared.width - 1).floorDivided(by: prepared.width) * prepared.width
                let firstY = origin.y - (origin.y + prepared.height - 1).floorDivided(by: prepared.height) * prepared.height
                origins = stride(from: firstY, to: height, by: prepared.height).flatMap { y in
                    stride(from: firstX, to: width, by: prepared.width).map { (x: $0, y: y) }
                }
            }
            return (Compositor(overlay: prepared, opacity: opacity, mode: blend), origins, resultLayout)
        }

        /// The overlay's image, upright, or an error naming its file (a read error names the
        /// path the host tried already).
        private func load(context: TransformContext) throws -> Image {
            let bytes = try context.readFile(path)
            do {
                return try context.codecs.decode(bytes, options: DecodeOptions(limits: context.limits)).uprighted()
            } catch {
                throw FileError.inFile(path: path, underlying: error)
            }
        }

        /// Where something `inner` long starts inside `outer` at `alignment` (0 start, 0.5 middle,
        /// 1 end), `margin` in from the aligned edge (from the middle: towards the end).
        static func position(_ alignment: Double, margin: Double, inner: Int, outer: Int) -> Int {
            let aligned = Double(outer - inner) * alignment
            let inward = alignment > 0.5 ? -margin : margin
            return Int((aligned + inward).rounded(.down))
        }
    }
}

extension Transforms.Overlay: BandTransform {
    /// Streams the base: each band gets the overlay rows that cross it (the overlay is held whole).
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        let source = input.header
        guard source.metadata.orientation == .up else { return nil }
        let placement = try place(on: source.width, source.height, layout: source.layout, depth: source.depth, context: context)
        var header = source
        header.layout = placement.layout
        if !source.layout.isColor && placement.layout.isColor { header.metadata.iccProfile = nil }
        return RowwiseBandSource(input, header: header) { band in
            var rows = band.rows
            rows.alphaMode = source.alphaMode
            let base = rows.unpremultiplied().converted(to: placement.layout)
            let result = try placement.compositor.composite(onto: base, top: band.top, origins: placement.origins, context: context)
            return source.alphaMode == .premultiplied ? result.premultiplied() : result
        }
    }
}

extension Int {
    /// The quotient rounded towards minus infinity.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
