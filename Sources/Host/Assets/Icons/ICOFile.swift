/// A Windows icon file (`favicon.ico`) whose entries are PNG files, as Windows Vista and every
/// browser read them: a 6-byte header, a 16-byte directory entry per image, then the PNGs.
struct ICOFile: Sendable {
    /// The entries: each image's side in pixels (1…256) and its PNG bytes.
    var entries: [(side: Int, png: [UInt8])]

    /// The file's bytes.
    ///
    /// - Precondition: every side is 1…256 and there are at most 65535 entries.
    var bytes: [UInt8] {
        precondition(entries.count <= 0xFFFF && entries.allSatisfy { (1...256).contains($0.side) }, "ICO entries are 1…256 pixels, at most 65535")
        var out: [UInt8] = []
        func uint16(_ value: Int) { out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func uint32(_ value: Int) { out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)] }
        uint16(0)  // reserved
        uint16(1)  // type: icon
        uint16(entries.count)
        var offset = 6 + 16 * entries.count
        for entry in entries {
            // A side of 256 is written as 0.
            out += [UInt8(entry.side & 0xFF), UInt8(entry.side & 0xFF), 0, 0]  // width, height, palette size, reserved
            uint16(1)  // colour planes
            uint16(32)  // bits per pixel
            uint32(entry.png.count)
            uint32(offset)
            offset += entry.png.count
        }
        for entry in entries { out += entry.png }
        return out
    }
}
