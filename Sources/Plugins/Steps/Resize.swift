import NinepipeCore

extension Transforms {
    /// `resize`: scales the image with a proper resampling filter.
    ///
    /// - `resize width=320` or `resize height=200`: the other side keeps the aspect ratio.
    /// - `resize width=320 height=200 fit=fill|contain|cover`: scale to fill (distorting),
    ///   aspect-fit inside (`background=#rrggbbaa` letterboxes to exactly width × height) or
    ///   aspect-fill and crop by `gravity`.
    /// - `filter=nearest|bilinear|bicubic|mitchell|lanczos3|box`, or `quality=none|low|medium|high`.
    /// - `upscale=false` never enlarges; `linear=true` filters in linear light.
    ///
    /// Filtering is done on premultiplied alpha at the image's depth (see ``Resampler``).
    /// Nine-patch divs and padding scale with the pixels, or are dropped with a warning when
    /// an axis loses its stretch regions. On an image loaded with `orient=keep`, sizes and
    /// gravity refer to the image as displayed and the orientation tag is kept.
    public struct Resize: TransformPlugin, Hashable, FrameConsistentTransform {
        /// The step name.
        public static let name = "resize"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Scale with a resampling filter: fill, contain (optionally letterboxed) or cover (cropped by gravity)"
        /// The parameters.
        public static let parameters: [ParameterSpec] =
            [
                ParameterSpec("width", .length(1...65_535), summary: "target width (pixels or % of the image's width)"),
                ParameterSpec("height", .length(1...65_535), summary: "target height (pixels or % of the image's height)"),
                ParameterSpec(
                    "fit", .choice(Fit.allCases.map(\.rawValue)), default: .choice("contain"),
                    summary: "with both sides: fill (ignore aspect), contain (fit inside) or cover (fill and crop)"),
                ParameterSpec(
                    "gravity", SmartCrop.gravityParameterType, default: .choice("center"),
                    summary: "what cover keeps (entropy/attention: the most detailed/salient part), or where contain sits on its background"),
                ParameterSpec("upscale", .boolean, default: .boolean(true), summary: "allow enlarging"),
                ParameterSpec("background", .color, summary: "contain only: letterbox onto exactly width×height of this colour"),
            ] + samplingParameters

        /// `filter=`, `quality=` and `linear=`: the resampling choices every resizing step offers
        /// (read them with ``filter(from:)``).
        public static let samplingParameters: [ParameterSpec] = [
            ParameterSpec(
                "filter", .choice(ResamplingFilter.allCases.map(\.rawValue)),
                summary: "resampling filter (default lanczos3); not with quality"),
            ParameterSpec(
                "quality", .choice(ResamplingFilter.qualities),
                summary: "interpolation quality: none=nearest low=bilinear medium=bicubic high=lanczos3"),
            ParameterSpec("linear", .boolean, default: .boolean(false), summary: "resample in linear light (gamma-correct)"),
        ]

        /// Target width, or `nil` to follow the aspect ratio.
        public var width: Length?
        /// Target height, or `nil` to follow the aspect ratio.
        public var height: Length?
        /// How the image fits width × height when both are given.
        public var fit: Fit
        /// What `cover` keeps, and where `contain` sits on its background.
        public var gravity: Gravity
        /// For `cover`: keep the part ``SmartCrop`` chooses instead of placing by ``gravity``.
        public var smart: SmartCrop.Strategy?
        /// The resampler (filter and linear light).
        public var resampler: Resampler
        /// Whether the image may grow.
        public var upscale: Bool
        /// Letterbox colour for `contain`.
        public var background: Color?
        /// The step name warnings start with (`thumbnail` sets its own).
        var stepName = Resize.name
        /// A smart `cover` window's origin already chosen (for every frame of an animation).
        var chosenOrigin: SIMD2<Double>?

        /// Creates a resize; at least one of `width` and `height` must be given.
        public init(
            width: Length?, height: Length?, fit: Fit = .contain, gravity: Gravity = .center,
            resampler: Resampler = Resampler(), upscale: Bool = true, background: Color? = nil
        ) {
            self.width = width
            self.height = height
            self.fit = fit
            self.gravity = gravity
            self.resampler = resampler
            self.upscale = upscale
            self.background = background
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            guard arguments["width"] != nil || arguments["height"] != nil else {
                throw ParameterError(name: "width", value: "", expected: "width= and/or height=, e.g. resize width=320")
            }
            let fit = Fit(rawValue: arguments["fit"]?.stringValue ?? "") ?? .contain
            if let background = arguments["background"], fit != .contain || arguments["width"] == nil || arguments["height"] == nil {
                throw ParameterError(
                    name: "background", value: background.description,
                    expected: "background= only with fit=contain and both width= and height= (it letterboxes to exactly that size)")
            }
            self.init(
                width: Length(arguments["width"]), height: Length(arguments["height"]), fit: fit,
                gravity: Gravity(arguments["gravity"]) ?? .center,
                resampler: Resampler(
                    filter: try Self.filter(from: arguments),
                    linearLight: arguments["linear"] == .boolean(true)),
                upscale: arguments["upscale"] != .boolean(false),
                background: { if case .color(let color)? = arguments["background"] { color } else { nil } }())
            smart = SmartCrop.strategy(arguments["gravity"])
        }

        /// The filter chosen by `filter=` or `quality=` (exclusive; lanczos3 when neither).
        public static func filter(from arguments: Arguments) throws -> ResamplingFilter {
            if let filter = arguments["filter"], let quality = arguments["quality"] {
                throw ParameterError(
                    name: "quality", value: quality.description,
                    expected: "either filter= or quality=, not both (filter=\(filter) already chooses)")
            }
            if let quality = arguments["quality"]?.stringValue { return ResamplingFilter(quality: quality) }
            return arguments["filter"]?.stringValue.flatMap(ResamplingFilter.init(rawValue:)) ?? .lanczos3
        }

