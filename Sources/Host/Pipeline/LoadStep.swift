import NinepipeCore

/// `load "PATH" [orient=auto|keep]`: reads and decodes an image file.
///
/// With `orient=auto` (the default) the EXIF orientation is applied, so pixels come out
/// upright and the tag is 1; `orient=keep` keeps the stored pixels and the tag.
///
/// A vector file (SVG) is drawn at `width=`/`height=` pixels or at `density=` (96 is its own
/// size), else at the size the next step makes (`thumbnail`, `resize`: see
/// `RenderSizeHinting`), else at its own size.
///
/// A batch pipeline's first step may be a load without a path (`load orient=keep | …`): it
/// says how each input is decoded.
struct LoadStep: Sendable, Hashable {
    /// The file; `nil` for a batch pipeline's pathless first load (the input is given).
    var path: String?
    var keepsOrientation: Bool
    /// Shrink-on-load factor (1, 2, 4 or 8), for formats that can shrink while decoding.
    var shrink: Int
    /// Where nine-patch information comes from: the `npTc` chunk when there is one, else the
    /// frame of a `.9.png` (``NinePatchSource/auto``), always the frame, neither (a plain image),
    /// or the chunks as stored.
    var ninePatch: NinePatchSource = .auto
    /// Whether the pixels are converted from their ICC profile to sRGB (`icc=srgb`).
    var convertsToSRGB = false
    /// HEIC/AVIF: read the embedded thumbnail instead of the image (`thumbnail=true`).
    var usesEmbeddedThumbnail = false
    /// Vector files: the size given by `width=`, `height=` or `density=`; `nil` when none was.
    var rendering: VectorRendering?
    /// Animated files (GIF, WebP): every frame, the first, or (`auto`) every frame when the
    /// pipeline's output can animate or it picks frames.
    var frames = FrameChoice.auto

    /// `frames=` on `load`.
    enum FrameChoice: String, Sendable, Hashable, CaseIterable {
        case auto, first, all
    }

    /// The step, reading through `codecs`.
    static func descriptor(codecs: ImageCodecRegistry) -> StepDescriptor {
        StepDescriptor(
            name: "load", version: "1.0.0",
            summary:
                "Read a \(codecs.formatNames(joinedBy: "or")) file; applies its EXIF orientation unless orient=keep; draws a vector file at the size asked",
            parameters: [
                ParameterSpec(
                    "path", .path, positional: true,
                    summary: "the file to read (a batch pipeline's first load leaves it out: each input is read with these options)"),
                ParameterSpec(
                    "orient", .choice(["auto", "keep"]), default: .choice("auto"),
                    summary: "auto: turn pixels upright and reset the tag; keep: leave pixels and tag as stored"),
                ParameterSpec(
                    "shrink", .choice(["1", "2", "4", "8"]), default: .choice("1"),
                    summary: "decode at 1/N size, sides rounded up: JPEG by libjpeg's DCT scaling, WebP by libwebp's rescaler (fast); PNG ignores it"),
                ParameterSpec(
                    "ninepatch", .choice(NinePatchSource.allCases.map(\.rawValue)), default: .choice("auto"),
                    summary:
                        "nine-patch info: auto (the npTc chunk of a compiled file, else the 1-pixel frame of a .9.png), border (always the frame), none (a plain image: no frame read, nine-patch chunks dropped), keep (no frame read, chunks kept as stored)"
                ),
                ParameterSpec(
                    "thumbnail", .boolean, default: .boolean(false),
                    summary: "HEIC/AVIF: read the small thumbnail the file carries instead of the full image (when it has one)"),
                ParameterSpec(
                    "icc", .choice(["keep", "srgb"]), default: .choice("keep"),
                    summary: "keep: the ICC profile travels with the pixels; srgb: convert the pixels to sRGB now (LittleCMS, perceptual)"),
                ParameterSpec(
                    "width", .integer(1...Int(Int32.max)),
                    summary: "SVG: draw this many pixels wide (the height follows the aspect ratio unless given too); raster files refuse it"),
                ParameterSpec(
                    "height", .integer(1...Int(Int32.max)),
                    summary: "SVG: draw this many pixels high (the width follows the aspect ratio unless given too); raster files refuse it"),
                ParameterSpec(
                    "density", .number(1...9600),
                    summary: "SVG: draw at this many pixels per CSS inch: 96 is the document's own size, 192 twice it (not with width/height)"),
                ParameterSpec(
                    "frames", .choice(FrameChoice.allCases.map(\.rawValue)), default: .choice("auto"),
                    summary:
                        "animated GIF/WebP: all frames, the first only, or auto (all when a save can animate, .gif or .webp, or a frame/frames step follows; else the first, with a warning)"
                ),
            ],
            role: .source
        ) { arguments in
            .load(
                LoadStep(
                    path: arguments["path"]?.stringValue, keepsOrientation: try arguments.string("orient") == "keep",
                    shrink: Int(try arguments.string("shrink")) ?? 1,
                    ninePatch: NinePatchSource(rawValue: try arguments.string("ninepatch")) ?? .auto,
                    convertsToSRGB: try arguments.string("icc") == "srgb",
                    usesEmbeddedThumbnail: try arguments.boolean("thumbnail"), rendering: try Self.rendering(arguments),
                    frames: FrameChoice(rawValue: try arguments.string("frames")) ?? .auto))
        }
    }

