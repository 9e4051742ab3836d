/// Decodes GIF through giflib: every frame composited to a whole canvas by Pillow's rules (see
/// the compositor's notes in Docs/Formats.md), or the first frame alone. Sizes and the frame
/// count are checked against the limits from the headers, before any pixel memory.
///
/// Frames are 8-bit RGBA when the first frame has a transparent index (or a later one made
/// pixels see-through), RGB otherwise.
public struct GIFDecoder: Sendable {
    /// Size limits checked against the header before any pixel memory is allocated.
    public var limits: ImageLimits

    /// Creates a decoder.
    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// What the header and the frames' descriptors say.
    public struct Info: Sendable, Hashable {
        /// The logical screen's size.
        public var width: Int, height: Int
        /// Whether the first frame has a transparent index.
        public var hasAlpha: Bool
        /// Whether the first frame is stored interlaced.
        public var isInterlaced: Bool
        /// Frames in the file.
        public var frameCount: Int
        /// Each frame's delay in milliseconds (hundredths of a second as stored; 0 without a
        /// graphic control block).
        public var frameDurations: [Int] = []
        /// The NETSCAPE2.0 loop count (0: forever), or `nil` when the file has none (it plays once).
        public var loopCount: Int?
        /// The canvas every frame is drawn on: the screen, grown to hold frames that reach past it.
        public var canvasWidth: Int, canvasHeight: Int
    }

    /// Reads the screen and every frame's descriptor, without decoding pixels.
    public func readInfo(_ bytes: [UInt8]) throws -> Info {
        #if canImport(CGIF)
        let summary = try GIFReader.walk(bytes, limits: limits)
        return Self.info(summary)
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

    /// Decodes the first frame of `bytes`; `warn` hears about the frames left out.
    public func decode(_ bytes: [UInt8], warn: (String) -> Void = { _ in }) throws -> Image {
        #if canImport(CGIF)
        var compositor: GIFCompositor?
        let summary = try GIFReader.walk(bytes, limits: limits, decodes: { $0 == 0 }) { screen, record, indices in
            if compositor == nil {
                try Self.checkDecoding(screen, limits: limits)
                var fresh = GIFCompositor(screen: screen)
                fresh.add(record, indices: indices)
                compositor = fresh
            }
            return true
        }
        guard let compositor else { throw GIFError.corrupt("the file holds no image") }
        if summary.frames.count > 1 { warn("animated GIF: only the first of its \(summary.frames.count) frames is read") }
        return Self.image(compositor, on: Self.info(summary))
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

    /// The decoding check for a GIF on `screen`: RGBA pixels out, and besides them a frame's
    /// indices as giflib reads them, the compositor's index canvas and the one a "restore to
    /// previous" frame keeps, a byte a pixel each.
    private static func checkDecoding(_ screen: GIFScreen, limits: ImageLimits) throws {
        try limits.checkDecoding(
            "the \(screen.width)×\(screen.height) GIF", width: screen.width, height: screen.height, bytesPerPixel: 4,
            working: 3 * screen.width * screen.height)
    }

    /// Decodes every frame of `bytes`, composited, handing each to `each` as it is made and
    /// keeping what it returns. The canvas times the frame count is checked against the limits
    /// from the headers first.
    public func decodeAnimation(_ bytes: [UInt8], each: (Image) throws -> Image = { $0 }) throws -> Animation {
        #if canImport(CGIF)
        let info = try readInfo(bytes)
        try limits.checkAnimation(width: info.canvasWidth, height: info.canvasHeight, frames: info.frameCount)
        try Self.checkDecoding(GIFScreen(width: info.canvasWidth, height: info.canvasHeight), limits: limits)
        var compositor: GIFCompositor?
        var frames: [AnimationFrame] = []
        frames.reserveCapacity(info.frameCount)
        let summary = try GIFReader.walk(bytes, limits: limits, decodes: { _ in true }) { screen, record, indices in
            var current = compositor ?? GIFCompositor(screen: screen)
            compositor = nil
            current.add(record, indices: indices)
            let image = Self.image(current, on: info)
            compositor = current
            frames.append(AnimationFrame(image: try each(image), duration: record.delay))
            try Animation.checkSameSize(frames, from: frames.count - 1)
            return true
        }
        // The frames' data ended where the headers said more follow: a frame is damaged.
        if frames.count < info.frameCount {
            throw GIFError.damagedFrame(frame: frames.count + 1, count: info.frameCount)
        }
        return Animation(frames: frames, loopCount: summary.loopCount)
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

    #if canImport(CGIF)
    /// The compositor's canvas as an image on the whole canvas `info` gives (a canvas that grows
    /// later leaves earlier frames smaller: they are placed top left, the rest see-through). RGBA
    /// when the first frame has a transparent index or the canvas grows, as Pillow's frames
    /// then are; RGB otherwise.
    private static func image(_ compositor: GIFCompositor, on info: Info) -> Image {
        let grows = info.canvasWidth != info.width || info.canvasHeight != info.height
        let keepsAlpha = info.hasAlpha || grows
        let samples = compositor.output(keepsAlpha: keepsAlpha)
        let layout: PixelLayout = keepsAlpha ? .rgba : .rgb
        guard compositor.width != info.canvasWidth || compositor.height != info.canvasHeight else {
            return Image(width: info.canvasWidth, height: info.canvasHeight, layout: layout, samples: samples)
        }
        var placed = [UInt8](repeating: 0, count: info.canvasWidth * info.canvasHeight * 4)
        for y in 0..<compositor.height {
            placed.replaceSubrange(
                y * info.canvasWidth * 4..<(y * info.canvasWidth + compositor.width) * 4,
                with: samples[y * compositor.width * 4..<(y + 1) * compositor.width * 4])
        }
        return Image(width: info.canvasWidth, height: info.canvasHeight, layout: .rgba, samples: placed)
    }
    #endif

    #if canImport(CGIF)
    private static func info(_ summary: GIFReader.Summary) -> Info {
        let first = summary.frames[0]
        return Info(
            width: summary.screen.width, height: summary.screen.height, hasAlpha: first.transparentIndex != nil,
            isInterlaced: first.isInterlaced, frameCount: summary.frames.count, frameDurations: summary.frames.map(\.delay),
            loopCount: summary.loopCount,
            canvasWidth: summary.frames.reduce(summary.screen.width) { max($0, $1.right) },
            canvasHeight: summary.frames.reduce(summary.screen.height) { max($0, $1.bottom) })
    }
    #endif
}
