#if canImport(CGIF)
import CGIF

/// One pass over a GIF with giflib's record-level API: the screen, then each frame's record
/// and (when asked) its indices, rows in display order.
struct GIFReader {
    /// The bytes giflib reads from, and how far it has read.
    private final class Input {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    /// The screen, each frame's record, and the loop count, as ``walk(_:decodes:frame:)`` found them.
    struct Summary {
        var screen: GIFScreen
        var frames: [GIFFrameRecord] = []
        var loopCount: Int?
    }

    /// Reads `bytes` once. `frame` is called for every frame with its record and, while
    /// `decodes` says so for that frame's number, its indices (`width × height`, rows top to
    /// bottom); it returns whether to go on. Frame sizes are checked against `limits`.
    static func walk(
        _ bytes: [UInt8], limits: ImageLimits, decodes: (Int) -> Bool = { _ in false },
        frame: (GIFScreen, GIFFrameRecord, [UInt8]?) throws -> Bool = { _, _, _ in true }
    ) throws -> Summary {
        let giflib = try GIFLibrary.functions()
        return try bytes.withUnsafeBufferPointer { buffer in
            let input = Input(buffer)
            var status: Int32 = 0
            let opened = withExtendedLifetime(input) {
                giflib.DGifOpen(
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
            defer { _ = giflib.DGifCloseFile(gif, nil) }
            return try withExtendedLifetime(input) { try records(giflib, gif, input: input, limits: limits, decodes: decodes, frame: frame) }
        }
    }

    private static func records(
        _ giflib: ninepipe_gif, _ gif: UnsafeMutablePointer<GifFileType>, input: Input, limits: ImageLimits, decodes: (Int) -> Bool,
        frame: (GIFScreen, GIFFrameRecord, [UInt8]?) throws -> Bool
    ) throws -> Summary {
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw GIFError.corrupt("the logical screen is \(width)×\(height) pixels (at byte 6)") }
        try limits.check(width: width, height: height)
        var screen = GIFScreen(width: width, height: height)
        if let map = gif.pointee.SColorMap {
            screen.globalPalette = palette(map)
            screen.background = Int(gif.pointee.SBackGroundColor)
        }
        var summary = Summary(screen: screen)
        var pending = GIFFrameRecord()
        // Bytes that are no record after a frame are skipped one by one, as Pillow skips them; what
        // follows them is read while it reads.
        var afterStrayBytes = false
        func fail() -> GIFError { GIFError(code: gif.pointee.Error, offset: input.offset) }
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard giflib.DGifGetRecordType(gif, &record) == GIF_OK else {
                if !summary.frames.isEmpty, gif.pointee.Error == D_GIF_ERR_WRONG_RECORD {
                    afterStrayBytes = true
                    continue
                }
                // The file ends without its trailer after a frame: the image is complete.
                if !summary.frames.isEmpty { return summary }
                throw fail()
            }
            do {
                switch record {
                case IMAGE_DESC_RECORD_TYPE:
                    guard giflib.DGifGetImageDesc(gif) == GIF_OK else {
                        // giflib reads the LZW minimum code size last and refuses one over 8 as a failed read.
                        let at = input.offset - 1
                        if gif.pointee.Error == D_GIF_ERR_READ_FAILED, at >= 0, input.offset < input.bytes.count, input.bytes[at] > 8 {
                            throw GIFError.corrupt(
                                "a frame's LZW minimum code size is \(input.bytes[at]) (at byte \(at)), over the 8 GIF allows, and giflib cannot decode it (Pillow and browsers read such files)"
                            )
                        }
                        throw fail()
                    }
                    let descriptor = gif.pointee.Image
                    var record = pending
                    pending = GIFFrameRecord()
                    record.left = Int(descriptor.Left)
                    record.top = Int(descriptor.Top)
                    record.width = Int(descriptor.Width)
                    record.height = Int(descriptor.Height)
                    record.isInterlaced = descriptor.Interlace
                    record.localPalette = descriptor.ColorMap.map(palette)
                    // The canvas grows to hold a frame that reaches past the screen: it is checked too.
                    try limits.check(width: max(1, record.width), height: max(1, record.height))
                    try limits.check(width: max(screen.width, record.right), height: max(screen.height, record.bottom))
                    let index = summary.frames.count
                    let indices = decodes(index) ? try pixels(giflib, gif, input: input, record: record) : nil
                    if indices == nil { try skipImageData(giflib, gif, input: input) }
                    summary.frames.append(record)
                    guard try frame(screen, record, indices) else { return summary }
                case EXTENSION_RECORD_TYPE:
                    var code: Int32 = 0
                    var block: UnsafeMutablePointer<GifByteType>?
                    guard giflib.DGifGetExtension(gif, &code, &block) == GIF_OK else { throw fail() }
                    // A graphics control block gives the next frame's delay, disposal and transparent index.
                    if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                        pending.delay = (Int(block[2]) | Int(block[3]) << 8) * 10
                        pending.disposal = Int(block[1] >> 2) & 7
                        pending.transparentIndex = block[1] & 1 != 0 ? Int(block[4]) : nil
                    }
                    // An application block NETSCAPE2.0 (or ANIMEXTS1.0) whose sub-block 1 holds the loop count.
                    let looping =
                        code == APPLICATION_EXT_FUNC_CODE
                        && block.map { $0[0] == 11 && (matches($0, "NETSCAPE2.0") || matches($0, "ANIMEXTS1.0")) } == true
                    while block != nil {
                        guard giflib.DGifGetExtensionNext(gif, &block) == GIF_OK else { throw fail() }
                        // The first such block counts, as Pillow and browsers read it.
                        if looping, summary.loopCount == nil, let sub = block, sub[0] >= 3, sub[1] == 1 {
                            summary.loopCount = Int(sub[2]) | Int(sub[3]) << 8
                        }
                    }
                case TERMINATE_RECORD_TYPE:
                    guard !summary.frames.isEmpty else { throw GIFError.corrupt("the file ends before its first image") }
                    return summary
                default:
                    break
                }
            } catch let error as GIFError where afterStrayBytes {
                _ = error  // what followed stray bytes was not a whole frame: the frames before it stand
                return summary
            }
        }
    }

