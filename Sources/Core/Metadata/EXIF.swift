/// Reads and patches the orientation tag inside a raw EXIF (TIFF) block. Every read is bounds-checked.
public enum EXIF {
    private static let orientationTag: UInt16 = 0x0112

    /// The orientation stored in IFD0 of `block`, or `nil` when absent or malformed.
    public static func orientation(in block: [UInt8]) -> Orientation? {
        guard let location = orientationLocation(in: block) else { return nil }
        return Orientation(rawValue: Int(location.value))
    }

    /// The block to write for `orientation`, so that ``orientation(in:)`` reads it back: `block`
    /// with its tag patched; `block` with IFD0 rewritten at its end to hold a new tag when it has
    /// none (every other entry kept, so GPS, camera and dates survive); a minimal block when
    /// there is no block or it is not readable TIFF. An absent tag means ``Orientation/up``.
    public static func block(_ block: [UInt8]?, orientation: Orientation) -> [UInt8]? {
        guard var block else { return orientation == .up ? nil : minimalBlock(orientation) }
        block = stripPrefix(block)
        if let location = orientationLocation(in: block) {
            let value = UInt16(orientation.rawValue)
            if location.bigEndian {
                block[location.offset] = UInt8(value >> 8)
                block[location.offset + 1] = UInt8(value & 0xFF)
            } else {
                block[location.offset] = UInt8(value & 0xFF)
                block[location.offset + 1] = UInt8(value >> 8)
            }
            return block
        }
        if orientation == .up { return block }
        return adding(orientation, to: block) ?? minimalBlock(orientation)
    }

    /// `block` (TIFF, prefix stripped) with a copy of IFD0 appended that also holds the
    /// orientation tag in tag order, and the header pointed at it. Entries' value offsets are
    /// from the start of the block, so they stay valid. `nil` when IFD0 cannot be read.
    private static func adding(_ orientation: Orientation, to block: [UInt8]) -> [UInt8]? {
        guard block.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (block[0], block[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= block.count else { return nil }
            return bigEndian ? Int(block[at]) << 8 | Int(block[at + 1]) : Int(block[at + 1]) << 8 | Int(block[at])
        }
        func bytes16(_ value: Int) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
        }
        func bytes32(_ value: Int) -> [UInt8] {
            bigEndian ? bytes16(value >> 16) + bytes16(value & 0xFFFF) : bytes16(value & 0xFFFF) + bytes16(value >> 16)
        }
        guard u16(2) == 42, let high = u16(bigEndian ? 4 : 6), let low = u16(bigEndian ? 6 : 4) else { return nil }
        let ifd = high << 16 | low
        guard let count = u16(ifd), ifd + 2 + count * 12 + 4 <= block.count, count < 0xFFFF else { return nil }
        // A malformed orientation entry (not one SHORT) is replaced.
        var entries = (0..<count).map { Array(block[(ifd + 2 + $0 * 12)..<(ifd + 14 + $0 * 12)]) }
            .filter { u16At($0, bigEndian) != Int(orientationTag) }
        let tag = bytes16(Int(orientationTag)) + bytes16(3) + bytes32(1) + bytes16(orientation.rawValue) + [0, 0]
        let position = entries.firstIndex { (u16At($0, bigEndian) ?? 0) > Int(orientationTag) } ?? entries.count
        entries.insert(tag, at: position)
        let next = Array(block[(ifd + 2 + count * 12)..<(ifd + 6 + count * 12)])
        var out = block
        if out.count % 2 == 1 { out.append(0) }  // IFDs start on a word boundary
        guard out.count + 2 + entries.count * 12 + 4 <= Int(UInt32.max) else { return nil }
        let offset = out.count
        out += bytes16(entries.count) + entries.flatMap { $0 } + next
        out.replaceSubrange(4..<8, with: bytes32(offset))
        return out
    }

    private static func u16At(_ entry: [UInt8], _ bigEndian: Bool) -> Int? {
        guard entry.count >= 2 else { return nil }
        return bigEndian ? Int(entry[0]) << 8 | Int(entry[1]) : Int(entry[1]) << 8 | Int(entry[0])
    }

    /// Drops a leading `Exif\0\0` (JPEG APP1 style) when present.
    static func stripPrefix(_ block: [UInt8]) -> [UInt8] {
        block.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) ? Array(block.dropFirst(6)) : block
    }

    private static func minimalBlock(_ orientation: Orientation) -> [UInt8] {
        // "MM", 42, IFD0 at 8; one entry: tag 0x0112, SHORT, count 1, value; next IFD 0.
        [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation.rawValue), 0, 0, 0, 0, 0, 0]
    }

    private static func orientationLocation(in raw: [UInt8]) -> (offset: Int, value: UInt16, bigEndian: Bool)? {
        let block = stripPrefix(raw)
        let shift = raw.count - block.count
        guard block.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (block[0], block[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= block.count else { return nil }
            return bigEndian ? UInt16(block[at]) << 8 | UInt16(block[at + 1]) : UInt16(block[at + 1]) << 8 | UInt16(block[at])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at) else { return nil }
            return Int(high) << 16 | Int(low)
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<Int(count) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == orientationTag {
                guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
                return (entry + 8 + shift, value, bigEndian)
            }
        }
        return nil
    }
}
