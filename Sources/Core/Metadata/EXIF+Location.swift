extension EXIF {
    private static let gpsPointerTag: UInt16 = 0x8825

    /// Whether IFD0 of `block` points at a GPS IFD (a location may be recorded).
    public static func hasLocation(in block: [UInt8]) -> Bool {
        let block = stripPrefix(block)
        guard let tiff = TIFFBytes(block), let ifd = tiff.firstIFD, let count = tiff.u16(ifd) else { return false }
        return (0..<Int(count)).contains { tiff.u16(ifd + 2 + $0 * 12) == gpsPointerTag }
    }

    /// `block` without its location: the GPS IFD's entries and every value they point at are
    /// overwritten with zeros, and IFD0's pointer to it is removed (the entries after it move
    /// up in place), so no offset elsewhere in the block changes and every other tag survives.
    /// `nil` when the block is not readable TIFF (it cannot be shown to hold no location).
    public static func removingLocation(from block: [UInt8]) -> [UInt8]? {
        var block = stripPrefix(block)
        guard let tiff = TIFFBytes(block), let ifd = tiff.firstIFD, let count = tiff.u16(ifd).map(Int.init),
            ifd + 2 + count * 12 + 4 <= block.count
        else { return nil }
        guard let index = (0..<count).first(where: { tiff.u16(ifd + 2 + $0 * 12) == gpsPointerTag }) else { return block }
        let entry = ifd + 2 + index * 12
        if let gps = tiff.u32(entry + 8), let gpsCount = tiff.u16(gps).map(Int.init) {
            for field in 0..<gpsCount {
                let at = gps + 2 + field * 12
                guard let type = tiff.u16(at + 2), let values = tiff.u32(at + 4), let offset = tiff.u32(at + 8) else { break }
                let size = typeSize(type) * values
                if size > 4 { zero(&block, from: offset, count: size) }
            }
            zero(&block, from: gps, count: 2 + gpsCount * 12 + 4)
        }
        // IFD0 without the pointer: later entries and the next-IFD offset move up one slot.
        let end = ifd + 2 + count * 12 + 4
        block.replaceSubrange(entry..<(end - 12), with: block[(entry + 12)..<end])
        zero(&block, from: end - 12, count: 12)
        block.replaceSubrange(ifd..<(ifd + 2), with: tiff.bytes(UInt16(count - 1)))
        return block
    }

    /// Bytes per value of a TIFF field type (0 for unknown types, whose values are not touched).
    private static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11: 4
        case 5, 10, 12: 8
        default: 0
        }
    }

    /// Zeros `count` bytes from `offset`, clipped to the block.
    private static func zero(_ block: inout [UInt8], from offset: Int, count: Int) {
        let start = max(0, offset)
        let end = min(block.count, offset + count)
        guard start < end else { return }
        for position in start..<end { block[position] = 0 }
    }
}
