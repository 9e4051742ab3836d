/// Edits an EXIF (TIFF) block for a picture whose geometry changed without decoding it (a
/// lossless JPEG turn or crop): the pixel dimensions recorded in the Exif IFD, and IFD1's small
/// JPEG thumbnail. Every read is bounds-checked; a block that cannot be read is left as it is.
extension EXIF {
    private static let exifIFDTag: UInt16 = 0x8769
    private static let pixelXDimensionTag: UInt16 = 0xA002
    private static let pixelYDimensionTag: UInt16 = 0xA003
    private static let thumbnailOffsetTag: UInt16 = 0x0201
    private static let thumbnailLengthTag: UInt16 = 0x0202

    /// Where IFD1's thumbnail lies in a TIFF block (prefix stripped).
    struct ThumbnailLocation: Hashable {
        /// The thumbnail's bytes.
        var range: Range<Int>
        /// The value fields of its offset and length entries (LONG).
        var offsetField: Int, lengthField: Int
        /// The field of IFD0 that points at IFD1.
        var nextIFDField: Int
    }

    /// The offset of the 12-byte entry for `tag` in the IFD at `ifd`, or `nil`.
    static func entry(_ tag: UInt16, inIFD ifd: Int, of tiff: TIFFBytes) -> Int? {
        guard let count = tiff.u16(ifd) else { return nil }
        for index in 0..<Int(count) {
            let entry = ifd + 2 + index * 12
            guard let found = tiff.u16(entry) else { return nil }
            if found == tag { return entry }
        }
        return nil
    }

    /// `block` (TIFF, prefix stripped) with the Exif IFD's PixelXDimension and PixelYDimension
    /// set to `width`×`height` where they are recorded (in place; a SHORT field that cannot hold
    /// the value is left alone).
    static func settingPixelDimensions(width: Int, height: Int, in block: [UInt8]) -> [UInt8] {
        guard let tiff = TIFFBytes(block), let ifd0 = tiff.firstIFD, let pointer = entry(exifIFDTag, inIFD: ifd0, of: tiff),
            let exifIFD = tiff.u32(pointer + 8)
        else { return block }
        var result = block
        for (tag, value) in [(pixelXDimensionTag, width), (pixelYDimensionTag, height)] {
            guard let entry = entry(tag, inIFD: exifIFD, of: tiff), let type = tiff.u16(entry + 2), entry + 12 <= block.count else { continue }
            if type == 3, value <= Int(UInt16.max) {
                result.replaceSubrange((entry + 8)..<(entry + 10), with: tiff.bytes(UInt16(value)))
            } else if type == 4, value <= Int(UInt32.max) {
                result.replaceSubrange((entry + 8)..<(entry + 12), with: tiff.bytes(UInt32(value)))
            }
        }
        return result
    }

    /// Where IFD1's JPEG thumbnail is, when the block has one that lies inside it.
    static func thumbnailLocation(in block: [UInt8]) -> ThumbnailLocation? {
        guard let tiff = TIFFBytes(block), let ifd0 = tiff.firstIFD, let count = tiff.u16(ifd0) else { return nil }
        let nextField = ifd0 + 2 + Int(count) * 12
        guard let ifd1 = tiff.u32(nextField), ifd1 != 0,
            let offsetEntry = entry(thumbnailOffsetTag, inIFD: ifd1, of: tiff), let lengthEntry = entry(thumbnailLengthTag, inIFD: ifd1, of: tiff),
            tiff.u16(offsetEntry + 2) == 4, tiff.u16(lengthEntry + 2) == 4,
            let offset = tiff.u32(offsetEntry + 8), let length = tiff.u32(lengthEntry + 8),
            length > 0, offset >= 8, offset + length <= block.count
        else { return nil }
        return ThumbnailLocation(range: offset..<(offset + length), offsetField: offsetEntry + 8, lengthField: lengthEntry + 8, nextIFDField: nextField)
    }

    /// `block` with IFD1's thumbnail replaced by `thumbnail` (written where the old one was when
    /// it fits, else appended), or IFD1 unlinked when `thumbnail` is `nil`. Unchanged when the
    /// block has no thumbnail.
    static func replacingThumbnail(in block: [UInt8], with thumbnail: [UInt8]?) -> [UInt8] {
        guard let tiff = TIFFBytes(block), let location = thumbnailLocation(in: block) else { return block }
        var result = block
        guard let thumbnail else {
            result.replaceSubrange(location.nextIFDField..<(location.nextIFDField + 4), with: [0, 0, 0, 0])
            if location.range.upperBound == result.count { result.removeSubrange(location.range) }
            return result
        }
        var offset = location.range.lowerBound
        if thumbnail.count <= location.range.count {
            result.replaceSubrange(offset..<(offset + thumbnail.count), with: thumbnail)
        } else {
            if result.count % 2 == 1 { result.append(0) }
            offset = result.count
            result += thumbnail
            result.replaceSubrange(location.offsetField..<(location.offsetField + 4), with: tiff.bytes(UInt32(offset)))
        }
        result.replaceSubrange(location.lengthField..<(location.lengthField + 4), with: tiff.bytes(UInt32(thumbnail.count)))
        return result
    }
}
