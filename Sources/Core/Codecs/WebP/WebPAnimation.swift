#if canImport(CWebP)
import CWebP
#endif

/// Animated WebP through libwebp's animation API: `WebPAnimDecoder` composites frames (blending
/// and disposal as the container says) to whole RGBA canvases, as Pillow and browsers read them;
/// `WebPAnimEncoder` writes frames back, storing only what changed from frame to frame.
public enum WebPAnimation {
    /// Decodes every frame of `bytes` at full size, after checking the canvas times the frame
    /// count against `limits` from the container. Frames are RGBA when the container says some
    /// frame has alpha, else RGB (a canvas area no frame covers is then black, as Pillow reads it).
    /// Each canvas is handed to `each` as it is made and what it returns is kept.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits, each: (Image) throws -> Image = { $0 }) throws -> Animation {
        #if canImport(CWebP)
        let libwebp = try WebPLibrary.functions()
        let info = try WebPDecoder(limits: limits).readInfo(bytes)
        try limits.checkAnimation(width: info.width, height: info.height, frames: info.frameCount)
        // WebPAnimDecoder keeps the canvas being drawn and the one before it, 32-bit each.
        try limits.checkDecoding(
            "the \(info.width)×\(info.height) animated WebP", width: info.width, height: info.height, bytesPerPixel: 4,
            working: 8 * info.width * info.height)
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard libwebp.WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION) != 0 else { throw WebPError.corrupt("libwebp version mismatch") }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = libwebp.WebPAnimDecoderNewInternal(&data, &options, WEBP_DEMUX_ABI_VERSION) else {
                throw WebPError.corrupt("libwebp cannot read the animation")
            }
            defer { libwebp.WebPAnimDecoderDelete(decoder) }
            var frames: [AnimationFrame] = []
            let opaque = !info.declaresAlpha
            while libwebp.WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard libwebp.WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                    throw WebPError.corrupt("frame \(frames.count) of \(info.frameCount) is damaged or truncated")
                }
                let duration = frames.count < info.frameDurations.count ? info.frameDurations[frames.count] : 0
                var image = Self.image(canvas, width: info.width, height: info.height, opaque: opaque)
                image.metadata = info.metadata
                frames.append(AnimationFrame(image: try each(image), duration: duration))
                try Animation.checkSameSize(frames, from: frames.count - 1)
            }
            guard !frames.isEmpty else { throw WebPError.corrupt("the file holds no image") }
            return Animation(frames: frames, loopCount: info.loopCount ?? 0)
        }
        #else
        throw FormatUnavailableError(format: .webp)
        #endif
    }

    /// Encodes `animation` with `encoder`'s quality, lossless choice and effort: each frame is
    /// compared with the one before and only the changed rectangle is stored; a frame identical
    /// to the one before is stored as a longer showing of it (libwebp's choice, so the frame
    /// count may drop while the playback stays the same). One frame is written as a still WebP.
    public static func encode(_ animation: Animation, encoder: WebPEncoder) throws -> [UInt8] {
        #if canImport(CWebP)
        let libwebp = try WebPLibrary.functions()
        // One frame is a still picture (libwebp's animation encoder would make it one anyway).
        if animation.frames.count == 1 { return try encoder.encode(animation.firstImage) }
        let width = animation.width
        let height = animation.height
        guard width <= 16383, height <= 16383 else { throw WebPError.encodingFailed("the image is larger than WebP allows (16383 pixels a side)") }
        var options = WebPAnimEncoderOptions()
        guard libwebp.WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION) != 0 else {
            throw WebPError.encodingFailed("libwebp version mismatch")
        }
        options.anim_params.loop_count = Int32(clamping: animation.loopCount ?? 0)
        options.anim_params.bgcolor = 0
        guard let muxer = libwebp.WebPAnimEncoderNewInternal(Int32(width), Int32(height), &options, WEBP_MUX_ABI_VERSION) else {
            throw WebPError.encodingFailed("libwebp could not start an animation of \(width)×\(height)")
        }
        defer { libwebp.WebPAnimEncoderDelete(muxer) }
        var config = try encoder.configuration()
        var timestamp = 0
        var seeThrough = false
        for frame in animation.frames {
            var image = frame.image.unpremultiplied()
            if image.depth == .sixteen { image = image.converted(to: .eight) }
            image = image.converted(to: .rgba)
            guard case .eight(let samples) = image.storage else { throw WebPError.encodingFailed("expected 8-bit samples") }
            if !seeThrough { seeThrough = stride(from: 3, to: samples.count, by: 4).contains { samples[$0] != 255 } }
            var picture = WebPPicture()
            guard libwebp.WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else { throw WebPError.encodingFailed("libwebp version mismatch") }
            defer { libwebp.WebPPictureFree(&picture) }
            picture.width = Int32(width)
            picture.height = Int32(height)
            picture.use_argb = 1
            let imported = samples.withUnsafeBufferPointer { libwebp.WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
            guard imported != 0 else { throw WebPError.encodingFailed(WebPEncoder.reason(picture.error_code)) }
            guard libwebp.WebPAnimEncoderAdd(muxer, &picture, Int32(clamping: timestamp), &config) != 0 else {
                throw WebPError.encodingFailed(Self.message(libwebp, muxer))
            }
            timestamp += frame.duration
        }
        guard libwebp.WebPAnimEncoderAdd(muxer, nil, Int32(clamping: timestamp), nil) != 0 else { throw WebPError.encodingFailed(Self.message(libwebp, muxer)) }
        var assembled = WebPData()
        guard libwebp.WebPAnimEncoderAssemble(muxer, &assembled) != 0, let start = assembled.bytes else {
            throw WebPError.encodingFailed(Self.message(libwebp, muxer))
        }
        defer { libwebp.WebPFree(UnsafeMutableRawPointer(mutating: start)) }
        var bytes = Array(UnsafeBufferPointer(start: start, count: assembled.size))
        // libwebp sets the container's alpha flag from the rectangles it stored, so frames whose
        // see-through part is only canvas it left uncovered would read back opaque (black there,
        // in Pillow and in ours): the flag (VP8X byte 20, bit 4) says what the frames hold.
        if seeThrough, bytes.count > 20, Array(bytes[12..<16]) == Array("VP8X".utf8) { bytes[20] |= 0x10 }
        return bytes
        #else
        throw FormatUnavailableError(format: .webp)
        #endif
    }

    #if canImport(CWebP)
    /// libwebp's RGBA canvas as an image: RGB when the file declares no alpha.
    private static func image(_ canvas: UnsafeMutablePointer<UInt8>, width: Int, height: Int, opaque: Bool) -> Image {
        let pixels = width * height
        guard opaque else { return Image(width: width, height: height, layout: .rgba, samples: Array(UnsafeBufferPointer(start: canvas, count: pixels * 4))) }
        let samples = [UInt8](unsafeUninitializedCapacity: pixels * 3) { out, initialized in
            for i in 0..<pixels {
                out[i * 3] = canvas[i * 4]
                out[i * 3 + 1] = canvas[i * 4 + 1]
                out[i * 3 + 2] = canvas[i * 4 + 2]
            }
            initialized = pixels * 3
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    private static func message(_ libwebp: ninepipe_webp, _ muxer: OpaquePointer) -> String {
        libwebp.WebPAnimEncoderGetError(muxer).map { String(cString: $0) } ?? "libwebp could not encode the animation"
    }
    #endif
}