    /// A colour map's entries, 3 bytes each.
    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>) -> [UInt8] {
        guard let colors = map.pointee.Colors else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(map.pointee.ColorCount) * 3)
        for index in 0..<Int(max(0, map.pointee.ColorCount)) { bytes += [colors[index].Red, colors[index].Green, colors[index].Blue] }
        return bytes
    }

    /// Whether the extension block `block` (its length byte first) spells `name`.
    private static func matches(_ block: UnsafeMutablePointer<GifByteType>, _ name: String) -> Bool {
        name.utf8.enumerated().allSatisfy { block[$0.offset + 1] == $0.element }
    }

    /// Skips one frame's compressed data without decoding it.
    private static func skipImageData(_ giflib: ninepipe_gif, _ gif: UnsafeMutablePointer<GifFileType>, input: Input) throws {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard giflib.DGifGetCode(gif, &codeSize, &block) == GIF_OK else { throw GIFError(code: gif.pointee.Error, offset: input.offset) }
        while block != nil {
            guard giflib.DGifGetCodeNext(gif, &block) == GIF_OK else { throw GIFError(code: gif.pointee.Error, offset: input.offset) }
        }
    }

    /// Decodes the frame whose descriptor was just read: its indices, rows in display order
    /// (interlaced rows put in place); `nil` for an empty frame, whose data is skipped.
    private static func pixels(_ giflib: ninepipe_gif, _ gif: UnsafeMutablePointer<GifFileType>, input: Input, record: GIFFrameRecord) throws
        -> [UInt8]?
    {
        // giflib consumes a frame's data as its last pixel is read: an empty frame is skipped.
        guard record.width > 0, record.height > 0 else { return nil }
        var indices = [UInt8](repeating: 0, count: record.width * record.height)
        // Interlaced frames store rows 0, 8, 16…, then 4, 12…, then 2, 6…, then 1, 3….
        let passes = record.isInterlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        try indices.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for (start, step) in passes {
                for row in stride(from: start, to: record.height, by: step) {
                    guard giflib.DGifGetLine(gif, base + row * record.width, Int32(record.width)) == GIF_OK else {
                        throw GIFError(code: gif.pointee.Error, offset: input.offset)
                    }
                }
            }
        }
        return indices
    }
}
#endif
