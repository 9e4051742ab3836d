/// The size libheif decodes an item to before its transforms, read from the coded data's own
/// header: a grid's output size, a reduced AV1 still-picture sequence header's frame size, an
/// HEVC sequence parameter set's picture after its conformance window.
///
/// The container's `ispe` should say the same, but libheif up to 1.15 wrote the size *after*
/// rotation there (and reads its own files back consistently), while libavif and later libheif
/// write the size before it. Only the coded data tells which one a rotated file means, so the
/// size shown, which `info` gives and the limits check, comes from here when it can.
enum HEIFCodedSize {
    /// The coded size of item `id`, or `nil` when its type has no header read here or the
    /// header does not read.
    static func of(item id: UInt32, properties: HEIFItemProperties, locations: HEIFItemLocations, in bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let item = locations.items[id] else { return nil }
        switch item.type {
        case HEIFBoxes.fourCC("grid"):
            // ISO/IEC 23008-12 6.6.2.3.2: version, flags, rows − 1, columns − 1, then the output
            // width and height in 16 bits, or 32 when flags bit 0 is set.
            guard let grid = locations.data(of: item, in: bytes, limit: 64), grid.count >= 8, grid[0] == 0 else { return nil }
            var reader = ByteReader(grid[4...])
            let wide = grid[1] & 1 != 0
            guard reader.remaining >= (wide ? 8 : 4) else { return nil }
            let width = wide ? Int(reader.uint32BE()) : Int(reader.uint16BE())
            let height = wide ? Int(reader.uint32BE()) : Int(reader.uint16BE())
            return (width, height)
        case HEIFBoxes.fourCC("av01"):
            let configuration = properties.first("av1C").map { AV1Stream($0.dropFirst(4)) }
            let header =
                configuration?.sequenceHeaders.first?.header
                ?? locations.data(of: item, in: bytes, limit: bytes.count).flatMap { AV1Stream($0[...]).sequenceHeaders.first?.header }
            // Only a reduced still-picture header fixes the frame size; a full one allows any
            // frame up to its maximum, so the container's size is taken then.
            return header.flatMap { $0.reducedStillPicture ? ($0.maxWidth, $0.maxHeight) : nil }
        case HEIFBoxes.fourCC("hvc1"):
            return properties.first("hvcC").flatMap { HEVCSequenceParameters(hvcC: $0) }.map { ($0.width, $0.height) }
        default:
            return nil
        }
    }
}
