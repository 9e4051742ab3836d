#if canImport(CWebP)
import CWebP
#endif

/// Decodes WebP through libwebp: lossy (VP8) and lossless (VP8L), with alpha; EXIF and ICC
/// from the extended container; the first frame of an animation (with a warning), placed on
/// its canvas. The canvas size is checked against the limits before any pixel is decoded.
///
/// The result is 8-bit RGBA when the file has alpha, RGB otherwise (WebP stores colour as
/// YUV or ARGB, never gray or 16-bit).
public struct WebPDecoder: Sendable {
    /// Size limits checked against the header before any pixel memory is allocated.
    public var limits: ImageLimits
    /// Shrink on load: 1 (full size), or N for `ceil(side / N)`, by libwebp's own rescaler
    /// while decoding (the full-size image is never made).
    public var scaleDenominator: Int
    /// Whether the EXIF orientation is applied (pixels upright, tag reset).
    public var appliesOrientation = false

    /// Creates a decoder.
    public init(limits: ImageLimits = .default, scaleDenominator: Int = 1) {
        self.limits = limits
        self.scaleDenominator = scaleDenominator
    }

    /// What the container says, without decoding pixels.
    public struct Info: Sendable, Hashable {
        /// Canvas size.
        public var width: Int, height: Int
        /// Whether any pixel may be see-through.
        public var hasAlpha: Bool
        /// Whether the image data is lossless (VP8L); for an animation, its first frame's.
        public var isLossless: Bool
        /// Frames (1 unless animated).
        public var frameCount: Int
        /// EXIF and ICC.
        public var metadata: ImageMetadata
        /// An animation's frame durations in milliseconds; empty for a still image.
        public var frameDurations: [Int] = []
        /// An animation's loop count (0: forever); `nil` for a still image.
        public var loopCount: Int?
        /// Whether the extended container's alpha flag is set (some frame has alpha); `false`
        /// for a simple file.
        public var declaresAlpha = false
    }

    /// Reads the container: size, alpha, frames and metadata.
    public func readInfo(_ bytes: [UInt8]) throws -> Info {
        #if canImport(CWebP)
        return try bytes.withUnsafeBufferPointer { buffer in
            let container = try WebPContainer(buffer, limits: limits)
            defer { container.close() }
            return container.info
        }
        #else
        throw FormatUnavailableError(format: .webp)
        #endif
    }

    /// Decodes `bytes`; `warn` hears about frames left out.
    public func decode(_ bytes: [UInt8], warn: (String) -> Void = { _ in }) throws -> Image {
        #if canImport(CWebP)
        return try bytes.withUnsafeBufferPointer { buffer in
            let container = try WebPContainer(buffer, limits: limits)
            defer { container.close() }
            let info = container.info
            try limits.check(width: info.width, height: info.height)
            if info.frameCount > 1 {
                warn("animated WebP: only the first of its \(info.frameCount) frames is read")
            }
            var image = try container.decodeFirstFrame(scale: max(1, scaleDenominator), limits: limits)
            image.metadata = info.metadata
            if appliesOrientation && image.metadata.orientation != .up { image = image.uprighted() }
            return image
        }
        #else
        throw FormatUnavailableError(format: .webp)
        #endif
    }
}

#if canImport(CWebP)
/// A parsed WebP container (libwebpdemux) over bytes that outlive it.
private struct WebPContainer {
    let bytes: UnsafeBufferPointer<UInt8>
    let demux: OpaquePointer
    let info: WebPDecoder.Info
    /// libwebp's functions.
    private let libwebp: ninepipe_webp

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws {
        let libwebp = try WebPLibrary.functions()
        self.libwebp = libwebp
        self.bytes = bytes
        var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        var state = WEBP_DEMUX_PARSE_ERROR
        guard let demux = libwebp.WebPDemuxInternal(&data, 1, &state, WEBP_DEMUX_ABI_VERSION) else {
            throw WebPError.corrupt("the RIFF container is not a valid WebP")
        }
        guard state == WEBP_DEMUX_DONE else {
            libwebp.WebPDemuxDelete(demux)
            if state == WEBP_DEMUX_PARSE_ERROR { throw WebPError.corrupt("the RIFF container is not a valid WebP") }
            throw WebPError.truncated("the file ends after \(bytes.count) bytes, inside the container")
        }
        self.demux = demux
        let width = Int(libwebp.WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
        let height = Int(libwebp.WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
        let flags = libwebp.WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
        let frames = max(1, Int(libwebp.WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)))
        var metadata = ImageMetadata()
        if let exif = Self.chunk(libwebp, "EXIF", in: demux, limit: limits.maxMetadataBytes) {
            let block = EXIF.stripPrefix(exif)
            metadata.exif = block
            metadata.orientation = EXIF.orientation(in: block) ?? .up
        }
        if let icc = Self.chunk(libwebp, "ICCP", in: demux, limit: limits.maxMetadataBytes) { metadata.iccProfile = ICCProfile(data: icc) }
        var lossless = false
        var frame = WebPIterator()
        if libwebp.WebPDemuxGetFrame(demux, 1, &frame) != 0 {
            var features = WebPBitstreamFeatures()
            if libwebp.WebPGetFeaturesInternal(frame.fragment.bytes, frame.fragment.size, &features, WEBP_DECODER_ABI_VERSION) == VP8_STATUS_OK {
                lossless = features.format == 2
            }
            libwebp.WebPDemuxReleaseIterator(&frame)
        }
        let alpha = flags & UInt32(ALPHA_FLAG.rawValue) != 0 || Self.firstFrameHasAlpha(libwebp, demux)
        metadata.hints.isLosslessSource = lossless
        var info = WebPDecoder.Info(width: width, height: height, hasAlpha: alpha, isLossless: lossless, frameCount: frames, metadata: metadata)
        info.declaresAlpha = flags & UInt32(ALPHA_FLAG.rawValue) != 0
        if flags & UInt32(ANIMATION_FLAG.rawValue) != 0 {
            info.loopCount = Int(libwebp.WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT))
            // One iterator walks the frames (their number is bounded by the file's size).
            var iterator = WebPIterator()
            if libwebp.WebPDemuxGetFrame(demux, 1, &iterator) != 0 {
                repeat { info.frameDurations.append(Int(iterator.duration)) } while libwebp.WebPDemuxNextFrame(&iterator) != 0
                libwebp.WebPDemuxReleaseIterator(&iterator)
            }
        }
        self.info = info
    }

