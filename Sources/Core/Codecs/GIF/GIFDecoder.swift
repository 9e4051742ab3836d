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
        var first: [UInt8] = []
        let summary = try GIFReader.walk(bytes, limits: limits, decodes: { $0 == 0 }) { screen, record, indices in
            if compositor == nil {
                var fresh = GIFCompositor(screen: screen)
                try limits.check(width: max(screen.width, record.right), height: max(screen.height, record.bottom))
                first = fresh.add(record, indices: indices)
                compositor = fresh
            }
            return true
        }
        guard let compositor else { throw GIFError.corrupt("the file holds no image") }
        if summary.frames.count > 1 { warn("animated GIF: only the first of its \(summary.frames.count) frames is read") }
        // On the canvas every frame fits (as `info` reports it), the rest see-through.
        let info = Self.info(summary)
        guard info.canvasWidth == compositor.width, info.canvasHeight == compositor.height else {
            let placed = Self.placed(first, width: compositor.width, height: compositor.height, on: (info.canvasWidth, info.canvasHeight))
            return Self.image(placed, width: info.canvasWidth, height: info.canvasHeight, keepsAlpha: true)
        }
        return Self.image(first, width: compositor.width, height: compositor.height, keepsAlpha: summary.frames[0].transparentIndex != nil)
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

    /// Decodes every frame of `bytes`, composited. The canvas times the frame count is checked
    /// against the limits from the headers first.
    public func decodeAnimation(_ bytes: [UInt8]) throws -> Animation {
        #if canImport(CGIF)
        let info = try readInfo(bytes)
        try limits.checkAnimation(width: info.canvasWidth, height: info.canvasHeight, frames: info.frameCount)
        var compositor: GIFCompositor?
        var canvases: [(pixels: [UInt8], width: Int, height: Int)] = []
        let summary = try GIFReader.walk(bytes, limits: limits, decodes: { _ in true }) { screen, record, indices in
            var current = compositor ?? GIFCompositor(screen: screen)
            canvases.append((current.add(record, indices: indices), current.width, current.height))
            compositor = current
            return true
        }
        // The frames' data ended where the headers said more follow: a frame is damaged.
        if canvases.count < info.frameCount {
            throw GIFError.corrupt(
                "frame \(canvases.count + 1) of \(info.frameCount) cannot be decoded: its image data is damaged (load frames=first reads the first)")
        }
        // A canvas that grew leaves earlier frames smaller: they are placed top left on the final
        // canvas, the rest see-through.
        let width = canvases.map(\.width).max() ?? info.width
        let height = canvases.map(\.height).max() ?? info.height
        let hasAlpha = canvases.contains { canvas in canvas.width != width || canvas.height != height || Self.hasSeeThrough(canvas.pixels) }
        var frames: [AnimationFrame] = []
        frames.reserveCapacity(canvases.count)
        for (index, canvas) in canvases.enumerated() {
            var pixels = canvas.pixels
            if canvas.width != width || canvas.height != height {
                pixels = Self.placed(pixels, width: canvas.width, height: canvas.height, on: (width, height))
            }
            canvases[index].pixels = []
            frames.append(AnimationFrame(image: Self.image(pixels, width: width, height: height, keepsAlpha: hasAlpha), duration: summary.frames[index].delay))
        }
        return Animation(frames: frames, loopCount: summary.loopCount)
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

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

    /// A `width`×`height` RGBA canvas placed top left on a larger one, the rest see-through.
    private static func placed(_ rgba: [UInt8], width: Int, height: Int, on canvas: (width: Int, height: Int)) -> [UInt8] {
        var placed = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
        for y in 0..<height {
            placed.replaceSubrange(y * canvas.width * 4..<(y * canvas.width + width) * 4, with: rgba[y * width * 4..<(y + 1) * width * 4])
        }
        return placed
    }

    private static func hasSeeThrough(_ rgba: [UInt8]) -> Bool {
        stride(from: 3, to: rgba.count, by: 4).contains { rgba[$0] != 255 }
    }

    /// RGBA samples as an image: RGBA when `keepsAlpha`, else RGB.
    private static func image(_ rgba: [UInt8], width: Int, height: Int, keepsAlpha: Bool) -> Image {
        let image = Image(width: width, height: height, layout: .rgba, samples: rgba)
        return keepsAlpha ? image : image.converted(to: .rgb)
    }
}
