/// The memory dav1d may take for an AVIF's coded AV1 data, bounded before libheif hands it over.
///
/// AV1's sequence header declares the largest frame, and a frame header may ask for any size its
/// bit widths can say, whatever the container's `ispe` declares; libheif 1.15 passes the data
/// on and dav1d allocates the picture the header asks for (the heif fuzz target found a 2 KB
/// AVIF making it ask for 1.06 GB at once). So every sequence header in every `av01` item and
/// every `av1C` is read here, and the largest picture it allows, times the pictures dav1d may
/// hold at once (one per frame, at most its eight references) and once more for its working
/// buffers, must fit ``ImageLimits/decoderMemoryLimit``. (Measured with dav1d 1.0 through
/// libheif 1.15 on one-frame 8-bit 4:2:0 files of 2000² to 16000²: 2.0 to 2.1 times the picture.)
enum AV1DecoderMemory {
    /// dav1d keeps at most this many reference pictures.
    static let maximumPicturesHeld = 8

    /// Throws ``LimitError/decoderMemoryTooLarge(kind:size:limit:)`` naming the sequence header
    /// when decoding some AV1 item of `bytes` could take more than `limits` allow, and
    /// ``HEIFError/corrupt(_:)`` for an item whose pieces add up to more than the file.
    static func check(_ bytes: [UInt8], limits: ImageLimits) throws {
        let locations = HEIFItemLocations(bytes)
        // libheif puts the av1C OBUs in front of the item's own: count their frames with every item.
        let configurations = locations.av1Configurations.map { (stream: AV1Stream($0), start: $0.startIndex) }
        let configurationFrames = configurations.reduce(0) { $0 + $1.stream.frameCount }
        var headers: [(where: String, header: AV1SequenceHeader, frames: Int)] = []
        var mostItemFrames = 0
        // Items of a well-formed file do not overlap, so together they hold at most the file; a
        // file whose items name the same bytes again and again is refused before that is read
        // (a million items over one megabyte would be a terabyte to walk).
        var budget = bytes.count
        for (id, item) in locations.items.sorted(by: { $0.key < $1.key }) where item.type == HEIFBoxes.fourCC("av01") {
            guard let data = locations.data(of: item, in: bytes, limit: budget) else {
                throw HEIFError.corrupt(
                    "the pieces of the AV1 image items (their iloc extents, up to item \(id)) add up to more bytes than the file has")
            }
            budget -= data.count
            let stream = AV1Stream(data[...])
            mostItemFrames = max(mostItemFrames, stream.frameCount)
            // Name the file offset when the item is one piece of the file, as it nearly always is.
            let base = item.extents.count == 1 && !item.inIdat ? item.extents[0].lowerBound : nil
            headers += stream.sequenceHeaders.map { found in
                let place = base.map { "at byte \($0 + found.offset)" } ?? "at byte \(found.offset) of image item \(id)"
                return (place, found.header, stream.frameCount + configurationFrames)
            }
        }
        // An av1C's sequence header governs the frames of the item it is put in front of too.
        for (stream, start) in configurations {
            headers += stream.sequenceHeaders.map {
                ("at byte \(start + $0.offset) (in an av1C box)", $0.header, configurationFrames + mostItemFrames)
            }
        }
        for (place, header, frames) in headers {
            let pictures = min(max(frames, 1), maximumPicturesHeld)
            let size = header.largestFrameBytes * (pictures + 1)
            let (width, height) = header.largestFrame
            let held = pictures == 1 ? "" : ", holding \(pictures) frames,"
            try limits.checkDecoderMemory(
                "the AV1 data \(place), whose sequence header allows frames up to \(width)×\(height) at \(header.bitDepth) bits\(held)",
                size: size)
        }
    }
}
