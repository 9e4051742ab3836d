/// Writes chunks (length, type, data, CRC) to a byte sink, one whole chunk at a time.
struct PNGChunkWriter {
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var chunk: [UInt8] = []

    /// Creates a writer and writes the PNG signature.
    init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        self.sink = sink
        try PNGSignature.bytes.withUnsafeBytes { try sink($0) }
    }

    mutating func append(_ type: PNGChunkType, _ data: [UInt8]) throws {
        chunk.removeAll(keepingCapacity: true)
        chunk.appendBigEndian(UInt32(data.count))
        chunk.append(contentsOf: type.bytes)
        chunk.append(contentsOf: data)
        let crc = chunk.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[4...])) }
        chunk.appendBigEndian(crc)
        try chunk.withUnsafeBytes { try sink($0) }
    }
}