        /// The geometry for an upright `width`×`height` source.
        func geometry(width sourceWidth: Int, height sourceHeight: Int) -> ResizeGeometry {
            ResizeGeometry(
                sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height, fit: fit,
                gravity: gravity, upscale: upscale, letterbox: background != nil)
        }

        /// The geometry for `upright`, with a smart `cover` region placed on its content (and noted).
        func geometry(for upright: Image, context: TransformContext) throws -> ResizeGeometry {
            var geometry = geometry(width: upright.width, height: upright.height)
            if let chosenOrigin, fit == .cover {
                geometry.region.x = Swift.min(chosenOrigin.x, Double(upright.width) - geometry.region.width)
                geometry.region.y = Swift.min(chosenOrigin.y, Double(upright.height) - geometry.region.height)
                return geometry
            }
            guard let smart, fit == .cover else { return geometry }
            let region = geometry.region
            let window = try SmartCrop.window(
                in: upright, width: Int(region.width.rounded()), height: Int(region.height.rounded()),
                strategy: smart, context: context)
            geometry.region.x = Swift.min(Double(window.x), Double(upright.width) - region.width)
            geometry.region.y = Swift.min(Double(window.y), Double(upright.height) - region.height)
            context.note("\(stepName): \(smart.rawValue) chose \(window.width)×\(window.height) at \(window.x),\(window.y)")
            return geometry
        }

        /// Whether frames of an animation need one decision made for all.
        public var decidesFromPixels: Bool { smart != nil && fit == .cover }

        /// For an animation, a smart `cover` window is chosen on the first frame and kept for all.
        public func decided(by frames: [Image], context: TransformContext) throws -> any Transform {
            try decidedResize(by: frames, context: context)
        }

        /// ``decided(by:context:)`` as a `Resize`.
        func decidedResize(by frames: [Image], context: TransformContext) throws -> Resize {
            guard smart != nil, fit == .cover, let first = frames.first else { return self }
            let region = try geometry(for: first.uprighted(), context: context).region
            var fixed = self
            fixed.smart = nil
            fixed.chosenOrigin = SIMD2(region.x, region.y)
            return fixed
        }

        /// Returns the resized image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try image.transformedUpright { upright in
                let geometry = try geometry(for: upright, context: context)
                try context.checkResult(width: geometry.canvasWidth, height: geometry.canvasHeight, like: upright)
                var result = try resampler.resample(
                    upright, width: geometry.width, height: geometry.height,
                    region: geometry.region, context: context)
                result.metadata.ninePatch = Self.scaledNinePatch(
                    upright.metadata.ninePatch, width: upright.width, height: upright.height,
                    geometry: geometry, stepName: stepName, context: context)
                if let background {
                    let m = geometry.margins
                    result = result.padded(top: m.top, left: m.left, bottom: m.bottom, right: m.right, color: background)
                }
                return result
            }
        }

        /// The source's nine-patch information mapped onto the resampled image, or `nil` (with a warning) when lost.
        static func scaledNinePatch(
            _ info: NinePatchInfo?, width: Int, height: Int, geometry: ResizeGeometry, stepName: String,
            context: TransformContext
        ) -> NinePatchInfo? {
            guard let info else { return nil }
            let region = geometry.region
            let scaled = info.scaled(
                region: (region.x, region.y, region.width, region.height), width: width,
                height: height, outputWidth: geometry.width, outputHeight: geometry.height)
            if scaled == nil {
                context.warn("\(stepName): nine-patch information dropped: the result keeps no stretch region on one axis")
            }
            return scaled
        }
    }
}

extension Transforms.Resize: BandTransform {
    /// Streams the resize through the resampler's ring of rows (upright images; a letterbox is
    /// added to the resampled image, which is then whole).
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        let source = input.header
        // A smart cover looks at the whole image first.
        guard source.metadata.orientation == .up, smart == nil || fit != .cover else { return nil }
        let geometry = geometry(width: source.width, height: source.height)
        try context.limits.check(width: geometry.canvasWidth, height: geometry.canvasHeight)
        let resampled = resampler.bands(from: input, width: geometry.width, height: geometry.height, region: geometry.region, context: context)
        var header = resampled.header
        header.metadata.ninePatch = Self.scaledNinePatch(
            source.metadata.ninePatch, width: source.width, height: source.height,
            geometry: geometry, stepName: stepName, context: context)
        let result = RelabeledBandSource(resampled, header: header)
        guard let background else { return result }
        let m = geometry.margins
        if m.top == 0 && m.right == 0 && m.bottom == 0 && m.left == 0 { return result }
        return PaddedBandSource(result, top: m.top, left: m.left, bottom: m.bottom, right: m.right, color: background)
    }
}

extension Transforms.Resize: RenderSizeHinting {
    /// The source scaled as this resize scales it, so a vector source is drawn at the size made
    /// (the region of a `cover` included) and the resize has nothing left to do; `nil` at scale 1
    /// and for percentages (they are of the size drawn: drawing larger would change the result).
    public func renderedSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        let relative = [self.width, self.height].contains { if case .percent? = $0 { true } else { false } }
        guard !relative else { return nil }
        let geometry = geometry(width: width, height: height)
        let scale = Swift.max(Double(geometry.width) / geometry.region.width, Double(geometry.height) / geometry.region.height)
        guard scale.isFinite, scale > 0, abs(scale - 1) > 1e-9 else { return nil }
        let side = { (length: Int) in Swift.max(1, Int(Swift.min(Double(length) * scale, 1e9).rounded())) }
        return (side(width), side(height))
    }
}