    /// Whether an animated file's frames are all decoded: `frames=all`, or `auto` when
    /// `animatedOutput` (the pipeline's output can animate, or a step picks frames).
    func keepsFrames(animatedOutput: Bool) -> Bool { frames == .all || (frames == .auto && animatedOutput) }

    /// The size `width=`, `height=` or `density=` give, or `nil` when none is given.
    static func rendering(_ arguments: Arguments) throws -> VectorRendering? {
        let width = arguments["width"] == nil ? nil : try arguments.integer("width")
        let height = arguments["height"] == nil ? nil : try arguments.integer("height")
        guard let density = arguments["density"]?.doubleValue else {
            return width == nil && height == nil ? nil : VectorRendering(width: width, height: height)
        }
        if let given = ["width", "height"].first(where: { arguments[$0] != nil }) {
            throw ParameterError(
                name: "density", value: arguments["density"]?.description ?? "",
                expected: "either a size (\(given)=) or a density, not both: a size already says how many pixels to draw")
        }
        return VectorRendering(density: density)
    }

    /// What a load gave: the image, and whether it already is the next step's result (a crop
    /// decoded as just its rectangle), so the runner skips that step.
    struct Decoded {
        var image: Image
        var appliedNext = false
        /// Every frame, when the file is animated and its frames were asked for (`image` is the first).
        var animation: Animation?
        /// How many of the steps after the load already ran on each frame as it was decoded.
        var appliedSteps = 0
    }

    /// Reads the file; `next`, the step that will receive the image, may ask for a smaller decode
    /// (shrink-on-load, when no explicit `shrink=` was given) or for a region only (a crop).
    func run(_ context: RunContext, next: (any Transform)? = nil, keepsFrames: Bool = false, frameSteps: FrameSteps = FrameSteps()) throws -> Decoded {
        guard let path else { throw MissingLoadPathError() }
        return try decode(try context.policy.read(path), context, next: next, keepsFrames: keepsFrames, frameSteps: frameSteps)
    }

    /// The steps right after a load that an animation's frames run through as they are decoded:
    /// how many, and the function that runs them (its errors already name their step).
    struct FrameSteps {
        var count = 0
        var apply: (Image) throws -> Image = { $0 }
    }

