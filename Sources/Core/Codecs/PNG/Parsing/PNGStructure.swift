/// Everything a PNG declares before and around its pixels, gathered from its chunks in order.
struct PNGStructure {
    var header: PNGHeader
    var palette: PNGPalette?
    var transparencyKey: PNGTransparencyKey?
    var metadata: ImageMetadata
    /// The data ranges of the `IDAT` chunks, in order.
    var imageData: [Range<Int>] = []
    /// The total `IDAT` bytes.
    var imageDataLength: Int { imageData.reduce(0) { $0 + $1.count } }

    /// Reads the chunks of `bytes`, checking order, CRCs and contents.
    ///
    /// - Parameter stopAtImageData: stop at the first `IDAT` (a metadata-only read; CRCs of skipped data are not checked).
    static func read<Source: PNGByteSource>(
        _ bytes: Source, limits: ImageLimits, stopAtImageData: Bool = false,
        warn: (String) -> Void
    ) throws -> PNGStructure {
        var reader = try PNGChunkReader(bytes: bytes)
        let first = try reader.next()
        guard first.type == .header else {
            throw PNGError.misplacedChunk(chunk: first.type.description, offset: first.offset, reason: "comes first, but IHDR must")
        }
        try checkCRC(first)
        let header: PNGHeader
        let headerBody = try reader.data(of: first)
        do { header = try PNGHeader(parsing: headerBody) } catch {
            throw PNGError.invalidChunk(chunk: "IHDR", offset: first.offset, reason: error.reason)
        }
        try limits.check(width: header.width, height: header.height)

        var structure = PNGStructure(header: header, metadata: ImageMetadata())
        var metadataReader = PNGMetadataReader(limits: limits, width: header.width, height: header.height)
        var seenEnd = false
        var imageDataEnded = false
        var transparencyBody: (ArraySlice<UInt8>, PNGChunk)?
        while !reader.isAtEnd {
            let chunk = try reader.next()
            let name = chunk.type.description
            if chunk.type.isCritical {
                try checkCRC(chunk)
            } else if !chunk.crcMatches {
                warn("skipped ancillary chunk \(name) at byte \(chunk.offset): CRC mismatch")
                continue
            }
            switch chunk.type {
            case .header:
                throw PNGError.misplacedChunk(chunk: name, offset: chunk.offset, reason: "appears twice")
            case .imageData:
                if imageDataEnded { throw PNGError.misplacedChunk(chunk: name, offset: chunk.offset, reason: "is separated from the other IDAT chunks") }
                if stopAtImageData { return structure.finishing(metadataReader, transparency: transparencyBody, warn: warn) }
                structure.imageData.append(chunk.data)
            case .end:
                seenEnd = true
            case .palette:
                if !structure.imageData.isEmpty { throw PNGError.misplacedChunk(chunk: name, offset: chunk.offset, reason: "comes after IDAT") }
                if structure.palette != nil { throw PNGError.misplacedChunk(chunk: name, offset: chunk.offset, reason: "appears twice") }
                if header.colorType == .gray || header.colorType == .grayAlpha {
                    throw PNGError.misplacedChunk(chunk: name, offset: chunk.offset, reason: "is not allowed in a \(header.colorType.displayName) image")
                }
                let body = try reader.data(of: chunk)
                do { structure.palette = try PNGPalette(parsing: body) } catch {
                    throw PNGError.invalidChunk(chunk: name, offset: chunk.offset, reason: error.reason)
                }
            case .transparency:
                transparencyBody = (try reader.data(of: chunk), chunk)
            default:
                if chunk.type.isCritical { throw PNGError.unknownCriticalChunk(chunk: name, offset: chunk.offset) }
                let body = try reader.data(of: chunk)
                do {
                    _ = try metadataReader.read(chunk.type, body)
                } catch let error as LimitError {
                    throw error
                } catch let error as ChunkFormatError {
                    // Android refuses a malformed npTc; so do we, and nine-patch values no aapt
                    // writes (see NinePatchInfo+Validity). Other ancillary chunks are skipped.
                    if chunk.type == .ninePatch || chunk.type == .layoutBounds || chunk.type == .outline {
                        throw PNGError.invalidChunk(
                            chunk: name, offset: chunk.offset,
                            reason: error.reason
                                + "; the nine-patch chunk is damaged (aapt never writes this): compile its .9.png source again")
                    }
                    warn("skipped ancillary chunk \(name) at byte \(chunk.offset): \(error.reason)")
                } catch {
                    warn("skipped ancillary chunk \(name) at byte \(chunk.offset): \(error)")
                }
            }
            if chunk.type != .imageData && !structure.imageData.isEmpty { imageDataEnded = true }
            if seenEnd { break }
        }
        if structure.imageData.isEmpty { throw PNGError.missingChunk("IDAT") }
        if header.colorType == .palette && structure.palette == nil { throw PNGError.missingChunk("PLTE") }
        if !seenEnd { warn("no IEND chunk: the file may be truncated") }
        return structure.finishing(metadataReader, transparency: transparencyBody, warn: warn)
    }

    private static func checkCRC(_ chunk: PNGChunk) throws(PNGError) {
        if let computed = chunk.computedCRC, computed != chunk.declaredCRC {
            throw .checksumMismatch(chunk: chunk.type.description, offset: chunk.offset, declared: chunk.declaredCRC, computed: computed)
        }
    }

    private func finishing(
        _ reader: PNGMetadataReader, transparency: (ArraySlice<UInt8>, PNGChunk)?,
        warn: (String) -> Void
    ) -> PNGStructure {
        var result = self
        result.metadata = reader.metadata
        if let (body, chunk) = transparency {
            do throws(ChunkFormatError) {
                switch header.colorType {
                case .palette:
                    if var palette = result.palette {
                        try palette.applyTransparency(body)
                        result.palette = palette
                    }
                case .gray, .rgb:
                    result.transparencyKey = try PNGTransparencyKey(parsing: body, header: header)
                case .grayAlpha, .rgba:
                    throw ChunkFormatError("tRNS is not allowed in an image with an alpha channel")
                }
            } catch {
                warn("ignored tRNS at byte \(chunk.offset): \(error.reason)")
            }
        }
        return result
    }
}
