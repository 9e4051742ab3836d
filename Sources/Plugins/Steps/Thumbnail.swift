import NinepipeCore

extension Transforms {
    /// `thumbnail`: a fixed-size preview: aspect-fill, then centre crop (the longer side is cut).
    ///
    /// - `thumbnail size=128`: 128×128; `thumbnail width=160 height=90`: 160×90.
    /// - `border=2` adds a transparent border (the result grows by 4), `radius=12` rounds the
    ///   picture's corners inside it: `thumbnail size=128 border=2 radius=12` is 132×132 with
    ///   transparent corners, like the classic toolkit's `thumbnailImage:transparentBorder:cornerRadius:`.
    /// - `filter=`/`quality=`/`linear=` as for `resize`; `gravity=` moves the crop; `sharpen=true`
    ///   applies a light unsharp mask after shrinking.
    /// - The EXIF block is dropped (camera, dates, location and the embedded preview describe the
    ///   original photo, not the thumbnail), as are XMP packets; the orientation still travels
    ///   with the pixels and the ICC profile stays. `keep-metadata=true` keeps everything.
    ///
    /// Right after `load` of a JPEG, the file is decoded with DCT scaling at the smallest size that
    /// is still at least twice the thumbnail (see `DecodeSizeHinting`): much faster, same quality.
    public struct Thumbnail: TransformPlugin, DecodeSizeHinting, FrameConsistentTransform, Hashable {
        /// The step name.
        public static let name = "thumbnail"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Aspect-fill and centre-crop to a fixed size, optional transparent border and rounded corners; shrinks JPEGs while decoding"
        /// The parameters.
        public static let parameters: [ParameterSpec] =
            [
                ParameterSpec("size", .integer(1...65_535), positional: true, summary: "square side; or give width and height"),
                ParameterSpec("width", .integer(1...65_535), summary: "thumbnail width (not with size)"),
                ParameterSpec("height", .integer(1...65_535), summary: "thumbnail height (not with size)"),
                ParameterSpec("border", .integer(0...65_535), default: .integer(0), summary: "transparent border around the thumbnail"),
                ParameterSpec(
                    "radius", .list(.length(0...65_535), count: 1...4),
                    summary: "round the corners (as the round step; % of the shorter side)"),
                ParameterSpec(
                    "gravity", SmartCrop.gravityParameterType, default: .choice("center"),
                    summary: "what the crop keeps; entropy or attention: the most detailed or salient part"),
                ParameterSpec("upscale", .boolean, default: .boolean(true), summary: "allow enlarging a small source"),
                ParameterSpec(
                    "keep-metadata", .boolean, default: .boolean(false),
                    summary: "keep the source's EXIF (camera, dates, location) and XMP; by default a thumbnail drops them"),
                ParameterSpec(
                    "icc", .choice(["srgb", "keep"]), default: .choice("srgb"),
                    summary: "srgb: convert from the source's ICC profile to sRGB, as screens assume (needs LittleCMS); keep: keep the profile"),
                ParameterSpec(
                    "sharpen", .boolean, default: .boolean(false),
                    summary: "a light unsharp mask after shrinking (as the sharpen step with sigma=0.5 amount=1): downscaled photos look less soft"),
            ] + Resize.samplingParameters

        /// The aspect-fill resize.
        public var resize: Resize
        /// The transparent border.
        public var border: Int
        /// Corner radii (top-left, top-right, bottom-right, bottom-left), or empty for square corners.
        public var radii: [Length]
        /// Whether the source's EXIF and XMP are kept (default: dropped).
        public var keepsMetadata: Bool
        /// Whether the result keeps the source's ICC profile instead of being converted to sRGB.
        public var keepsProfile = false
        /// Whether the thumbnail is sharpened after shrinking (``UnsharpMask`` with its defaults).
        public var sharpens = false

        /// Creates a thumbnail step.
        public init(
            width: Int, height: Int, border: Int = 0, radii: [Length] = [], gravity: Gravity = .center,
            resampler: Resampler = Resampler(), upscale: Bool = true, keepsMetadata: Bool = false
        ) {
            resize = Resize(
                width: .pixels(Double(width)), height: .pixels(Double(height)), fit: .cover, gravity: gravity,
                resampler: resampler, upscale: upscale)
            resize.stepName = Self.name
            self.border = border
            self.radii = radii
            self.keepsMetadata = keepsMetadata
        }

