// The order `npLb` and `npOl` store insets in: little-endian int32 left, top, right, bottom
// (aapt's). `npTc`'s padding has an order of its own, in NinePatchChunk.swift.

extension NinePatchInsets {
    /// Reads four little-endian int32 in the `npLb`/`npOl` order: left, top, right, bottom.
    init(readingLeftTopRightBottom reader: inout ByteReader) {
        let left = reader.int32LE()
        let top = reader.int32LE()
        let right = reader.int32LE()
        let bottom = reader.int32LE()
        self.init(top: top, left: left, bottom: bottom, right: right)
    }

    /// Appends the insets to `bytes` in the `npLb`/`npOl` order: left, top, right, bottom.
    func appendLeftTopRightBottom(to bytes: inout [UInt8]) {
        for value in [left, top, right, bottom] { bytes.appendLittleEndian(UInt32(bitPattern: value)) }
    }
}
