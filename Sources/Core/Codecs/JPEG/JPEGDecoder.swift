import CJPEGShim
import Dispatch

/// Decodes JPEG through libjpeg-turbo: baseline and progressive; gray, YCbCr, RGB,
/// CMYK and YCCK (Adobe-inverted CMYK handled); EXIF (APP1) and ICC (APP2, multi-segment).
///
/// Every libjpeg failure, including a truncated or damaged entropy-coded segment,
/// becomes a ``JPEGError``; libjpeg never ends the process.
public struct JPEGDecoder: Sendable {
    /// Size limits checked against the header before any pixel memory is allocated.
    public var limits: ImageLimits
    /// DCT downscaling on decode: 1 (full size), 2, 4 or 8. Output sides are `ceil(side / scale)`.
    public var scaleDenominator: Int
    /// Whether the EXIF orientation is applied while decoding: rows are moved to their upright
    /// places as they come, so the stored-orientation image is never held whole (the result
    /// equals decoding and then ``Image/uprighted()``, tag reset to ``Orientation/up``).
    public var appliesOrientation = false
    /// Only this rectangle of the decoded image (default: all of it): rows above it are skipped
    /// without being produced, columns outside it are not converted (libjpeg-turbo's
    /// `jpeg_skip_scanlines` and `jpeg_crop_scanline`), and decoding stops after its last row.
    /// The result equals decoding everything and cropping. Takes precedence over
    /// ``appliesOrientation`` (the rectangle is in stored coordinates).
    public var region: PixelRect?

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - limits: size limits (default ``ImageLimits/default``).
    ///   - scaleDenominator: 1, 2, 4 or 8 (default 1); other values are rounded down to one of these.
    public init(limits: ImageLimits = .default, scaleDenominator: Int = 1) {
        self.limits = limits
        self.scaleDenominator = scaleDenominator
    }

    /// The largest supported DCT scale (1, 2, 4, 8) that keeps both sides of a
    /// `width`×`height` image at least `minimumWidth`×`minimumHeight`.
    public static func scaleDenominator(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int) -> Int {
        for scale in [8, 4, 2] where (width + scale - 1) / scale >= minimumWidth && (height + scale - 1) / scale >= minimumHeight {
            return scale
        }
        return 1
    }