        /// Builds the step from validated arguments: `size`, or `width` and `height`.
        public init(arguments: Arguments) throws {
            let size = arguments["size"]?.intValue
            if size != nil, let given = ["width", "height"].first(where: { arguments[$0] != nil }) {
                throw ParameterError(
                    name: given, value: arguments[given]?.description ?? "",
                    expected: "either size= (square) or width= and height=, not both")
            }
            guard let width = size ?? arguments["width"]?.intValue, let height = size ?? arguments["height"]?.intValue else {
                let missing = arguments["width"] == nil ? "width" : "height"
                throw ParameterError(
                    name: missing, value: "",
                    expected: "thumbnail size=N for a square, or both width= and height=, e.g. thumbnail size=128")
            }
            var radii: [Length] = []
            if case .list(let values)? = arguments["radius"] { radii = values.compactMap { Length($0) } }
            self.init(
                width: width, height: height, border: arguments["border"]?.intValue ?? 0, radii: radii,
                gravity: Gravity(arguments["gravity"]) ?? .center,
                resampler: Resampler(filter: try Resize.filter(from: arguments), linearLight: arguments["linear"] == .boolean(true)),
                upscale: arguments["upscale"] != .boolean(false), keepsMetadata: arguments["keep-metadata"] == .boolean(true))
            keepsProfile = arguments["icc"] == .choice("keep")
            sharpens = arguments["sharpen"] == .boolean(true)
            resize.smart = SmartCrop.strategy(arguments["gravity"])
        }

        /// Whether frames of an animation need one decision made for all.
        public var decidesFromPixels: Bool { resize.decidesFromPixels }

        /// For an animation, a smart crop's window is chosen on the first frame and kept for all.
        public func decided(by frames: [Image], context: TransformContext) throws -> any Transform {
            var fixed = self
            fixed.resize = try resize.decidedResize(by: frames, context: context)
            return fixed
        }

        /// Returns the thumbnail.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            var scaled = try sharpened(inSRGB(resize.apply(to: image, context: context)), context: context)
            if !keepsMetadata {
                scaled.metadata.exif = nil
                scaled.metadata.text.removeAll(where: \.isXMP)
            }
            if radii.isEmpty {
                return try Border(width: border).apply(to: scaled, context: context)
            }
            return try Round(radii: radii, border: border).apply(to: scaled, context: context)
        }

        /// The resized image converted to sRGB, unless the profile is kept. Converting after the
        /// resize (as vipsthumbnail does) costs a thumbnail's pixels, not a photo's. A build
        /// without LittleCMS, or a profile that cannot become sRGB (CMYK), keeps the profile.
        func inSRGB(_ image: Image) throws -> Image {
            guard !keepsProfile, image.metadata.iccProfile != nil, ColorManagement.isAvailable else { return image }
            do { return try image.convertedToSRGB() } catch { return image }
        }

        /// The thumbnail sharpened when asked.
        func sharpened(_ image: Image, context: TransformContext) throws -> Image {
            sharpens ? try UnsharpMask().apply(to: image, context: context) : image
        }

        /// Twice the size the aspect-fill scales the source to, so resampling still has detail to work with.
        public func minimumSourceSize(width: Int, height: Int) -> (width: Int, height: Int)? {
            let geometry = resize.geometry(width: width, height: height)
            let scale = Swift.min(Double(geometry.width) / geometry.region.width, Double(geometry.height) / geometry.region.height)
            let needed = (width: Int((Double(width) * scale * 2).rounded(.up)), height: Int((Double(height) * scale * 2).rounded(.up)))
            return needed.width < width || needed.height < height ? needed : nil
        }
    }
}

extension Transforms.Thumbnail: BandTransform {
    /// Streams the aspect-fill resize, then the border or the rounding.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        guard var scaled = try resize.bands(from: input, context: context) else { return nil }
        if sharpens || (!keepsProfile && scaled.header.metadata.iccProfile != nil && ColorManagement.isAvailable) {
            // A thumbnail is small: collect it, convert and sharpen it whole.
            scaled = ImageBandSource(try sharpened(inSRGB(scaled.materialized(context: context)), context: context))
        }
        var header = scaled.header
        if !keepsMetadata {
            header.metadata.exif = nil
            header.metadata.text.removeAll(where: \.isXMP)
        }
        let thumbnail = RelabeledBandSource(scaled, header: header)
        if radii.isEmpty { return try Transforms.Border(width: border).bands(from: thumbnail, context: context) }
        return try Transforms.Round(radii: radii, border: border).bands(from: thumbnail, context: context)
    }
}

extension Transforms.Thumbnail: RenderSizeHinting {
    /// A vector source drawn at the aspect-fill's size: the thumbnail is then only cut.
    public func renderedSize(width: Int, height: Int) -> (width: Int, height: Int)? { resize.renderedSize(width: width, height: height) }
}
