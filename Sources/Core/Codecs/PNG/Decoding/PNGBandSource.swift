/// A non-interlaced PNG decoded on demand, band by band: rows are inflated only when asked
/// for, rows nobody asks for are unfiltered and dropped, and decoding stops after the last row
/// requested. Memory: two rows of filtered data and a 256 KiB piece of the file, plus the band.
final class PNGBandSource<Source: PNGByteSource>: BandSource {
    let header: ImageHeader
    private let rows: PNGRowDecoder<Source>
    private let expander: PNGRowExpander
    private var nextRow = 0

    /// Reads the structure of `bytes` (all chunks, CRCs checked) and prepares to decode.
    ///
    /// - Precondition: the image is not interlaced (callers check ``PNGHeader/isInterlaced``).
    init(_ bytes: Source, structure: PNGStructure) throws {
        let png = structure.header
        precondition(!png.isInterlaced, "streamed PNG decoding needs a non-interlaced image")
        let (layout, depth) = PNGRowExpander.outputFormat(header: png, palette: structure.palette, key: structure.transparencyKey)
        header = ImageHeader(width: png.width, height: png.height, layout: layout, depth: depth, metadata: structure.metadata)
        expander = PNGRowExpander(header: png, palette: structure.palette, key: structure.transparencyKey, layout: layout)
        rows = try PNGRowDecoder(source: bytes, structure: structure)
    }

    func read(_ range: Range<Int>) throws -> PixelBand {
        precondition(range.lowerBound >= nextRow && range.upperBound <= header.height && !range.isEmpty, "rows are read forwards")
        while nextRow < range.lowerBound { try skipRow() }
        let width = header.width
        let channels = header.layout.channelCount
        let rowSamples = width * channels
        let storage: PixelStorage
        switch header.depth {
        case .eight:
            storage = .eight(
                try [UInt8](unsafeUninitializedCapacity: rowSamples * range.count) { buffer, initialized in
                    for row in 0..<range.count {
                        try expander.expand8(try nextRaw(), count: width, into: buffer.baseAddress! + row * rowSamples, step: channels)
                        initialized += rowSamples
                    }
                })
        case .sixteen:
            storage = .sixteen(
                try [UInt16](unsafeUninitializedCapacity: rowSamples * range.count) { buffer, initialized in
                    for row in 0..<range.count {
                        expander.expand16(try nextRaw(), count: width, into: buffer.baseAddress! + row * rowSamples, step: channels)
                        initialized += rowSamples
                    }
                })
        }
        if nextRow == header.height { try rows.checkEnd() }
        return PixelBand(top: range.lowerBound, rows: Image(width: width, height: range.count, layout: header.layout, storage: storage))
    }

    private func skipRow() throws { _ = try nextRaw() }

    private func nextRaw() throws -> UnsafePointer<UInt8> {
        guard let next = try rows.next() else { throw PNGError.imageDataTooShort(decodedRows: rows.decodedRows, expectedRows: rows.expectedRows) }
        nextRow += 1
        return next.row
    }
}

extension PNGDecoder {
    /// A stream over a non-interlaced PNG (`nil` for an interlaced one, which must be decoded
    /// whole): the structure is read and checked now (limits, CRCs, metadata), rows later as
    /// they are asked for. Works on a file read by position or on bytes in memory.
    public func bands(_ file: FileBytes, warn: (String) -> Void = { _ in }) throws -> (any BandSource)? {
        try bands(source: file, warn: warn)
    }

    /// A stream over the PNG `bytes`; `nil` when it is interlaced.
    public func bands(_ bytes: [UInt8], warn: (String) -> Void = { _ in }) throws -> (any BandSource)? {
        try bands(source: bytes, warn: warn)
    }

    private func bands<Source: PNGByteSource>(source: Source, warn: (String) -> Void) throws -> (any BandSource)? {
        let structure = try PNGStructure.read(source, limits: limits, warn: warn)
        guard !structure.header.isInterlaced else { return nil }
        try Self.checkExpansion(structure)
        return try PNGBandSource(source, structure: structure)
    }
}
