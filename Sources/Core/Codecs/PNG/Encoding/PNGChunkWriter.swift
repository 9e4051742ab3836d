/// Appends chunks (length, type, data, CRC) to a growing PNG byte array.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8] = PNGChunkReader.signature

    mutating func append(_ type: PNGChunkType, _ data: [UInt8]) {
        append(type, count: data.count) { $0.append(contentsOf: data) }
    }

    mutating func append(_ type: PNGChunkType, count: Int, body: (inout [UInt8]) -> Void) {
        bytes.appendBigEndian(UInt32(count))
        let start = bytes.count
        bytes.append(contentsOf: type.bytes)
        body(&bytes)
        let crc = bytes.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        bytes.appendBigEndian(crc)
    }
}
