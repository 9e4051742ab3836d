/// The memory libde265 may take for a HEIC's coded HEVC data, bounded before libheif hands it
/// over.
///
/// A sequence parameter set declares the picture size, whatever the container's `ispe` says,
/// and libde265 allocates each picture it decodes at that size: a few bytes of SPS in a small
/// file can ask for a 16888×16888 picture or more. So every SPS, in every `hvcC` and in the
/// data of every `hvc1` item, is read here, and its picture, times the pictures decoding may
/// hold (one per picture the data starts, at most ``maximumPicturesHeld``) and once more for
/// working buffers, must fit ``ImageLimits/decoderMemoryLimit``.
enum HEVCDecoderMemory {
    /// HEVC's decoded picture buffer holds at most this many pictures.
    static let maximumPicturesHeld = 16

    /// Throws ``LimitError/decoderMemoryTooLarge(kind:size:limit:)`` naming the parameter set
    /// when decoding some HEVC item of `bytes` could take more than `limits` allow, and
    /// ``HEIFError/corrupt(_:)`` for items whose pieces add up to more than the file.
    static func check(_ bytes: [UInt8], limits: ImageLimits) throws {
        let locations = HEIFItemLocations(bytes)
        var found: [(place: String, parameters: HEVCSequenceParameters)] = []
        for configuration in locations.hevcConfigurations {
            if let parameters = HEVCSequenceParameters(hvcC: configuration) {
                found.append(("in the hvcC box at byte \(configuration.startIndex - 8)", parameters))
            }
        }
        // libheif writes NAL units with the length size the hvcC gives (4 bytes nearly always).
        let lengthSize = locations.hevcConfigurations.first.flatMap { $0.count > 21 ? Int($0[$0.startIndex + 21] & 3) + 1 : nil } ?? 4
        var mostPictures = 1
        var budget = bytes.count
        for (id, item) in locations.items.sorted(by: { $0.key < $1.key }) where item.type == HEIFBoxes.fourCC("hvc1") {
            guard let data = locations.data(of: item, in: bytes, limit: budget) else {
                throw HEIFError.corrupt(
                    "the pieces of the HEVC image items (their iloc extents, up to item \(id)) add up to more bytes than the file has")
            }
            budget -= data.count
            var pictures = 0
            forEachNAL(in: data[...], lengthSize: lengthSize) { nal in
                let type = nal[nal.startIndex] >> 1 & 0x3F
                // A slice segment (VCL types 0 to 31) whose first flag is set starts a picture.
                if type < 32, nal.count > 2, nal[nal.startIndex + 2] & 0x80 != 0 { pictures += 1 }
                if let parameters = HEVCSequenceParameters(nal: nal) { found.append(("in image item \(id)", parameters)) }
            }
            mostPictures = max(mostPictures, pictures)
        }
        let held = min(mostPictures, maximumPicturesHeld)
        for (place, parameters) in found { try check(parameters, place: place, pictures: held, limits: limits) }
    }

    /// Throws when `pictures` pictures of `parameters` and as much again in working buffers
    /// would take more than `limits` allow.
    static func check(_ parameters: HEVCSequenceParameters, place: String, pictures: Int, limits: ImageLimits) throws(LimitError) {
        let holding = pictures == 1 ? "" : ", holding \(pictures) pictures,"
        try limits.checkDecoderMemory(
            "the HEVC sequence parameter set \(place), which declares \(parameters.codedWidth)×\(parameters.codedHeight) pictures\(holding)",
            size: parameters.pictureBytes * (pictures + 1))
    }

    /// Calls `body` with each NAL unit of `data`, each preceded by its length in `lengthSize`
    /// bytes, until the lengths run past the end.
    private static func forEachNAL(in data: ArraySlice<UInt8>, lengthSize: Int, _ body: (ArraySlice<UInt8>) -> Void) {
        var position = data.startIndex
        while data.endIndex - position >= lengthSize {
            var length = 0
            for offset in 0..<lengthSize { length = length << 8 | Int(data[position + offset]) }
            position += lengthSize
            guard length > 0, length <= data.endIndex - position else { return }
            body(data[position..<(position + length)])
            position += length
        }
    }
}
