/// Why a PNG could not be decoded. Offsets are byte offsets from the start of the file.
public enum PNGError: NinepipeError, Hashable {
    /// The file does not start with the PNG signature.
    case notPNG
    /// The file ends inside a chunk or before `IEND`.
    case truncated(offset: Int, while: String)
    /// A chunk type holds bytes that are not ASCII letters.
    case invalidChunkType(offset: Int)
    /// A chunk declares a length over 2³¹−1 or past the end of the file.
    case invalidChunkLength(chunk: String, offset: Int, length: UInt32)
    /// A critical chunk's CRC does not match its contents.
    case checksumMismatch(chunk: String, offset: Int, declared: UInt32, computed: UInt32)
    /// A critical chunk this decoder does not know.
    case unknownCriticalChunk(chunk: String, offset: Int)
    /// A chunk is where the specification does not allow it.
    case misplacedChunk(chunk: String, offset: Int, reason: String)
    /// A chunk's contents are malformed.
    case invalidChunk(chunk: String, offset: Int, reason: String)
    /// A required chunk is absent.
    case missingChunk(String)
    /// The zlib stream in `IDAT` is damaged.
    case corruptImageData(reason: String)
    /// The image data ends before every row was decoded.
    case imageDataTooShort(decodedRows: Int, expectedRows: Int)
    /// The image data holds more bytes than the header implies.
    case imageDataTooLong
    /// A row starts with a filter type other than 0–4.
    case invalidFilter(type: UInt8, row: Int)
    /// A pixel refers to a palette entry that does not exist.
    case paletteIndexOutOfRange(index: Int, paletteSize: Int)
    /// Reading the file failed at byte `offset` (an I/O error, or the file changed while it was read).
    case unreadable(offset: Int, reason: String)

    /// The message.
    public var description: String {
        let advice = "the file is damaged or not a PNG; re-export or re-download it"
        switch self {
        case .unreadable(let offset, let reason):
            return "cannot read the PNG at byte \(offset): \(reason); check the disk, or that nothing rewrites the file while it is read"
        case .notPNG:
            return "not a PNG file: the first 8 bytes are not the PNG signature"
        case .truncated(let offset, let what):
            return "corrupt PNG: file ends at byte \(offset) while reading \(what); \(advice)"
        case .invalidChunkType(let offset):
            return "corrupt PNG: invalid chunk type at byte \(offset) (chunk types are 4 ASCII letters); \(advice)"
        case .invalidChunkLength(let chunk, let offset, let length):
            return "corrupt PNG: chunk \(chunk) at byte \(offset) declares length \(length), past the end of the file; \(advice)"
        case .checksumMismatch(let chunk, let offset, let declared, let computed):
            return "corrupt PNG: CRC mismatch in chunk \(chunk) at byte \(offset) (stored \(hex(declared)), computed \(hex(computed))); \(advice)"
        case .unknownCriticalChunk(let chunk, let offset):
            return "unsupported PNG: unknown critical chunk \(chunk) at byte \(offset); a decoder must not guess its meaning"
        case .misplacedChunk(let chunk, let offset, let reason):
            return "corrupt PNG: chunk \(chunk) at byte \(offset) \(reason); \(advice)"
        case .invalidChunk(let chunk, let offset, let reason):
            return "corrupt PNG: chunk \(chunk) at byte \(offset): \(reason)"
        case .missingChunk(let chunk):
            return "corrupt PNG: no \(chunk) chunk; \(advice)"
        case .corruptImageData(let reason):
            return "corrupt PNG: compressed image data (IDAT) is damaged: \(reason); \(advice)"
        case .imageDataTooShort(let rows, let expected):
            return "corrupt PNG: image data ends after \(rows) of \(expected) rows; the file is truncated: re-export or re-download it"
        case .imageDataTooLong:
            return "corrupt PNG: image data holds more bytes than the header's size implies; \(advice)"
        case .invalidFilter(let type, let row):
            return "corrupt PNG: row \(row) uses filter type \(type) (valid: 0–4); \(advice)"
        case .paletteIndexOutOfRange(let index, let size):
            return "corrupt PNG: a pixel uses palette index \(index) but PLTE has \(size) entries; \(advice)"
        }
    }
}

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
