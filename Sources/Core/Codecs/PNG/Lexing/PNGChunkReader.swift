/// Splits PNG bytes into chunks: bytes → chunks, with lengths and (optionally) CRCs checked.
struct PNGChunkReader {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private let bytes: [UInt8]
    private(set) var position: Int
    /// Whether to compute CRCs (off for a metadata-only read of large files).
    var verifiesCRC: Bool

    /// Checks the signature; throws ``PNGError/notPNG`` when it is absent.
    init(bytes: [UInt8], verifiesCRC: Bool = true) throws(PNGError) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else { throw .notPNG }
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
        var reader = ByteReader(bytes[offset..<(offset + 8)])
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
        var crcReader = ByteReader(bytes[dataEnd..<(dataEnd + 4)])
        let declared = crcReader.uint32BE()
        var computed: UInt32?
        if verifiesCRC {
            computed = bytes.withUnsafeBytes { raw in
                Zlib.crc32(UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<dataEnd]))
            }
        }
        position = dataEnd + 4
        return PNGChunk(type: type, offset: offset, data: dataStart..<dataEnd, declaredCRC: declared, computedCRC: computed)
    }

    /// The data bytes of `chunk`.
    func data(of chunk: PNGChunk) -> ArraySlice<UInt8> { bytes[chunk.data] }
}