    /// The file as a stream of bands, when this load can give one that equals its decoded image:
    /// a file (not a pipe) whose format's decoder streams (PNG not interlaced, JPEG) with no
    /// orientation to apply and no nine-patch frame to read. `nil` otherwise (the runner then
    /// decodes the whole image with ``run(_:next:)``). It is decoded at the shrink `next` allows,
    /// as ``run(_:next:)`` does.
    ///
    /// - Parameter minimumBytes: decline images whose decoded pixels take fewer bytes.
    func stream(_ context: RunContext, next: (any Transform)?, minimumBytes: Int) throws -> (any BandSource)? {
        // A drawing size is for vector files, which do not stream: a raster file refuses it when decoded.
        guard let path, ninePatch != .border, rendering == nil else { return nil }
        do {
            guard let file = try context.policy.openFile(path) else { return nil }
            let head = try file.bytes(0..<min(32, file.count))
            // A shrink the format cannot do while decoding is decoded whole (and ignored there).
            guard let capabilities = context.codecs.capabilities(of: head), capabilities.streams,
                shrink == 1 || capabilities.shrinkFactors.contains(shrink)
            else { return nil }
            let hint = next as? any DecodeSizeHinting
            let shrink = self.shrink
            guard
                let source = try context.codecs.bands(
                    file, limits: context.limits,
                    shrink: { width, height, orientation in
                        shrink != 1 ? shrink : Self.scale(width: width, height: height, orientation: orientation, next: hint, capabilities: capabilities)
                    }, warn: { context.warn("\(path): \($0)") })
            else { return nil }
            context.sourceFormat = context.codecs.format(sniffing: head)
            let header = source.header
            let readsFrame = ninePatch == .auto && NinePatchSource.hasSourceName(path) && header.metadata.ninePatch?.chunk == nil
            // A plain image (`none`) drops chunks the stream's header carries: decoded whole instead.
            let dropsChunks = ninePatch == .none && header.metadata.ninePatch != nil
            guard !readsFrame, !dropsChunks, keepsOrientation || header.metadata.orientation == .up,
                !convertsToSRGB || header.metadata.iccProfile == nil,
                header.height * header.bytesPerRow >= minimumBytes
            else { return nil }
            return source
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }

    /// Decodes `bytes` as this step would decode its file (`path` names it in messages).
    ///
    /// With `keepsFrames`, an animated file gives every frame, and `frameSteps` (the transforms
    /// right after the load) run on each frame as it is decoded, so only one frame is ever
    /// held at its decoded size; ``Decoded/appliedSteps`` says they ran.
    func decode(
        _ bytes: [UInt8], _ context: RunContext, next: (any Transform)? = nil, keepsFrames: Bool = false, frameSteps: FrameSteps = FrameSteps()
    ) throws -> Decoded {
        let path = self.path ?? "<input>"
        context.sourceFormat = context.codecs.format(sniffing: bytes)
        do {
            if keepsFrames, try context.codecs.frameCount(bytes, limits: context.limits) > 1 {
                return try decodeFrames(bytes, context, path: path, steps: frameSteps)
            }
            let rendering = try vectorRendering(for: bytes, next: next, context: context)
            var resources = VectorDrawable.Resources.none
            if context.sourceFormat == .vectorDrawable, let path = self.path {
                let values = AndroidResourceValues(forDrawableAt: path, limits: context.limits)
                if let unreadable = values.unreadable { throw unreadable }
                resources.colors = values.colors
                resources.strings = values.strings
                resources.colorAlphas = values.colorAlphas
            }
            if let region = try region(for: bytes, next: next, context: context) {
                var options = DecodeOptions(limits: context.limits, region: region)
                options.rendering = rendering
                options.resources = resources
                var image = try context.codecs.decode(bytes, options: options) { context.warn("\(path): \($0)") }
                if convertsToSRGB { image = try image.convertedToSRGB() }
                return Decoded(image: image, appliedNext: true)
            }
            let scale = try shrink != 1 ? shrink : Self.scale(for: bytes, next: next as? any DecodeSizeHinting, context: context)
            var options = DecodeOptions(limits: context.limits, shrink: scale)
            options.appliesOrientation = !keepsOrientation
            options.usesEmbeddedThumbnail = usesEmbeddedThumbnail
            options.rendering = rendering
            options.resources = resources
            // frames=first asked for the first frame: the decoder's note about the rest is not news.
            var image = try context.codecs.decode(bytes, options: options) { message in
                guard message.hasPrefix("animated ") else { return context.warn("\(path): \(message)") }
                if frames == .auto { context.warn("\(path): \(message) (save as .gif or .webp to keep every frame, or load frames=first)") }
            }
            if !keepsOrientation { image = image.uprighted() }
            if convertsToSRGB { image = try image.convertedToSRGB() }
            return Decoded(image: try ninePatch.resolve(image, path: path) { context.warnOnce("\(path): \($0)") })
        } catch let failure as StepFailure {
            throw failure  // a step run on each frame failed: it names itself
        } catch let error as CancellationError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }

    /// Every frame of an animated file, each turned upright and converted as a still image is,
    /// then run through `steps` as it is decoded.
    private func decodeFrames(_ bytes: [UInt8], _ context: RunContext, path: String, steps: FrameSteps) throws -> Decoded {
        if rendering != nil { throw RasterSizeError(format: context.codecs.format(sniffing: bytes) ?? .gif) }
        let keepsOrientation = keepsOrientation
        let convertsToSRGB = convertsToSRGB
        let animation = try context.codecs.decodeAnimation(bytes, options: DecodeOptions(limits: context.limits), warn: { context.warn("\(path): \($0)") }) {
            frame in
            var frame = frame
            if !keepsOrientation { frame = frame.uprighted() }
            if convertsToSRGB { frame = try frame.convertedToSRGB() }
            return try steps.apply(frame)
        }
        guard let animation else { throw context.codecs.unavailable(context.codecs.format(sniffing: bytes) ?? .gif) }
        return Decoded(image: animation.firstImage, animation: animation, appliedSteps: steps.count)
    }

    /// How a vector file is drawn: at the size given to this step, else at the size `next` makes
    /// (when it can tell), else at its own size. A raster file refuses a size given here.
    func vectorRendering(for bytes: [UInt8], next: (any Transform)?, context: RunContext) throws -> VectorRendering {
        guard let decoder = context.codecs.decoder(sniffing: bytes) else { return .intrinsic }
        guard decoder.capabilities.rendersAtAnySize else {
            if rendering != nil { throw RasterSizeError(format: decoder.format) }
            return .intrinsic
        }
        if let rendering { return rendering }
        guard let hint = next as? any RenderSizeHinting else { return .intrinsic }
        let info = try context.codecs.info(bytes, limits: context.limits)
        guard let size = hint.renderedSize(width: info.width, height: info.height) else { return .intrinsic }
        return VectorRendering(width: size.width, height: size.height)
    }

    /// The rectangle to decode when `next` keeps only one (a crop) and decoding just it
    /// is certain to give the same result: no orientation to apply, no nine-patch to crop (neither
    /// chunks nor a frame this load would read), no `shrink=`.
    func region(for bytes: [UInt8], next: (any Transform)?, context: RunContext) throws -> PixelRect? {
        // Formats that cannot decode a region alone are decoded whole and cut by the registry.
        // A vector file's region would be in pixels of the size it is drawn at: drawn whole, then cut.
        guard let hint = next as? any DecodeRegionHinting, shrink == 1, !usesEmbeddedThumbnail,
            let capabilities = context.codecs.capabilities(of: bytes), !capabilities.rendersAtAnySize
        else { return nil }
        let readsFrame = ninePatch == .border || (ninePatch == .auto && NinePatchSource.hasSourceName(path ?? ""))
        guard !readsFrame else { return nil }
        let info = try context.codecs.info(bytes, limits: context.limits)
        guard info.metadata.ninePatch == nil, keepsOrientation || info.metadata.orientation == .up else { return nil }
        return hint.decodedRegion(width: info.width, height: info.height)
    }

    /// The shrink-on-load factor that still gives `next` the size it asks for, among those the
    /// format's decoder can do while decoding (JPEG's DCT scaling, WebP's rescaler); 1 for others.
    static func scale(for bytes: [UInt8], next: (any DecodeSizeHinting)?, context: RunContext) throws -> Int {
        guard next != nil, let capabilities = context.codecs.capabilities(of: bytes), capabilities.shrinkFactors.count > 1 else { return 1 }
        let info = try context.codecs.info(bytes, limits: context.limits)
        return scale(width: info.width, height: info.height, orientation: info.metadata.orientation, next: next, capabilities: capabilities)
    }

    /// The shrink factor for a file stored `width`×`height` with `orientation` that still gives
    /// `next` the size it asks for, among the `capabilities`' factors.
    static func scale(width: Int, height: Int, orientation: Orientation, next: (any DecodeSizeHinting)?, capabilities: DecoderCapabilities) -> Int {
        guard let next else { return 1 }
        let swaps = orientation.swapsDimensions
        let (shownWidth, shownHeight) = swaps ? (height, width) : (width, height)
        guard let needed = next.minimumSourceSize(width: shownWidth, height: shownHeight) else { return 1 }
        let (storedWidth, storedHeight) = swaps ? (needed.height, needed.width) : (needed.width, needed.height)
        return capabilities.shrinkFactor(width: width, height: height, minimumWidth: storedWidth, minimumHeight: storedHeight)
    }
}
