/// The coded size of one HEIF item (`ispe`) and the geometric transforms it declares
/// (ISO/IEC 23008-12: `clap`, `irot`, `imir`), in the order its `ipma` entry lists them, which
/// is the order they apply in.
///
/// The decoder asks libheif for the coded pixels and moves them here, rather than letting
/// libheif transform them, because libheif 1.15 disagrees with itself: its image handle's size
/// applies `clap` and `irot` only when they are listed after `ispe`, while its decoder applies
/// them whatever their place. A rotated or cropped file written by libavif (which lists `ispe`
/// last) then decoded to another size than the one `info` had given. Reading the boxes here
/// gives one answer to both questions, known before any pixel is decoded.
struct HEIFTransforms: Sendable, Hashable {
    /// One transform, in display order.
    enum Step: Sendable, Hashable {
        /// A rotation or mirroring, as the EXIF orientation that does it.
        case orient(Orientation)
        /// A clean aperture: the part of the image that is shown.
        case crop(CleanAperture)
    }

    /// A `clap` box: the shown width and height, and the offset of their centre from the
    /// image's centre, each a fraction.
    struct CleanAperture: Sendable, Hashable {
        var widthN: UInt32, widthD: UInt32
        var heightN: UInt32, heightD: UInt32
        var horizontalOffsetN: Int32, horizontalOffsetD: UInt32
        var verticalOffsetN: Int32, verticalOffsetD: UInt32

        /// The shown rectangle of a `width`×`height` image: the aperture's size rounded to the
        /// nearest pixel, its left and top edges rounded down (as libheif and libavif do), cut
        /// to the image.
        func rect(width: Int, height: Int) throws(HEIFError) -> PixelRect {
            guard widthD != 0, heightD != 0, horizontalOffsetD != 0, verticalOffsetD != 0 else {
                throw HEIFError.corrupt("the clean aperture (clap) has a zero denominator")
            }
            let (left, right) = Self.span(size: width, apertureN: widthN, apertureD: widthD, offsetN: horizontalOffsetN, offsetD: horizontalOffsetD)
            let (top, bottom) = Self.span(size: height, apertureN: heightN, apertureD: heightD, offsetN: verticalOffsetN, offsetD: verticalOffsetD)
            guard left <= right, top <= bottom else {
                throw HEIFError.corrupt("the clean aperture (clap) lies outside the \(width)×\(height) image")
            }
            return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }

        /// The first and last pixel of one axis: centre = offset + (size − 1)/2, first = centre −
        /// (aperture − 1)/2, last = first + aperture − 1, cut to 0..<size. Computed in doubles,
        /// which are exact for every value a 32-bit fraction can give here; a hostile value only
        /// moves the span, which is then cut.
        private static func span(size: Int, apertureN: UInt32, apertureD: UInt32, offsetN: Int32, offsetD: UInt32) -> (Int, Int) {
            let aperture = Double(apertureN) / Double(apertureD)
            let centre = Double(offsetN) / Double(offsetD) + Double(size - 1) / 2
            let first = (centre - (aperture - 1) / 2).rounded(.down)
            let count = aperture.rounded(.toNearestOrAwayFromZero)
            let last = first + count - 1
            let low = max(0, min(Double(size), first))
            let high = min(Double(size - 1), max(-1, last))
            return (Int(low), Int(high))
        }
    }

    /// The coded size (`ispe`), when the item has one.
    private(set) var codedWidth: Int?
    private(set) var codedHeight: Int?
    /// The transforms, in the order they apply.
    private(set) var steps: [Step] = []

    /// The transforms among `properties`, and its `ispe`.
    init(_ properties: HEIFItemProperties) {
        for property in properties.list { read(property.type, property.payload) }
    }

    /// The size libheif will decode the item to, from the size its coded data declares
    /// (``HEIFCodedSize``), checked against `ispe`. They must agree as the spec says, or as
    /// libheif up to 1.15 wrote them: `ispe` after a quarter turn, and the coded image padded
    /// to even sizes with a `clap` cutting the padding away. `nil` when neither is known.
    func codedSize(header: (width: Int, height: Int)?) throws(HEIFError) -> (width: Int, height: Int)? {
        guard let width = codedWidth, let height = codedHeight else { return header }
        guard let header else { return (width, height) }
        let turned = steps.contains { if case .orient(let orientation) = $0 { orientation.swapsDimensions } else { false } }
        let cropped = steps.contains { if case .crop = $0 { true } else { false } }
        for (w, h) in [(width, height)] + (turned ? [(height, width)] : []) {
            let padding = (header.width - w, header.height - h)
            if padding == (0, 0) || (cropped && (0...1).contains(padding.0) && (0...1).contains(padding.1)) { return header }
        }
        throw HEIFError.corrupt("the image data is \(header.width)×\(header.height), but the file declares \(width)×\(height)")
    }

    /// The size after the transforms of a `width`×`height` coded image.
    func shownSize(width: Int, height: Int) throws(HEIFError) -> (width: Int, height: Int) {
        var size = (width: width, height: height)
        for step in steps {
            switch step {
            case .orient(let orientation): if orientation.swapsDimensions { size = (size.height, size.width) }
            case .crop(let aperture):
                let rect = try aperture.rect(width: size.width, height: size.height)
                size = (rect.width, rect.height)
            }
        }
        return size
    }

    /// `image`, transformed.
    func applied(to image: Image) throws(HEIFError) -> Image {
        var image = image
        for step in steps {
            switch step {
            case .orient(let orientation): image = image.applying(orientation)
            case .crop(let aperture): image = image.cropped(to: try aperture.rect(width: image.width, height: image.height))
            }
        }
        return image
    }

    private mutating func read(_ type: UInt32, _ payload: ArraySlice<UInt8>) {
        var reader = ByteReader(payload)
        switch type {
        case HEIFBoxes.fourCC("ispe") where payload.count >= 12:
            reader.skip(4)
            codedWidth = Int(reader.uint32BE())
            codedHeight = Int(reader.uint32BE())
        case HEIFBoxes.fourCC("irot") where !payload.isEmpty:
            // Anticlockwise, in quarter turns.
            let turns: [Orientation] = [.up, .left, .down, .right]
            let orientation = turns[Int(reader.uint8() & 3)]
            if orientation != .up { steps.append(.orient(orientation)) }
        case HEIFBoxes.fourCC("imir") where !payload.isEmpty:
            // Axis 0 exchanges top and bottom, 1 left and right (HEIF 2022's wording; libheif,
            // libavif and the link-u sample files agree, whatever older texts called the axes).
            steps.append(.orient(reader.uint8() & 1 == 0 ? .downMirrored : .upMirrored))
        case HEIFBoxes.fourCC("clap") where payload.count >= 32:
            steps.append(
                .crop(
                    CleanAperture(
                        widthN: reader.uint32BE(), widthD: reader.uint32BE(), heightN: reader.uint32BE(), heightD: reader.uint32BE(),
                        horizontalOffsetN: reader.int32BE(), horizontalOffsetD: reader.uint32BE(),
                        verticalOffsetN: reader.int32BE(), verticalOffsetD: reader.uint32BE())))
        default: break
        }
    }
}
