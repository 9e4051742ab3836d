import Synchronization

#if canImport(CGIF)
import CGIF
#endif

/// Writes GIF, still or animated, through giflib's encoder (LZW): one palette chosen for all
/// frames (``ColorQuantizer``: median cut refined by k-means), Floyd–Steinberg dithering
/// (``PaletteMapper``), alpha under the cutoff as the transparent index.
///
/// Frames after the first store only the rectangle that changed, with unchanged pixels
/// transparent, over the frame before (disposal 1). Where a frame makes pixels see-through that
/// were not, the frame before is stored whole and cleared after it is shown (disposal 2), so the
/// file shows the same pictures in browsers and in Pillow.
public struct GIFEncoder: Sendable {
    /// The most colours in the palette, 2–256 (a transparent index counts as one).
    public var colorCount: Int
    /// Whether colours are dithered (Floyd–Steinberg).
    public var dithers: Bool
    /// Pixels whose alpha is under this (1–255) are transparent; the rest are opaque.
    public var alphaCutoff: Int

    /// Creates an encoder.
    public init(colorCount: Int = 256, dithers: Bool = true, alphaCutoff: Int = 128) {
        self.colorCount = max(2, min(256, colorCount))
        self.dithers = dithers
        self.alphaCutoff = max(1, min(255, alphaCutoff))
    }

    /// The GIF bytes of one picture.
    public func encode(_ image: Image) throws -> [UInt8] {
        try encode(Animation(frames: [AnimationFrame(image: image, duration: 0)], loopCount: nil))
    }

