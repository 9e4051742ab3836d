/// What a run of AV1 OBUs (the low-overhead format of AV1 spec 5.3, as an AVIF item and its
/// `av1C` hold them) says about the memory decoding it takes: its sequence headers and how many
/// frame headers follow. OBUs are walked as dav1d 1.0 walks them, stopping where dav1d would
/// stop with an error (a size past the end, a sequence header it refuses).
struct AV1Stream {
    /// Each sequence header dav1d would accept, with where its OBU starts in the stream.
    private(set) var sequenceHeaders: [(offset: Int, header: AV1SequenceHeader)] = []
    /// Frame and frame-header OBUs: each may make dav1d hold one more picture.
    private(set) var frameCount = 0

    private static let sequenceHeader: UInt8 = 1, frameHeader: UInt8 = 3, frame: UInt8 = 6

    /// Walks the OBUs of `data`; offsets are relative to its start.
    init(_ data: ArraySlice<UInt8>) {
        var position = data.startIndex
        while position < data.endIndex {
            let start = position
            let header = data[position]
            let type = header >> 3 & 0xF
            let hasExtension = header & 0x04 != 0
            let hasSize = header & 0x02 != 0
            position += hasExtension ? 2 : 1
            guard position <= data.endIndex else { return }
            var size = data.endIndex - position
            if hasSize {
                guard let (value, length) = Self.leb128(data[position...]), value <= size - length else { return }
                position += length
                size = value
            }
            let payload = data[position..<(position + size)]
            position += size
            switch type {
            case Self.sequenceHeader:
                guard let parsed = AV1SequenceHeader(parsing: payload) else { return }
                sequenceHeaders.append((start - data.startIndex, parsed))
            case Self.frameHeader, Self.frame:
                frameCount += 1
            default:
                break
            }
        }
    }

    /// An unsigned LEB128 number of at most 8 bytes and below 2³², and how many bytes it took.
    private static func leb128(_ bytes: ArraySlice<UInt8>) -> (value: Int, length: Int)? {
        var value = 0
        for (index, byte) in bytes.prefix(8).enumerated() {
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return value <= Int(UInt32.max) ? (value, index + 1) : nil }
        }
        return nil
    }
}
