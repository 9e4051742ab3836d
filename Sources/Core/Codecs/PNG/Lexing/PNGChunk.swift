/// One chunk located in a PNG file: its type and where its data lies. No bytes are copied.
struct PNGChunk: Sendable {
    /// The chunk type.
    let type: PNGChunkType
    /// The byte offset of the chunk (its length field) in the file.
    let offset: Int
    /// The range of the chunk data in the file.
    let data: Range<Int>
    /// The CRC stored after the data.
    let declaredCRC: UInt32
    /// The CRC computed over type and data, or `nil` when not verified.
    let computedCRC: UInt32?

    /// Whether the CRC was verified and matches.
    var crcMatches: Bool { computedCRC == nil || computedCRC == declaredCRC }
}
