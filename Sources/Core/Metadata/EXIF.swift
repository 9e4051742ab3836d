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
        guard let tiff = TIFFBytes(block), let ifd = tiff.firstIFD, let count = tiff.u16(ifd).map(Int.init),
            ifd + 2 + count * 12 + 4 <= block.count, count < 0xFFFF
        else { return nil }
        // A malformed orientation entry (not one SHORT) is replaced.
        var entries = (0..<count).map { ifd + 2 + $0 * 12 }.filter { tiff.u16($0) != orientationTag }
            .map { Array(block[$0..<($0 + 12)]) }
        let tag = tiff.bytes(orientationTag) + tiff.bytes(UInt16(3)) + tiff.bytes(UInt32(1)) + tiff.bytes(UInt16(orientation.rawValue)) + [0, 0]
        let position = entries.firstIndex { (TIFFBytes.tag(of: $0, bigEndian: tiff.bigEndian)) > orientationTag } ?? entries.count
        entries.insert(tag, at: position)
        let next = Array(block[(ifd + 2 + count * 12)..<(ifd + 6 + count * 12)])
        var out = block
        if out.count % 2 == 1 { out.append(0) }  // IFDs start on a word boundary
        guard let offset = UInt32(exactly: out.count), out.count + 2 + entries.count * 12 + 4 <= Int(UInt32.max) else { return nil }
        out += tiff.bytes(UInt16(entries.count)) + entries.flatMap { $0 } + next
        out.replaceSubrange(4..<8, with: tiff.bytes(offset))
        return out
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
        guard let tiff = TIFFBytes(block), let ifd = tiff.firstIFD, let count = tiff.u16(ifd) else { return nil }
        for index in 0..<Int(count) {
            let entry = ifd + 2 + index * 12
            guard let tag = tiff.u16(entry) else { return nil }
            if tag == orientationTag {
                guard tiff.u16(entry + 2) == 3, let value = tiff.u16(entry + 8) else { return nil }
                return (entry + 8 + shift, value, tiff.bigEndian)
            }
        }
        return nil
    }
}
