import CZlib

/// Encodes an ``Image`` as PNG in the smallest lossless layout for its content.
///
/// - No alpha channel when every pixel is opaque (unless ``EncodingHints/keepsAlphaChannel``
///   asks for one); gray when R = G = B; 16-bit
///   only when some sample is not an exact 8-bit value (v × 257); a palette
///   (1/2/4/8-bit, with `tRNS`) for colour images with at most 256 colours;
///   1/2/4-bit gray when the gray values allow it.
/// - Adaptive per-row filtering (none for palette and sub-byte images).
/// - Metadata written back: nine-patch (`npOl`, `npLb`, `npTc` right after `IHDR`,
///   as aapt orders them), `iCCP` (or `sRGB`/`gAMA`), `pHYs`, `eXIf`, text.
/// Premultiplied images are converted to straight alpha first.
public struct PNGEncoder: Sendable {
    /// zlib level 0–9, or `nil` (the default) for automatic: 4 for images up to
    /// 4 megapixels and 2 above. On flat graphics 4 and 6 are within 1%; level 2 is
    /// about three times faster again for files about 15% larger. Whatever the level,
    /// each 256 KiB block of filtered rows samples run-length matching too and uses it
    /// where it wins (`PNGStrategyTrial`): photographs, where it is both smaller
    /// and several times faster than string matching.
    public var compressionLevel: Int?
    /// Whether a palette may be used (default `true`).
    public var allowsPalette: Bool

    /// Creates an encoder.
    public init(compressionLevel: Int? = nil, allowsPalette: Bool = true) {
        self.compressionLevel = compressionLevel
        self.allowsPalette = allowsPalette
    }

    /// The PNG bytes of `image`.
    public func encode(_ image: Image) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try encode(image) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes `image` as PNG to `sink` in pieces (the whole file is never in memory).
    public func encode(_ image: Image, to sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        let image = image.unpremultiplied()
        let plan = PNGEncodingPlan.plan(for: image, allowsPalette: allowsPalette)
        let header = PNGHeader(
            width: image.width, height: image.height, bitDepth: plan.bitDepth,
            colorType: plan.colorType, isInterlaced: false)
        var writer = try PNGChunkWriter(sink: sink)
        try writer.append(.header, header.serialized)
        for (type, body) in try PNGMetadataWriter.chunks(for: image.metadata) { try writer.append(type, body) }
        if let table = plan.table {
            try writer.append(.palette, table.colors.flatMap { [UInt8($0 >> 24), UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF)] })
            let alphas = table.colors.map { UInt8($0 & 0xFF) }
            if let lastTranslucent = alphas.lastIndex(where: { $0 != 255 }) {
                try writer.append(.transparency, Array(alphas[0...lastTranslucent]))
            }
        }
        try writeImageData(image, plan: plan, header: header, into: &writer)
        try writer.append(.end, [])
    }

    private func writeImageData(_ image: Image, plan: PNGEncodingPlan, header: PNGHeader, into writer: inout PNGChunkWriter) throws {
        let rowBytes = header.rowBytes(pixels: image.width)
        let level = Int32(max(0, min(9, compressionLevel ?? (image.pixelCount <= 4_000_000 ? 4 : 2))))
        let strategy = plan.colorType == .palette || plan.bitDepth < 8 ? Z_DEFAULT_STRATEGY : Z_FILTERED
        let adaptive = plan.colorType != .palette && plan.bitDepth >= 8
        var pending: [UInt8] = []
        var failure: (any Error)?
        func flush(_ piece: [UInt8]) {
            pending.append(contentsOf: piece)
            if pending.count >= 1 << 18 && failure == nil {
                do { try writer.append(.imageData, pending) } catch { failure = error }
                pending.removeAll(keepingCapacity: true)
            }
        }
        // Every core deflates its own blocks of rows into the one zlib stream.
        let deflate = PNGParallelDeflate(
            height: image.height, rowBytes: rowBytes, bpp: header.filterStride, adaptive: adaptive,
            level: level, strategy: strategy, triesRuns: adaptive)
        let packer = PNGRowPacker(image: image, plan: plan)
        try deflate.write(cores: TransformContext.processorCount, rows: { _ in packer }) { flush($0) }
        if let failure { throw failure }
        if !pending.isEmpty { try writer.append(.imageData, pending) }
    }
}