    /// Decodes `bytes`.
    public func decode(_ bytes: [UInt8]) throws -> Image {
        try bytes.withUnsafeBufferPointer { buffer in
            let session = try JPEGSession(buffer)
            let header = session.header
            var (metadata, width, height, components) = try start(session)
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            if let region, region != whole {
                guard region.fits(width: width, height: height) else {
                    throw JPEGError.corrupt("the region \(region) is not inside the \(width)×\(height) image")
                }
                return try decode(region, session: session, components: components, metadata: metadata)
            }
            let stride = width * components
            try limits.checkDecoding(
                "the \(width)×\(height) JPEG", width: width, height: height, bytesPerPixel: components,
                working: Int(clamping: header.coefficient_bytes))
            var raw = [UInt8](repeating: 0, count: stride * height)
            var rowsDone = 0
            // Upright while decoding: each batch of rows is scattered to its oriented place
            // (CMYK is turned after its conversion, below).
            let orientation = appliesOrientation && components != 4 ? metadata.orientation : .up
            // 64 rows at a time: a 90° turn then writes runs of 64 pixels into each output row.
            // Two batches: while a worker moves one to its places, this thread decodes the next.
            let batchRows = orientation == .up ? 16 : 64
            var batches = [UInt8](repeating: 0, count: orientation == .up ? 0 : 2 * stride * batchRows)
            let scatter = OrientedScatter(orientation: orientation, width: width, height: height, channels: components)
            let moving = DispatchGroup()
            try raw.withUnsafeMutableBufferPointer { out in
                try batches.withUnsafeMutableBufferPointer { batches in
                    defer { moving.wait() }
                    var index = 0
                    while rowsDone < height {
                        let batch = orientation == .up ? nil : batches.baseAddress! + (index % 2) * stride * batchRows
                        let got = try session.readRows(
                            into: batch ?? out.baseAddress! + rowsDone * stride, stride: stride,
                            count: min(batchRows, height - rowsDone))
                        if got == 0 { break }
                        if let batch {
                            moving.wait()
                            nonisolated(unsafe) let source = UnsafePointer(batch)
                            nonisolated(unsafe) let target = out.baseAddress!
                            let rows = rowsDone..<(rowsDone + got)
                            DispatchQueue.global().async(group: moving) { scatter.place(rows: rows, from: source, into: target) }
                        }
                        rowsDone += got
                        index += 1
                    }
                }
            }
            if orientation != .up { metadata.orientation = .up }
            let (imageWidth, imageHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
            try session.check(njs_decoder_finish(session.decoder))
            if rowsDone < height || njs_decoder_warning_count(session.decoder) > 0 {
                let warning = String(cString: njs_decoder_first_warning(session.decoder))
                throw JPEGError.truncated(warning.isEmpty ? "image data ends after \(rowsDone) of \(height) rows" : warning)
            }
            metadata.density = session.density
            switch components {
            case 1:
                return Image(width: imageWidth, height: imageHeight, layout: .gray, samples: raw, metadata: metadata)
            case 3:
                return Image(width: imageWidth, height: imageHeight, layout: .rgb, samples: raw, metadata: metadata)
            case 4:
                // CMYK rows are converted after decoding, so their orientation is applied then.
                let rgb = Self.cmykToRGB(raw, inverted: header.saw_adobe_marker != 0, profile: metadata.iccProfile)
                let image = Image(width: width, height: height, layout: .rgb, samples: rgb, metadata: metadata.withoutCMYKProfile())
                return appliesOrientation ? image.uprighted() : image
            default:
                throw JPEGError.unsupportedColorSpace("with \(components) components")
            }
        }
    }

    /// Checks `session`'s header against the limits and starts decompression at this decoder's
    /// scale: the metadata and the decoded size and components.
    func start(_ session: JPEGSession) throws -> (metadata: ImageMetadata, width: Int, height: Int, components: Int) {
        let header = session.header
        try limits.check(width: Int(header.width), height: Int(header.height))
        try Self.checkPlausible(header)
        try limits.checkDecoderMemory(
            "a \(header.width)×\(header.height) progressive JPEG's coefficient buffer",
            size: Int(clamping: header.coefficient_bytes))
        let metadata = session.metadata(limits: limits)
        let scale = [8, 4, 2, 1].first { $0 <= max(1, scaleDenominator) } ?? 1
        var output = njs_output()
        try session.check(njs_decoder_start(session.decoder, Int32(scale), limits.decoderMemoryLimit, &output))
        session.outputWidth = output.width
        let width = Int(output.width)
        let height = Int(output.height)
        try limits.check(width: width, height: height)
        return (metadata, width, height, Int(output.components))
    }

    /// Decodes just `region`: columns widened to whole iMCUs by libjpeg-turbo and cut back
    /// here, rows above skipped, decoding ended after the last row.
    ///
    /// libjpeg-turbo upsamples chroma as if a cropped window's sides were the image's, so the
    /// window is widened by 32 pixels (the widest iMCU) on each side where the image goes on:
    /// the region's own columns then see their real neighbours and match a full decode.
    private func decode(_ region: PixelRect, session: JPEGSession, components: Int, metadata: ImageMetadata) throws -> Image {
        var metadata = metadata
        let margin = 32
        let left = max(0, region.x - margin)
        let right = min(Int(session.outputWidth), region.x + region.width + margin)
        var x = UInt32(left)
        var span = UInt32(right - left)
        try session.check(njs_decoder_crop_columns(session.decoder, &x, &span))
        var skipped: UInt32 = 0
        try session.check(njs_decoder_skip_rows(session.decoder, UInt32(region.y), &skipped))
        let stride = Int(span) * components
        var raw = [UInt8](repeating: 0, count: stride * region.height)
        let rowsDone = try raw.withUnsafeMutableBufferPointer { try session.readRows(into: $0.baseAddress!, stride: stride, count: region.height) }
        njs_decoder_abort(session.decoder)
        if Int(skipped) < region.y || rowsDone < region.height || njs_decoder_warning_count(session.decoder) > 0 {
            let warning = String(cString: njs_decoder_first_warning(session.decoder))
            throw JPEGError.truncated(warning.isEmpty ? "image data ends before row \(region.y + rowsDone) of the region \(region)" : warning)
        }
        // Cut the iMCU-widened columns back to the region.
        let offset = (region.x - Int(x)) * components
        let rowSamples = region.width * components
        var samples = [UInt8](repeating: 0, count: rowSamples * region.height)
        for row in 0..<region.height {
            samples[(row * rowSamples)..<((row + 1) * rowSamples)] = raw[(row * stride + offset)..<(row * stride + offset + rowSamples)]
        }
        metadata.density = session.density
        switch components {
        case 1: return Image(width: region.width, height: region.height, layout: .gray, samples: samples, metadata: metadata)
        case 3: return Image(width: region.width, height: region.height, layout: .rgb, samples: samples, metadata: metadata)
        case 4:
            let rgb = Self.cmykToRGB(samples, inverted: session.header.saw_adobe_marker != 0, profile: metadata.iccProfile)
            return Image(width: region.width, height: region.height, layout: .rgb, samples: rgb, metadata: metadata.withoutCMYKProfile())
        default: throw JPEGError.unsupportedColorSpace("with \(components) components")
        }
    }

    /// Where decoded rows go when the orientation is applied while decoding: source pixel
    /// (x, y) lands at output pixel `origin + x·stepX + y·stepY` (each orientation is such a
    /// linear move; see ``Orientation/sourcePoint(x:y:width:height:)``).
    struct OrientedScatter: Sendable {
        let width: Int, channels: Int
        let origin: Int, stepX: Int, stepY: Int

        init(orientation: Orientation, width: Int, height: Int, channels: Int) {
            self.width = width
            self.channels = channels
            // The upright image's inverse orientation fetches each source pixel from its place.
            let inverse = orientation.inverse
            let outWidth = orientation.swapsDimensions ? height : width
            func index(_ point: (x: Int, y: Int)) -> Int { point.y * outWidth + point.x }
            origin = index(inverse.sourcePoint(x: 0, y: 0, width: width, height: height))
            stepX = width > 1 ? index(inverse.sourcePoint(x: 1, y: 0, width: width, height: height)) - origin : 0
            stepY = height > 1 ? index(inverse.sourcePoint(x: 0, y: 1, width: width, height: height)) - origin : 0
        }

        /// Moves `rows` (stored contiguously in `batch`, `width` pixels each) to their places in
        /// `out`. Columns outside, rows inside: a 90° turn then writes each output row's run of
        /// pixels in order.
        func place(rows: Range<Int>, from batch: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) {
            let sourceStep = width * channels
            let targetStep = stepY * channels
            for x in 0..<width {
                var source = batch + x * channels
                var target = out + (origin + x * stepX + rows.lowerBound * stepY) * channels
                if channels == 3 {
                    for _ in rows {
                        target[0] = source[0]
                        target[1] = source[1]
                        target[2] = source[2]
                        source += sourceStep
                        target += targetStep
                    }
                } else {
                    for _ in rows {
                        for channel in 0..<channels { target[channel] = source[channel] }
                        source += sourceStep
                        target += targetStep
                    }
                }
            }
        }

    }

    /// Refuses a header that declares more blocks than the bytes after it can code.
    ///
    /// With Huffman coding every 8×8 block costs at least one code per scan that codes it, and
    /// a code is at least as long as its table's shortest: a sequential file spends a DC code
    /// and an AC code (an end-of-block or a coefficient) per block, a progressive one at least a
    /// DC code in its DC scan (its AC scans can skip runs of up to 32,767 empty blocks in one
    /// code). A file with fewer bytes than that is truncated or lies about its size, and is
    /// refused before any pixel or coefficient memory is taken. Arithmetic coding can spend far
    /// less than a bit per block, so it is not bounded here.
    static func checkPlausible(_ header: njs_header) throws(JPEGError) {
        guard header.arithmetic == 0 else { return }
        let needed = (header.min_bits + 7) / 8
        if header.data_bytes < needed {
            throw .truncated(
                "the file holds \(header.data_bytes) bytes of image data, but a \(header.width)×\(header.height) \(header.progressive != 0 ? "progressive" : "baseline") JPEG (\(header.blocks) blocks of 8×8) needs at least \(needed) with its Huffman tables, even if every block is flat; its header declares a size the data cannot fill"
            )
        }
    }

    /// Reads size, colour space and metadata without decoding pixels.
    public func readInfo(_ bytes: [UInt8]) throws -> (width: Int, height: Int, components: Int, progressive: Bool, metadata: ImageMetadata) {
        try bytes.withUnsafeBufferPointer { buffer in
            let session = try JPEGSession(buffer)
            var metadata = session.metadata(limits: limits)
            metadata.density = session.density
            let header = session.header
            return (Int(header.width), Int(header.height), Int(header.components), header.progressive != 0, metadata)
        }
    }

    /// CMYK (as libjpeg returns it) to sRGB: through the file's CMYK ICC profile when there is
    /// one and this build has LittleCMS, else by the plain formula. Adobe files store inverted
    /// CMYK (0 = full ink). The CMYK profile no longer describes the result and is dropped
    /// (``ImageMetadata/withoutCMYKProfile()``).
    static func cmykToRGB(_ cmyk: [UInt8], inverted: Bool, profile: ICCProfile?) -> [UInt8] {
        if let profile, profile.colorSpace == "CMYK", ColorManagement.isAvailable,
            let rgb = try? ColorManagement.sRGB(fromCMYK: cmyk, profile: profile, inverted: inverted)
        {
            return rgb
        }
        return cmykToRGB(cmyk, inverted: inverted)
    }

    /// CMYK to RGB by the plain formula (R = (1 − C)(1 − K), …).
    static func cmykToRGB(_ cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        let pixels = cmyk.count / 4
        return [UInt8](unsafeUninitializedCapacity: pixels * 3) { out, count in
            for p in 0..<pixels {
                var c = UInt32(cmyk[4 * p])
                var m = UInt32(cmyk[4 * p + 1])
                var y = UInt32(cmyk[4 * p + 2])
                var k = UInt32(cmyk[4 * p + 3])
                if !inverted {
                    c = 255 - c
                    m = 255 - m
                    y = 255 - y
                    k = 255 - k
                }
                out[3 * p] = UInt8((c * k + 127) / 255)
                out[3 * p + 1] = UInt8((m * k + 127) / 255)
                out[3 * p + 2] = UInt8((y * k + 127) / 255)
            }
            count = pixels * 3
        }
    }
}
