/// Decodes PNG bytes into an ``Image``: every colour type and bit depth, `tRNS`,
/// Adam7, all filters, and the metadata chunks Ninepipe understands.
///
/// Gray images of 1, 2 or 4 bits become 8-bit gray (values scaled to 0…255);
/// palette images become 8-bit RGB, or RGBA when `tRNS` gives any alpha; a
/// `tRNS` colour key adds an alpha channel. 16-bit images stay 16-bit.
/// No gamma or colour management is applied.
public struct PNGDecoder: Sendable {
    /// Size limits checked against `IHDR` before any pixel memory is allocated.
    public var limits: ImageLimits
    /// Which inflater reads the image data (tests run every engine this build has).
    var inflateEngine = InflateEngine.preferred

    /// Creates a decoder.
    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// Decodes `bytes`. Recoverable oddities (a damaged ancillary chunk) go to `warn`.
    public func decode(_ bytes: [UInt8], warn: (String) -> Void = { _ in }) throws -> Image {
        try decode(bytes, region: nil, warn: warn)
    }

    /// Decodes only `region` of the image (the same pixels and metadata as decoding it all and
    /// cropping). A non-interlaced file is read row by row: rows above the region are only
    /// unfiltered, rows below it are never inflated, and memory holds the region alone.
    public func decode(_ bytes: [UInt8], region: PixelRect?, warn: (String) -> Void = { _ in }) throws -> Image {
        let structure = try PNGStructure.read(bytes, limits: limits, warn: warn)
        let header = structure.header
        let (layout, depth) = PNGRowExpander.outputFormat(header: header, palette: structure.palette, key: structure.transparencyKey)
        let passes = PNGPass.passes(width: header.width, height: header.height, interlaced: header.isInterlaced)
        try Self.checkExpansion(structure)
        let expander = PNGRowExpander(header: header, palette: structure.palette, key: structure.transparencyKey, layout: layout)
        let whole = PixelRect(x: 0, y: 0, width: header.width, height: header.height)
        if let region, region != whole {
            guard region.fits(width: header.width, height: header.height) else {
                throw PNGError.corruptImageData(reason: "the region \(region) is not inside the \(header.width)×\(header.height) image")
            }
            if header.isInterlaced {
                return try decode(bytes, region: nil, warn: { _ in }).cropped(to: region)
            }
            return try decodeRegion(bytes, structure, expander: expander, layout: layout, depth: depth, region: region)
        }
        let sampleCount = header.width * header.height * layout.channelCount
        try limits.checkDecoding(
            "the \(header.width)×\(header.height) PNG", width: header.width, height: header.height,
            bytesPerPixel: layout.channelCount * depth.bytesPerSample, working: 0)
        let metadata = structure.metadata
        switch depth {
        case .eight:
            let samples = try [UInt8](unsafeUninitializedCapacity: sampleCount) { buffer, initialized in
                initialized = sampleCount
                try decodeRows(bytes, structure, passes) { raw, pass, row in
                    let y = pass.y0 + row * pass.dy
                    let start = (y * header.width + pass.x0) * layout.channelCount
                    try expander.expand8(raw, count: pass.width, into: buffer.baseAddress! + start, step: pass.dx * layout.channelCount)
                }
            }
            return Image(width: header.width, height: header.height, layout: layout, samples: samples, metadata: metadata)
        case .sixteen:
            let samples = try [UInt16](unsafeUninitializedCapacity: sampleCount) { buffer, initialized in
                initialized = sampleCount
                try decodeRows(bytes, structure, passes) { raw, pass, row in
                    let y = pass.y0 + row * pass.dy
                    let start = (y * header.width + pass.x0) * layout.channelCount
                    expander.expand16(raw, count: pass.width, into: buffer.baseAddress! + start, step: pass.dx * layout.channelCount)
                }
            }
            return Image(width: header.width, height: header.height, layout: layout, samples: samples, metadata: metadata)
        }
    }

