#if canImport(CGIF)
import CGIF
#endif

/// Decodes GIF through giflib: the first frame, its palette (local or global) and its
/// transparent index, placed on the logical screen (the rest of the screen see-through), with
/// interlaced rows put in order. Later frames are counted, not decoded, and reported as a
/// warning. The screen and frame sizes are checked against the limits before any pixel memory.
///
/// The result is 8-bit RGBA when the frame has a transparent index or does not cover the
/// screen, RGB otherwise. There is no GIF writer.
public struct GIFDecoder: Sendable {
    /// Size limits checked against the header before any pixel memory is allocated.
    public var limits: ImageLimits

    /// Creates a decoder.
    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// What the header and the frames' descriptors say.
    public struct Info: Sendable, Hashable {
        /// The logical screen's size.
        public var width: Int, height: Int
        /// Whether the first frame has a transparent index or leaves part of the screen empty.
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
    }

    /// Reads the screen and every frame's descriptor, without decoding pixels.
    public func readInfo(_ bytes: [UInt8]) throws -> Info {
        #if canImport(CGIF)
        return try GIFReader.read(bytes, limits: limits, decodesFirstFrame: false).info
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }

    /// Decodes the first frame of `bytes`; `warn` hears about the frames left out.
    public func decode(_ bytes: [UInt8], warn: (String) -> Void = { _ in }) throws -> Image {
        #if canImport(CGIF)
        let result = try GIFReader.read(bytes, limits: limits, decodesFirstFrame: true)
        if result.info.frameCount > 1 { warn("animated GIF: only the first of its \(result.info.frameCount) frames is read") }
        guard let image = result.image else { throw GIFError.corrupt("the file holds no image") }
        return image
        #else
        throw FormatUnavailableError(format: .gif)
        #endif
    }
}

#if canImport(CGIF)
/// One pass over a GIF with giflib's record-level API.
private enum GIFReader {
    /// The bytes giflib reads from, and how far it has read.
    final class Input {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    static func read(_ bytes: [UInt8], limits: ImageLimits, decodesFirstFrame: Bool) throws -> (info: GIFDecoder.Info, image: Image?) {
        try bytes.withUnsafeBufferPointer { buffer in
            let input = Input(buffer)
            var status: Int32 = 0
            let opened = withExtendedLifetime(input) {
                DGifOpen(
                    Unmanaged.passUnretained(input).toOpaque(),
                    { file, out, count in
                        guard let file, let out, let user = file.pointee.UserData else { return 0 }
                        let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
                        let count = max(0, min(Int(count), input.bytes.count - input.offset))
                        if count > 0, let base = input.bytes.baseAddress { out.update(from: base + input.offset, count: count) }
                        input.offset += count
                        return Int32(count)
                    }, &status)
            }
            guard let gif = opened else { throw GIFError(code: status, offset: input.offset) }
            defer { DGifCloseFile(gif, nil) }
            return try withExtendedLifetime(input) { try walk(gif, input: input, limits: limits, decodesFirstFrame: decodesFirstFrame) }
        }
    }