    func close() { libwebp.WebPDemuxDelete(demux) }

    /// The first frame, decoded (scaled by `scale`) and placed on the canvas.
    func decodeFirstFrame(scale: Int, limits: ImageLimits) throws -> Image {
        var frame = WebPIterator()
        guard libwebp.WebPDemuxGetFrame(demux, 1, &frame) != 0 else { throw WebPError.corrupt("the file holds no image") }
        defer { libwebp.WebPDemuxReleaseIterator(&frame) }
        let canvasWidth = (info.width + scale - 1) / scale
        let canvasHeight = (info.height + scale - 1) / scale
        let frameWidth = Int(frame.width)
        let frameHeight = Int(frame.height)
        let isWholeCanvas = frame.x_offset == 0 && frame.y_offset == 0 && frameWidth == info.width && frameHeight == info.height
        // A frame smaller than its canvas keeps its place, scaled like the canvas.
        let width = isWholeCanvas ? canvasWidth : max(1, (frameWidth + scale - 1) / scale)
        let height = isWholeCanvas ? canvasHeight : max(1, (frameHeight + scale - 1) / scale)
        let channels = info.hasAlpha ? 4 : 3
        // libwebp's own whole-frame buffers: a lossless frame is decoded to 32-bit ARGB first; a
        // lossy one keeps a few rows, and its alpha plane whole.
        let frameArea = frameWidth * frameHeight
        try limits.checkDecoding(
            "the \(frameWidth)×\(frameHeight) \(info.isLossless ? "lossless" : "lossy") WebP", width: width, height: height,
            bytesPerPixel: channels, working: info.isLossless ? 4 * frameArea : info.hasAlpha ? frameArea : 0)
        var config = WebPDecoderConfig()
        guard libwebp.WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION) != 0 else { throw WebPError.corrupt("libwebp version mismatch") }
        if width != frameWidth || height != frameHeight {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(width)
            config.options.scaled_height = Int32(height)
        }
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        let status = samples.withUnsafeMutableBufferPointer { out -> VP8StatusCode in
            config.output.colorspace = channels == 4 ? MODE_RGBA : MODE_RGB
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = out.baseAddress
            config.output.u.RGBA.stride = Int32(width * channels)
            config.output.u.RGBA.size = out.count
            defer { libwebp.WebPFreeDecBuffer(&config.output) }
            return libwebp.WebPDecode(frame.fragment.bytes, frame.fragment.size, &config)
        }
        guard status == VP8_STATUS_OK else { throw Self.error(status, bytes: bytes.count) }
        let image = Image(width: width, height: height, layout: channels == 4 ? .rgba : .rgb, samples: samples)
        guard !isWholeCanvas else { return image }
        // The rest of the canvas is see-through, as a viewer shows the first frame.
        var canvas = Image(width: canvasWidth, height: canvasHeight, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
        canvas.paste(image.converted(to: .rgba), x: Int(frame.x_offset) / scale, y: Int(frame.y_offset) / scale)
        return canvas
    }

    private static func firstFrameHasAlpha(_ libwebp: ninepipe_webp, _ demux: OpaquePointer) -> Bool {
        var frame = WebPIterator()
        guard libwebp.WebPDemuxGetFrame(demux, 1, &frame) != 0 else { return false }
        defer { libwebp.WebPDemuxReleaseIterator(&frame) }
        return frame.has_alpha != 0 || Int(libwebp.WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)) > 1
    }

    private static func chunk(_ libwebp: ninepipe_webp, _ fourCC: String, in demux: OpaquePointer, limit: Int) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        guard libwebp.WebPDemuxGetChunk(demux, fourCC, 1, &iterator) != 0 else { return nil }
        defer { libwebp.WebPDemuxReleaseChunkIterator(&iterator) }
        guard iterator.chunk.size <= limit, let start = iterator.chunk.bytes else { return nil }
        return Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }

    static func error(_ status: VP8StatusCode, bytes: Int) -> WebPError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: .truncated("the image data ends early (the file has \(bytes) bytes)")
        case VP8_STATUS_UNSUPPORTED_FEATURE: .corrupt("the bitstream uses a feature libwebp does not support")
        case VP8_STATUS_OUT_OF_MEMORY: .corrupt("libwebp ran out of memory")
        case VP8_STATUS_INVALID_PARAM: .corrupt("libwebp refused the decoding parameters")
        default: .corrupt("the image data is damaged")
        }
    }
}
#endif
