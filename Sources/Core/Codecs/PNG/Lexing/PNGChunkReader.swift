/// Splits PNG bytes into chunks: bytes → chunks, with lengths and (optionally) CRCs checked.
struct PNGChunkReader<Source: PNGByteSource> {
    private let bytes: Source
    private(set) var position: Int
    /// Whether to compute CRCs (off for a metadata-only read of large files).
    var verifiesCRC: Bool

    /// Checks the signature; throws ``PNGError/notPNG`` when it is absent.
    init(bytes: Source, verifiesCRC: Bool = true) throws(PNGError) {
        guard bytes.count >= 8, Array(try bytes.slice(0..<8)) == PNGSignature.bytes else { throw .notPNG }
        self.bytes = bytes
        self.position = 8
        self.verifiesCRC = verifiesCRC
    }

    /// Whether the file has bytes left.
    var isAtEnd: Bool { position >= bytes.count }

    /// Reads the next chunk, or throws when the file ends inside one.
    mutating func next() throws(PNGError) -> PNGChunk {
        let offset = position
        guard bytes.count - offset >= 8 else { throw .truncated(offset: bytes.count, while: "a chunk header") }
        var reader = ByteReader(try bytes.slice(offset..<(offset + 8)))
        let length = reader.uint32BE()
        let type = PNGChunkType(rawValue: reader.uint32BE())
        guard type.isValid else { throw .invalidChunkType(offset: offset) }
        guard length <= 0x7FFF_FFFF else {
            throw .invalidChunkLength(chunk: type.description, offset: offset, length: length)
        }
        let dataStart = offset + 8
        let dataEnd = dataStart + Int(length)
        guard dataEnd + 4 <= bytes.count else {
            throw .truncated(offset: bytes.count, while: "chunk \(type) that starts at byte \(offset)")
        }
        var crcReader = ByteReader(try bytes.slice(dataEnd..<(dataEnd + 4)))
        let declared = crcReader.uint32BE()
        let computed = verifiesCRC ? try bytes.crc32((offset + 4)..<dataEnd) : nil
        position = dataEnd + 4
        return PNGChunk(type: type, offset: offset, data: dataStart..<dataEnd, declaredCRC: declared, computedCRC: computed)
    }

    /// The data bytes of `chunk`.
    func data(of chunk: PNGChunk) throws(PNGError) -> ArraySlice<UInt8> { try bytes.slice(chunk.data) }
}

/// The eight bytes every PNG starts with.
enum PNGSignature {
    static let bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
}
