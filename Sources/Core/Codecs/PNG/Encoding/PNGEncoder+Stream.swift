import CZlib

extension PNGEncoder {
    /// Writes the image `source` streams as PNG to `sink`, pulling bands as the deflate stream
    /// needs them, so neither the image nor the file is ever whole in memory.
    ///
    /// A stream's layout is written as it is (gray, gray+alpha, RGB or RGBA at its own depth):
    /// the smallest-layout search of ``encode(_:to:)`` needs every pixel before the header, so
    /// it is left out. Pixels decode exactly as with the whole-image encoder; on large images
    /// the blocks and bytes of the compressed data are the same too when the layouts agree.
    ///
    /// - Parameters:
    ///   - metadata: the metadata written (default: the stream's).
    ///   - context: cancellation, checked between bands.
    public func encode(_ source: any BandSource, metadata: ImageMetadata? = nil, context: TransformContext = TransformContext(),
                       to sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        let image = source.header
        let colorType: PNGHeader.ColorType = switch image.layout {
        case .gray: .gray
        case .grayAlpha: .grayAlpha
        case .rgb: .rgb
        case .rgba: .rgba
        }
        let plan = PNGEncodingPlan(colorType: colorType, bitDepth: image.depth == .eight ? 8 : 16,
                                   channelMap: Array(0..<image.layout.channelCount), reducesTo8: false, table: nil)
        let header = PNGHeader(width: image.width, height: image.height, bitDepth: plan.bitDepth, colorType: colorType, isInterlaced: false)
        var writer = try PNGChunkWriter(sink: sink)
        try writer.append(.header, header.serialized)
        for (type, body) in try PNGMetadataWriter.chunks(for: metadata ?? image.metadata) { try writer.append(type, body) }
        var rows = StreamedRows(source: source, alphaMode: image.alphaMode, plan: plan, context: context)
        var idat = IDATBuffer(writer: writer)
        try writeImageData(&rows, header: header, pixelCount: image.width * image.height, plan: plan) { try idat.append($0) }
        try idat.flush()
        writer = idat.writer
        try writer.append(.end, [])
    }

    private func writeImageData(_ rows: inout StreamedRows, header: PNGHeader, pixelCount: Int, plan: PNGEncodingPlan,
                                sink: ([UInt8]) throws -> Void) throws {
        let rowBytes = header.rowBytes(pixels: header.width)
        let level = Int32(max(0, min(9, compressionLevel ?? (pixelCount <= 4_000_000 ? 4 : 2))))
        let cores = TransformContext.processorCount
        if PNGParallelDeflate.pays(height: header.height, rowBytes: rowBytes, cores: cores) {
            // Every core deflates its own blocks of rows, as for a whole image; a wave of blocks
            // is pulled at a time, with the rows its dictionaries are filtered from kept back.
            let deflate = PNGParallelDeflate(height: header.height, rowBytes: rowBytes, bpp: header.filterStride, adaptive: true,
                                             level: level, strategy: Z_FILTERED, packer: PNGRowPacker(image: rows.empty, plan: plan))
            var adler = try deflate.writeHeader(sink: sink)
            var next = 0
            while next < deflate.blockCount {
                let wave = next..<min(deflate.blockCount, next + cores)
                let packer = try rows.packer(through: deflate.rows(ofBlock: wave.upperBound - 1).upperBound, keeping: deflate.dictionaryRows)
                try deflate.compress(wave, packer: packer, adler: &adler, sink: sink)
                next = wave.upperBound
            }
            try deflate.writeTrailer(adler: adler, sink: sink)
            return
        }
        let deflater = try Deflater(level: level, strategy: Z_FILTERED)
        var failure: (any Error)?
        func collect(_ bytes: [UInt8]) {
            guard failure == nil else { return }
            do { try sink(bytes) } catch { failure = error }
        }
        var filter = PNGRowFilter(rowBytes: rowBytes, bpp: header.filterStride)
        var buffer = [UInt8](repeating: 0, count: 2 * rowBytes)
        let step = max(1, (256 << 10) / max(1, rowBytes))
        try buffer.withUnsafeMutableBufferPointer { buffer in
            var current = buffer.baseAddress!
            var previous = current + rowBytes
            var y = 0
            while y < header.height {
                let packer = try rows.packer(through: min(header.height, y + step), keeping: 0)
                while y < packer.firstRow + packer.image.height {
                    packer.pack(row: y, into: current, count: rowBytes)
                    try filter.filter(current, previous: previous, adaptive: true) { try deflater.write($0, sink: collect) }
                    if let failure { throw failure }
                    swap(&current, &previous)
                    y += 1
                }
            }
        }
        try deflater.finish(sink: collect)
        if let failure { throw failure }
    }
}

/// The rows a streamed encode has pulled and still needs: the latest band plus the rows
/// before it that filtering and deflate dictionaries look back at.
private struct StreamedRows {
    let source: any BandSource
    let alphaMode: AlphaMode
    let plan: PNGEncodingPlan
    let context: TransformContext
    /// Rows held, from `top`.
    private var held: Image?
    private var top = 0
    private var end = 0

    init(source: any BandSource, alphaMode: AlphaMode, plan: PNGEncodingPlan, context: TransformContext) {
        self.source = source
        self.alphaMode = alphaMode
        self.plan = plan
        self.context = context
    }

    /// A one-row stand-in for packers that are replaced before use.
    var empty: Image {
        let header = source.header
        return Image(width: header.width, height: 1, layout: header.layout, depth: header.depth,
                     fill: Array(repeating: 0, count: header.layout.channelCount))
    }

    /// A packer holding rows up to `limit` (exclusive) and the `keeping` rows before the ones
    /// not handed out yet.
    mutating func packer(through limit: Int, keeping: Int) throws -> PNGRowPacker {
        try context.checkCancellation()
        var band = try source.read(end..<limit).rows
        band.alphaMode = alphaMode
        band = band.unpremultiplied()
        let keepFrom = max(top, end - keeping)
        if let held, keepFrom < end {
            band = held.cropped(to: PixelRect(x: 0, y: keepFrom - top, width: held.width, height: end - keepFrom)).stacked(above: band)
            top = keepFrom
        } else {
            top = end
        }
        end = limit
        held = band
        return PNGRowPacker(image: band, plan: plan, firstRow: top)
    }
}

/// Collects deflate output into `IDAT` chunks of 256 KiB.
private struct IDATBuffer {
    var writer: PNGChunkWriter
    private var pending: [UInt8] = []

    init(writer: PNGChunkWriter) { self.writer = writer }

    mutating func append(_ bytes: [UInt8]) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= 1 << 18 { try flush() }
    }

    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try writer.append(.imageData, pending)
        pending.removeAll(keepingCapacity: true)
    }
}