    private static func walk(
        _ gif: UnsafeMutablePointer<GifFileType>, input: Input, limits: ImageLimits,
        decodesFirstFrame: Bool
    ) throws -> (info: GIFDecoder.Info, image: Image?) {
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw GIFError.corrupt("the logical screen is \(width)×\(height) pixels (at byte 6)") }
        try limits.check(width: width, height: height)
        var info = GIFDecoder.Info(width: width, height: height, hasAlpha: false, isInterlaced: false, frameCount: 0)
        var image: Image?
        var transparent = -1
        var delay = 0
        func fail() -> GIFError { GIFError(code: gif.pointee.Error, offset: input.offset) }
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                // Bytes after the last frame that are not a record: the image is complete.
                if info.frameCount > 0 { break }
                throw fail()
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else {
                    // giflib reads the LZW minimum code size last and refuses one over 8 as a failed read.
                    let at = input.offset - 1
                    if gif.pointee.Error == D_GIF_ERR_READ_FAILED, at >= 0, input.offset < input.bytes.count, input.bytes[at] > 8 {
                        throw GIFError.corrupt(
                            "a frame's LZW minimum code size is \(input.bytes[at]) (at byte \(at)), over the 8 GIF allows, and giflib cannot decode it (Pillow and browsers read such files)"
                        )
                    }
                    throw fail()
                }
                let frame = gif.pointee.Image
                info.frameCount += 1
                info.frameDurations.append(delay)
                delay = 0
                if info.frameCount == 1 {
                    let left = Int(frame.Left)
                    let top = Int(frame.Top)
                    let frameWidth = Int(frame.Width)
                    let frameHeight = Int(frame.Height)
                    try limits.check(width: frameWidth, height: frameHeight)
                    info.isInterlaced = frame.Interlace
                    let covers = left == 0 && top == 0 && frameWidth >= width && frameHeight >= height
                    info.hasAlpha = transparent >= 0 || !covers
                    if decodesFirstFrame {
                        image = try firstFrame(gif, input: input, screen: (width, height), transparent: transparent, hasAlpha: info.hasAlpha)
                        continue
                    }
                }
                try skipImageData(gif, input: input)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw fail() }
                // A graphics control block gives the next frame's delay (and, before the first
                // frame, its transparent index).
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    delay = (Int(block[2]) | Int(block[3]) << 8) * 10
                    if info.frameCount == 0 { transparent = block[1] & 1 != 0 ? Int(block[4]) : -1 }
                }
                // An application block NETSCAPE2.0 (or ANIMEXTS1.0) whose sub-block 1 holds the loop count.
                let looping =
                    code == APPLICATION_EXT_FUNC_CODE
                    && block.map { $0[0] == 11 && (Self.matches($0, "NETSCAPE2.0") || Self.matches($0, "ANIMEXTS1.0")) } == true
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw fail() }
                    // The first such block counts, as Pillow and browsers read it.
                    if looping, info.loopCount == nil, let sub = block, sub[0] >= 3, sub[1] == 1 { info.loopCount = Int(sub[2]) | Int(sub[3]) << 8 }
                }
            case TERMINATE_RECORD_TYPE:
                guard info.frameCount > 0 else { throw GIFError.corrupt("the file ends before its first image") }
                return (info, image)
            default:
                break
            }
        }
        return (info, image)
    }

    /// Whether the extension block `block` (its length byte first) spells `name`.
    private static func matches(_ block: UnsafeMutablePointer<GifByteType>, _ name: String) -> Bool {
        name.utf8.enumerated().allSatisfy { block[$0.offset + 1] == $0.element }
    }

    /// Skips one frame's compressed data without decoding it.
    private static func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>, input: Input) throws {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { throw GIFError(code: gif.pointee.Error, offset: input.offset) }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw GIFError(code: gif.pointee.Error, offset: input.offset) }
        }
    }

    /// Decodes the frame whose descriptor was just read onto the screen.
    private static func firstFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, input: Input, screen: (width: Int, height: Int),
        transparent: Int, hasAlpha: Bool
    ) throws -> Image {
        let frame = gif.pointee.Image
        guard let map = frame.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw GIFError.corrupt("the first image has no colour table, neither its own nor a global one")
        }
        let paletteCount = Int(map.pointee.ColorCount)
        let frameWidth = Int(frame.Width)
        let frameHeight = Int(frame.Height)
        let left = Int(frame.Left)
        let top = Int(frame.Top)
        let channels = hasAlpha ? 4 : 3
        var samples = [UInt8](repeating: 0, count: screen.width * screen.height * channels)
        // giflib consumes a frame's data as its last pixel is read: an empty frame is skipped.
        guard frameWidth > 0, frameHeight > 0 else {
            try skipImageData(gif, input: input)
            return Image(width: screen.width, height: screen.height, layout: hasAlpha ? .rgba : .rgb, samples: samples)
        }
        var line = [GifByteType](repeating: 0, count: max(1, frameWidth))
        // Interlaced frames store rows 0, 8, 16…, then 4, 12…, then 2, 6…, then 1, 3….
        let order: [Int] =
            frame.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: frameHeight, by: step)) }
            : Array(0..<frameHeight)
        for row in order {
            let status = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frameWidth)) }
            guard status == GIF_OK else { throw GIFError(code: gif.pointee.Error, offset: input.offset) }
            let y = top + row
            guard y < screen.height else { continue }
            for x in 0..<frameWidth where left + x < screen.width {
                let index = Int(line[x])
                let target = (y * screen.width + left + x) * channels
                if index == transparent { continue }  // stays (0, 0, 0, 0)
                // An index past the palette shows as black, as browsers draw it.
                if index < paletteCount {
                    let color = colors[index]
                    samples[target] = color.Red
                    samples[target + 1] = color.Green
                    samples[target + 2] = color.Blue
                }
                if channels == 4 { samples[target + 3] = 255 }
            }
        }
        return Image(width: screen.width, height: screen.height, layout: hasAlpha ? .rgba : .rgb, samples: samples)
    }
}
#endif
