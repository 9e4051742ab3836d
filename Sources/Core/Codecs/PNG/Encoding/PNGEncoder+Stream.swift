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
    ///   - source: the rows to compress, pulled band by band.
    ///   - metadata: the metadata written (default: the stream's).
    ///   - context: cancellation, checked between bands.
    ///   - sink: receives the file's bytes in order, as they are made.
    public func encode(
        _ source: any BandSource, metadata: ImageMetadata? = nil, context: TransformContext = TransformContext(),
        to sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let image = source.header
        let colorType: PNGHeader.ColorType =
            switch image.layout {
            case .gray: .gray
            case .grayAlpha: .grayAlpha
            case .rgb: .rgb
            case .rgba: .rgba
            }
        let plan = PNGEncodingPlan(
            colorType: colorType, bitDepth: image.depth == .eight ? 8 : 16,
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

    private func writeImageData(
        _ rows: inout StreamedRows, header: PNGHeader, pixelCount: Int, plan: PNGEncodingPlan,
        sink: ([UInt8]) throws -> Void
    ) throws {
        let rowBytes = header.rowBytes(pixels: header.width)
        let level = Int32(max(0, min(9, compressionLevel ?? (pixelCount <= 4_000_000 ? 4 : 2))))
        // Every core deflates its own blocks of rows, as for a whole image, while this thread
        // pulls the next block's rows (and the rows its dictionary is filtered from).
        let deflate = PNGParallelDeflate(
            height: header.height, rowBytes: rowBytes, bpp: header.filterStride, adaptive: true,
            level: level, strategy: Z_FILTERED)
        try deflate.write(
            cores: TransformContext.processorCount,
            rows: { index in
                try rows.packer(through: deflate.rows(ofBlock: index).upperBound, keeping: deflate.dictionaryRows)
            }, sink: sink)
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
