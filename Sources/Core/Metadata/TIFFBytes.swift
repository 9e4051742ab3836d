/// A TIFF block's byte order and bounds-checked reads, and values written in that order.
struct TIFFBytes {
    let block: [UInt8]
    let bigEndian: Bool

    /// `nil` unless `block` starts with `MM` or `II` and is at least a header long.
    init?(_ block: [UInt8]) {
        guard block.count >= 8 else { return nil }
        switch (block[0], block[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        self.block = block
    }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= block.count else { return nil }
        return bigEndian ? UInt16(block[at]) << 8 | UInt16(block[at + 1]) : UInt16(block[at + 1]) << 8 | UInt16(block[at])
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at) else { return nil }
        return Int(high) << 16 | Int(low)
    }

    /// IFD0's offset, when the header's magic number is 42.
    var firstIFD: Int? { u16(2) == 42 ? u32(4) : nil }

    func bytes(_ value: UInt16) -> [UInt8] {
        bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    func bytes(_ value: UInt32) -> [UInt8] {
        bigEndian ? bytes(UInt16(value >> 16)) + bytes(UInt16(value & 0xFFFF)) : bytes(UInt16(value & 0xFFFF)) + bytes(UInt16(value >> 16))
    }

    /// The tag of a 12-byte IFD entry.
    static func tag(of entry: [UInt8], bigEndian: Bool) -> UInt16 {
        bigEndian ? UInt16(entry[0]) << 8 | UInt16(entry[1]) : UInt16(entry[1]) << 8 | UInt16(entry[0])
    }
}
