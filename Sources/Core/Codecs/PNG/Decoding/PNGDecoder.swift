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
        let filteredSize = passes.filter { !$0.isEmpty }.reduce(0) { $0 + $1.height * (header.rowBytes(pixels: $1.width) + 1) }
        // Deflate expands at most ~1032:1; a header that needs more than that from the
        // IDAT bytes present is a truncated or hostile file. Refuse before allocating.
        if filteredSize / 1032 > structure.imageDataLength + 64 {
            throw PNGError.corruptImageData(reason: "\(structure.imageDataLength) bytes cannot hold a \(header.width)×\(header.height) image (needs \(filteredSize) bytes inflated)")
        }
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

    /// The rows of `region` of a non-interlaced image; decoding stops after the region's last row.
    private func decodeRegion(_ bytes: [UInt8], _ structure: PNGStructure, expander: PNGRowExpander,
                              layout: PixelLayout, depth: SampleDepth, region: PixelRect) throws -> Image {
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
    private func decodeRows(_ bytes: [UInt8], _ structure: PNGStructure, _ passes: [PNGPass], stopAfter: Int? = nil,
                            body: (UnsafePointer<UInt8>, PNGPass, Int) throws -> Void) throws {
        let header = structure.header
        let maxRowBytes = header.rowBytes(pixels: header.width)
        let bpp = header.filterStride
        let inflater = try Inflater()
        // Two row buffers (current, previous), each with the filter-type byte in front.
        var rows = [UInt8](repeating: 0, count: 2 * (maxRowBytes + 1))
        var decodedRows = 0
        let expectedRows = passes.reduce(0) { $0 + ($1.isEmpty ? 0 : $1.height) }
        try bytes.withUnsafeBufferPointer { file in
            var stream = IDATStream(file: file, ranges: structure.imageData, inflater: inflater)
            try rows.withUnsafeMutableBufferPointer { rowBuffer in
                let base = rowBuffer.baseAddress!
                var current = base
                var previous = base + (maxRowBytes + 1)
                for pass in passes where !pass.isEmpty {
                    let rowBytes = header.rowBytes(pixels: pass.width)
                    previous.update(repeating: 0, count: rowBytes + 1)
                    for row in 0..<pass.height {
                        let got = try stream.fill(UnsafeMutableRawBufferPointer(start: current, count: rowBytes + 1))
                        guard got == rowBytes + 1 else { throw PNGError.imageDataTooShort(decodedRows: decodedRows, expectedRows: expectedRows) }
                        guard let filter = PNGFilter(rawValue: current[0]) else {
                            throw PNGError.invalidFilter(type: current[0], row: decodedRows)
                        }
                        filter.unfilter(current + 1, previous: previous + 1, count: rowBytes, bpp: bpp)
                        try body(current + 1, pass, row)
                        swap(&current, &previous)
                        decodedRows += 1
                        if let stopAfter, decodedRows >= stopAfter { return }
                    }
                }
                if try stream.hasMoreData() { throw PNGError.imageDataTooLong }
            }
        }
    }
}

/// The concatenated `IDAT` payloads, inflated on demand.
private struct IDATStream {
    let file: UnsafeBufferPointer<UInt8>
    let ranges: [Range<Int>]
    let inflater: Inflater
    var next = 0

    init(file: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>], inflater: Inflater) {
        self.file = file
        self.ranges = ranges
        self.inflater = inflater
    }

    /// Fills `buffer` as far as the data allows; returns the bytes written.
    mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count && !inflater.finished {
            if inflater.needsInput {
                guard next < ranges.count else { break }
                inflater.setInput(UnsafeBufferPointer(rebasing: file[ranges[next]]))
                next += 1
                continue
            }
            let written: Int
            do {
                written = try inflater.inflate(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            } catch {
                throw PNGError.corruptImageData(reason: error.message)
            }
            if written == 0 && !inflater.needsInput && !inflater.finished {
                throw PNGError.corruptImageData(reason: "the zlib stream makes no progress")
            }
            filled += written
        }
        return filled
    }

    /// Whether any inflated byte remains after the last row.
    mutating func hasMoreData() throws -> Bool {
        var probe: UInt8 = 0
        return try withUnsafeMutableBytes(of: &probe) { try fill($0) } > 0
    }
}