    /// Deflate expands at most ~1032:1; a header that needs more than that from the `IDAT`
    /// bytes present is a truncated or hostile file. Refused before anything is allocated.
    static func checkExpansion(_ structure: PNGStructure) throws(PNGError) {
        let header = structure.header
        let passes = PNGPass.passes(width: header.width, height: header.height, interlaced: header.isInterlaced)
        let filteredSize = passes.filter { !$0.isEmpty }.reduce(0) { $0 + $1.height * (header.rowBytes(pixels: $1.width) + 1) }
        if filteredSize / 1032 > structure.imageDataLength + 64 {
            throw .corruptImageData(
                reason: "\(structure.imageDataLength) bytes cannot hold a \(header.width)×\(header.height) image (needs \(filteredSize) bytes inflated)")
        }
    }

    /// The rows of `region` of a non-interlaced image; decoding stops after the region's last row.
    private func decodeRegion(
        _ bytes: [UInt8], _ structure: PNGStructure, expander: PNGRowExpander,
        layout: PixelLayout, depth: SampleDepth, region: PixelRect
    ) throws -> Image {
        let header = structure.header
        let channels = layout.channelCount
        let passes = PNGPass.passes(width: header.width, height: header.height, interlaced: false)
        let rows = region.y..<(region.y + region.height)
        // The metadata a crop would leave: nine-patch information moved or dropped as in `cropped(to:)`.
        var metadata = structure.metadata
        metadata.ninePatch = metadata.ninePatch?.cropped(to: region, width: header.width, height: header.height)
        switch depth {
        case .eight:
            let samples = try regionSamples(bytes, structure, passes, rows: rows, region: region, channels: channels, of: UInt8.self) {
                try expander.expand8($0, count: header.width, into: $1, step: channels)
            }
            return Image(width: region.width, height: region.height, layout: layout, samples: samples, metadata: metadata)
        case .sixteen:
            let samples = try regionSamples(bytes, structure, passes, rows: rows, region: region, channels: channels, of: UInt16.self) {
                expander.expand16($0, count: header.width, into: $1, step: channels)
            }
            return Image(width: region.width, height: region.height, layout: layout, samples: samples, metadata: metadata)
        }
    }

    /// The samples of `region`: each row in `rows` expanded in full (by `expand`) into a scratch
    /// row, then its columns copied out.
    private func regionSamples<S: FixedWidthInteger>(
        _ bytes: [UInt8], _ structure: PNGStructure, _ passes: [PNGPass], rows: Range<Int>, region: PixelRect, channels: Int,
        of: S.Type, expand: (UnsafePointer<UInt8>, UnsafeMutablePointer<S>) throws -> Void
    ) throws -> [S] {
        let rowSamples = region.width * channels
        var scratch = [S](repeating: 0, count: structure.header.width * channels)
        return try [S](unsafeUninitializedCapacity: rowSamples * region.height) { buffer, initialized in
            initialized = rowSamples * region.height
            try scratch.withUnsafeMutableBufferPointer { scratch in
                try decodeRows(bytes, structure, passes, stopAfter: rows.upperBound) { raw, _, y in
                    guard rows.contains(y) else { return }
                    try expand(raw, scratch.baseAddress!)
                    (buffer.baseAddress! + (y - region.y) * rowSamples).update(from: scratch.baseAddress! + region.x * channels, count: rowSamples)
                }
            }
        }
    }

    /// Inflates and unfilters every row of every pass, handing each unfiltered row to `body`;
    /// with `stopAfter`, stops once that many rows (of a non-interlaced image) are done, leaving
    /// the rest of the data unread.
    private func decodeRows(
        _ bytes: [UInt8], _ structure: PNGStructure, _ passes: [PNGPass], stopAfter: Int? = nil,
        body: (UnsafePointer<UInt8>, PNGPass, Int) throws -> Void
    ) throws {
        let rows = try PNGRowDecoder(source: bytes, structure: structure, engine: inflateEngine)
        while let (row, pass, index) = try rows.next() {
            try body(row, pass, index)
            if let stopAfter, rows.decodedRows >= stopAfter { return }
        }
        try rows.checkEnd()
    }
}