    /// The GIF bytes of `animation`: every frame with its duration (rounded to hundredths of a
    /// second) and the loop count (no NETSCAPE2.0 block when it is `nil`). Frames are mapped to
    /// the palette on every core; memory beyond the animation is a frame's indices each and two
    /// frames' samples.
    public func encode(_ animation: Animation) throws -> [UInt8] {
        #if canImport(CGIF)
        let width = animation.width
        let height = animation.height
        guard width <= 65535, height <= 65535 else {
            throw GIFError.writeFailed("GIF holds at most 65535 pixels a side; the image is \(width)×\(height): resize it first")
        }
        let count = animation.frames.count
        let isAnimated = count > 1
        // One pass for the histogram, whether any pixel is see-through, and where a frame makes
        // pixels see-through that the frame before showed (that frame is then cleared after it
        // is shown).
        var quantizer = ColorQuantizer(alphaCutoff: alphaCutoff)
        var hasSeeThrough = false
        var clearsBefore = [Bool](repeating: false, count: count)
        var previousOpacity: [Bool]?
        for (index, frame) in animation.frames.enumerated() {
            let pixels = Self.rgba(frame.image)
            quantizer.add(pixels)
            let opacity = Self.opacity(pixels, cutoff: alphaCutoff)
            if opacity.contains(false) { hasSeeThrough = true }
            if let previousOpacity { clearsBefore[index] = zip(previousOpacity, opacity).contains { $0 && !$1 } }
            previousOpacity = opacity
        }
        // Unchanged pixels of later frames and see-through pixels need the transparent index.
        let needsTransparent = hasSeeThrough || isAnimated
        var palette = quantizer.palette(count: needsTransparent ? colorCount - 1 : colorCount)
        if palette.isEmpty { palette = [0, 0, 0] }
        let transparentIndex: Int? = needsTransparent ? palette.count / 3 : nil
        if transparentIndex != nil { palette += [0, 0, 0] }
        var bits = 1
        while (1 << bits) < palette.count / 3 { bits += 1 }
        palette += [UInt8](repeating: 0, count: (1 << bits) * 3 - palette.count)
        let mapped = try mapFrames(animation, palette: palette, transparentIndex: transparentIndex)
        var writer = try GIFWriter()
        defer { writer.abandon() }
        try writer.open(width: width, height: height, palette: palette)
        if isAnimated, let loop = animation.loopCount { try writer.loop(loop) }
        var previous: [UInt8] = []
        for (index, frame) in animation.frames.enumerated() {
            let pixels = Self.rgba(frame.image)
            var indices = mapped[index]
            let clearsAfter = index + 1 < count && clearsBefore[index + 1]
            var rect = PixelRect(x: 0, y: 0, width: width, height: height)
            if index > 0 && !clearsBefore[index], let transparentIndex {
                // Over the frame before: only what changed, the rest transparent.
                rect = Self.keepChanges(&indices, pixels: pixels, previous: previous, width: width, cutoff: alphaCutoff, transparent: UInt8(transparentIndex))
            } else if !clearsAfter, index > 0 || hasSeeThrough {
                // On a clear canvas: only the rectangle that shows something.
                rect = Self.bounds(pixels, width: width, cutoff: alphaCutoff) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            }
            if clearsAfter { rect = PixelRect(x: 0, y: 0, width: width, height: height) }
            if isAnimated || transparentIndex != nil || frame.duration != 0 {
                try writer.control(delay: frame.duration, disposal: isAnimated ? (clearsAfter ? 2 : 1) : 0, transparentIndex: transparentIndex)
            }
            try writer.image(indices, width: width, rect: rect)
            previous = pixels
        }
        return try writer.close()
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

    /// Every frame's palette indices, frames spread over the cores (each with its own mapper).
    private func mapFrames(_ animation: Animation, palette: [UInt8], transparentIndex: Int?) throws -> [[UInt8]] {
        let results = Mutex<[[UInt8]]>(Array(repeating: [], count: animation.frames.count))
        let (dithers, cutoff, width, height) = (self.dithers, alphaCutoff, animation.width, animation.height)
        try TransformContext().concurrentBands(count: animation.frames.count, work: width * height * animation.frames.count * 8) { band, isCancelled in
            var mapper = PaletteMapper(palette: palette)
            for index in band where !isCancelled() {
                let indices = mapper.indices(
                    of: Self.rgba(animation.frames[index].image), width: width, height: height, dithers: dithers, alphaCutoff: cutoff,
                    transparentIndex: transparentIndex)
                results.withLock { $0[index] = indices }
            }
        }
        return results.withLock { $0 }
    }

    /// Makes every pixel that shows the same as in `previous` transparent, and returns the
    /// rectangle of those that changed (1×1 at the origin when none did).
    private static func keepChanges(
        _ indices: inout [UInt8], pixels: [UInt8], previous: [UInt8], width: Int, cutoff: Int, transparent: UInt8
    ) -> PixelRect {
        let height = indices.count / width
        var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
        let cut = UInt8(clamping: cutoff)
        indices.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { now in
                previous.withUnsafeBufferPointer { before in
                    for y in 0..<height {
                        for x in 0..<width {
                            let at = y * width + x
                            let p = at * 4
                            let shown = now[p + 3] >= cut
                            let shownBefore = before[p + 3] >= cut
                            let same = shown == shownBefore && (!shown || (now[p] == before[p] && now[p + 1] == before[p + 1] && now[p + 2] == before[p + 2]))
                            if same {
                                out[at] = transparent
                            } else {
                                left = min(left, x)
                                right = max(right, x)
                                top = min(top, y)
                                bottom = max(bottom, y)
                            }
                        }
                    }
                }
            }
        }
        guard right >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// 8-bit straight RGBA samples of `image`.
    static func rgba(_ image: Image) -> [UInt8] {
        var image = image.unpremultiplied()
        if image.depth == .sixteen { image = image.converted(to: .eight) }
        image = image.converted(to: .rgba)
        guard case .eight(let samples) = image.storage else { return [] }
        return samples
    }

    private static func opacity(_ rgba: [UInt8], cutoff: Int) -> [Bool] {
        var out = [Bool](repeating: true, count: rgba.count / 4)
        for i in out.indices { out[i] = Int(rgba[i * 4 + 3]) >= cutoff }
        return out
    }

    /// The rectangle of the pixels at or over the alpha cutoff, or `nil` when there are none.
    private static func bounds(_ rgba: [UInt8], width: Int, cutoff: Int) -> PixelRect? {
        let height = rgba.count / 4 / width
        var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
        for y in 0..<height {
            for x in 0..<width where Int(rgba[(y * width + x) * 4 + 3]) >= cutoff {
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
            }
        }
        return right < 0 ? nil : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}

#if canImport(CGIF)
/// giflib's encoder writing into memory.
private struct GIFWriter {
    private final class Output {
        var bytes: [UInt8] = []
    }

    private let output = Output()
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// giflib's functions.
    private let giflib: ninepipe_gif

    /// A writer over giflib, loading it on first use.
    init() throws(LibraryUnavailableError) { giflib = try GIFLibrary.functions() }

    mutating func open(width: Int, height: Int, palette: [UInt8]) throws {
        var status: Int32 = 0
        gif = giflib.EGifOpen(
            Unmanaged.passUnretained(output).toOpaque(),
            { file, data, count in
                guard let file, let data, let user = file.pointee.UserData, count > 0 else { return 0 }
                Unmanaged<Output>.fromOpaque(user).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
                return count
            }, &status)
        guard let gif else { throw Self.error(status) }
        giflib.EGifSetGifVersion(gif, true)
        let map = try map(palette)
        defer { giflib.GifFreeMapObject(map) }
        var bits: Int32 = 1
        while (1 << bits) < map.pointee.ColorCount { bits += 1 }
        guard giflib.EGifPutScreenDesc(gif, Int32(width), Int32(height), bits, 0, map) == GIF_OK else { throw Self.error(gif.pointee.Error) }
    }

    func loop(_ count: Int) throws {
        guard let gif else { return }
        let name = Array("NETSCAPE2.0".utf8)
        let value = UInt16(clamping: count)
        let sub: [UInt8] = [1, UInt8(value & 0xFF), UInt8(value >> 8)]
        guard giflib.EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
            name.withUnsafeBufferPointer({ giflib.EGifPutExtensionBlock(gif, 11, $0.baseAddress) }) == GIF_OK,
            sub.withUnsafeBufferPointer({ giflib.EGifPutExtensionBlock(gif, 3, $0.baseAddress) }) == GIF_OK,
            giflib.EGifPutExtensionTrailer(gif) == GIF_OK
        else { throw Self.error(gif.pointee.Error) }
    }

    func control(delay: Int, disposal: Int, transparentIndex: Int?) throws {
        guard let gif else { return }
        let hundredths = UInt16(clamping: (delay + 5) / 10)
        let flags = UInt8(disposal << 2) | (transparentIndex == nil ? 0 : 1)
        let block: [UInt8] = [flags, UInt8(hundredths & 0xFF), UInt8(hundredths >> 8), UInt8(transparentIndex ?? 0)]
        guard block.withUnsafeBufferPointer({ giflib.EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, $0.baseAddress) }) == GIF_OK else {
            throw Self.error(gif.pointee.Error)
        }
    }

    /// The rectangle `rect` of a picture `width` wide whose indices are `indices`.
    func image(_ indices: [UInt8], width: Int, rect: PixelRect) throws {
        guard let gif else { return }
        guard giflib.EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, nil) == GIF_OK else {
            throw Self.error(gif.pointee.Error)
        }
        var line = [GifPixelType](repeating: 0, count: rect.width)
        for y in rect.y..<rect.y + rect.height {
            for x in 0..<rect.width { line[x] = indices[y * width + rect.x + x] }
            guard line.withUnsafeMutableBufferPointer({ giflib.EGifPutLine(gif, $0.baseAddress, Int32(rect.width)) }) == GIF_OK else {
                throw Self.error(gif.pointee.Error)
            }
        }
    }

    mutating func close() throws -> [UInt8] {
        guard let gif else { return output.bytes }
        self.gif = nil
        var status: Int32 = 0
        guard giflib.EGifCloseFile(gif, &status) == GIF_OK else { throw Self.error(status) }
        return output.bytes
    }

    /// Frees giflib's state after a failure (nothing once closed).
    mutating func abandon() {
        guard let gif else { return }
        self.gif = nil
        _ = giflib.EGifCloseFile(gif, nil)
    }

    private func map(_ palette: [UInt8]) throws -> UnsafeMutablePointer<ColorMapObject> {
        let count = palette.count / 3
        var colors = (0..<count).map { GifColorType(Red: palette[$0 * 3], Green: palette[$0 * 3 + 1], Blue: palette[$0 * 3 + 2]) }
        guard let map = colors.withUnsafeMutableBufferPointer({ giflib.GifMakeMapObject(Int32(count), $0.baseAddress) }) else {
            throw GIFError.writeFailed("giflib could not make a colour table of \(count) entries")
        }
        return map
    }

    private static func error(_ code: Int32) -> GIFError {
        .writeFailed("giflib error \(code)")
    }
}
#endif
