/// A `tRNS` colour key for gray or RGB images: pixels equal to it are fully transparent.
struct PNGTransparencyKey: Sendable, Hashable {
    /// The key samples (1 for gray, 3 for RGB), at the file's bit depth.
    var samples: [UInt16]

    /// Parses a `tRNS` body for a gray or RGB header.
    init(parsing bytes: ArraySlice<UInt8>, header: PNGHeader) throws(ChunkFormatError) {
        let channels = header.colorType == .gray ? 1 : 3
        guard bytes.count == channels * 2 else {
            throw ChunkFormatError("tRNS is \(bytes.count) bytes; a \(header.colorType.displayName) image needs \(channels * 2)")
        }
        var reader = ByteReader(bytes)
        samples = (0..<channels).map { _ in reader.uint16BE() }
    }
}
