import CJPEGShim

/// A JPEG decoded on demand, band by band, through libjpeg's scanline interface: rows above a
/// request are skipped (`jpeg_skip_scanlines`), and decoding ends after the last row asked for.
/// Memory: the compressed file, libjpeg's own buffers (a progressive file's coefficients) and
/// the band.
final class JPEGBandSource: BandSource {
    let header: ImageHeader
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private var session: JPEGSession?
    private let components: Int
    private let invertedCMYK: Bool
    /// A CMYK file's own profile, which its rows are converted through (nil: the formula).
    private var cmykProfile: ICCProfile?
    private var nextRow = 0
    private var finished = false

    /// Reads `file` whole, then its header (limits and plausibility checked, as a whole decode
    /// does), and starts decompression at the scale `scale` chooses from the stored size and
    /// orientation (1, 2, 4 or 8).
    convenience init(_ file: FileBytes, decoder: JPEGDecoder, scale: (_ width: Int, _ height: Int, _ orientation: Orientation) -> Int) throws {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: file.count)
        do {
            guard try file.read(into: UnsafeMutableRawBufferPointer(bytes), at: 0) == file.count else {
                throw FileError.cannotRead(path: file.path, reason: "the file became shorter while it was read")
            }
        } catch {
            bytes.deallocate()
            throw error
        }
        try self.init(taking: bytes, decoder: decoder, scale: scale)
    }

    /// Takes ownership of `bytes` (deallocated when this source goes away, or now if it throws).
    init(
        taking bytes: UnsafeMutableBufferPointer<UInt8>, decoder: JPEGDecoder,
        scale: (_ width: Int, _ height: Int, _ orientation: Orientation) -> Int
    ) throws {
        self.bytes = bytes
        do {
            let session = try JPEGSession(UnsafeBufferPointer(bytes))
            var decoder = decoder
            let stored = session.metadata(limits: decoder.limits)
            decoder.scaleDenominator = scale(Int(session.header.width), Int(session.header.height), stored.orientation)
            var (metadata, width, height, components) = try decoder.start(session)
            metadata.density = session.density
            guard components == 1 || components == 3 || components == 4 else {
                throw JPEGError.unsupportedColorSpace("with \(components) components")
            }
            self.session = session
            self.components = components
            invertedCMYK = session.header.saw_adobe_marker != 0
            if components == 4 {
                cmykProfile = metadata.iccProfile
                metadata = metadata.withoutCMYKProfile()
            }
            header = ImageHeader(width: width, height: height, layout: components == 1 ? .gray : .rgb, depth: .eight, metadata: metadata)
        } catch {
            bytes.deallocate()
            throw error
        }
    }

    deinit {
        if let session, !finished { njs_decoder_abort(session.decoder) }
        session = nil
        bytes.deallocate()
    }

    func read(_ rows: Range<Int>) throws -> PixelBand {
        precondition(rows.lowerBound >= nextRow && rows.upperBound <= header.height && !rows.isEmpty, "rows are read forwards")
        guard let session else { throw JPEGError.corrupt("the decoder was already finished") }
        if rows.lowerBound > nextRow {
            var skipped: UInt32 = 0
            try session.check(njs_decoder_skip_rows(session.decoder, UInt32(rows.lowerBound - nextRow), &skipped))
            nextRow += Int(skipped)
            guard nextRow == rows.lowerBound else { throw truncation(session) }
        }
        let stride = header.width * components
        var raw = [UInt8](repeating: 0, count: stride * rows.count)
        let done = try raw.withUnsafeMutableBufferPointer { try session.readRows(into: $0.baseAddress!, stride: stride, count: rows.count) }
        nextRow += done
        if done < rows.count || njs_decoder_warning_count(session.decoder) > 0 { throw truncation(session) }
        if nextRow == header.height {
            try session.check(njs_decoder_finish(session.decoder))
            finished = true
            if njs_decoder_warning_count(session.decoder) > 0 { throw truncation(session) }
        }
        if components == 4 { raw = JPEGDecoder.cmykToRGB(raw, inverted: invertedCMYK, profile: cmykProfile) }
        return PixelBand(top: rows.lowerBound, rows: Image(width: header.width, height: rows.count, layout: header.layout, samples: raw))
    }

    private func truncation(_ session: JPEGSession) -> JPEGError {
        let warning = String(cString: njs_decoder_first_warning(session.decoder))
        return .truncated(warning.isEmpty ? "image data ends after \(nextRow) of \(header.height) rows" : warning)
    }
}

extension JPEGDecoder {
    /// A stream over the JPEG `file` (read whole: the compressed data, not the pixels), in stored
    /// orientation (the tag is kept: callers that upright decode whole instead), at the DCT scale
    /// `scale` picks from the stored width, height and orientation (default: this decoder's).
    /// ``region`` is ignored: a crop step downstream skips rows itself.
    public func bands(_ file: FileBytes, scale: ((_ width: Int, _ height: Int, _ orientation: Orientation) -> Int)? = nil) throws -> any BandSource {
        try JPEGBandSource(file, decoder: self, scale: scale ?? { _, _, _ in scaleDenominator })
    }

    /// A stream over the JPEG `bytes` (copied), at this decoder's scale, in stored orientation.
    public func bands(_ bytes: [UInt8]) throws -> any BandSource {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        return try JPEGBandSource(taking: copy, decoder: self) { _, _, _ in scaleDenominator }
    }
}
