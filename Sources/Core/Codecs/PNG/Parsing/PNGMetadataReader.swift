/// Reads the ancillary chunks Ninepipe understands into ``ImageMetadata``.
struct PNGMetadataReader {
    var metadata = ImageMetadata()
    let limits: ImageLimits
    /// The image's size from `IHDR`: nine-patch chunks are checked against it as they are read.
    let width: Int, height: Int

    init(limits: ImageLimits, width: Int, height: Int) {
        self.limits = limits
        self.width = width
        self.height = height
    }

    /// Reads one chunk's body; returns `false` when the type is not one this reader handles.
    mutating func read(_ type: PNGChunkType, _ body: ArraySlice<UInt8>) throws -> Bool {
        switch type {
        case .gamma:
            guard body.count == 4 else { throw ChunkFormatError("gAMA must be 4 bytes, found \(body.count)") }
            var reader = ByteReader(body)
            metadata.gamma = reader.uint32BE()
        case .sRGB:
            guard body.count == 1 else { throw ChunkFormatError("sRGB must be 1 byte, found \(body.count)") }
            metadata.sRGBIntent = body.first
        case .physicalDimensions:
            guard body.count == 9 else { throw ChunkFormatError("pHYs must be 9 bytes, found \(body.count)") }
            var reader = ByteReader(body)
            let x = reader.uint32BE()
            let y = reader.uint32BE()
            metadata.density = PhysicalDensity(horizontal: x, vertical: y, unit: PhysicalDensity.Unit(rawValue: reader.uint8()) ?? .unknown)
        case .iccProfile:
            let (name, rest) = try Self.keyword(body, chunk: "iCCP")
            guard rest.first == 0 else { throw ChunkFormatError("iCCP compression method must be 0") }
            let data = try Zlib.decompress(rest.dropFirst(), limit: limits.maxMetadataBytes)
            metadata.iccProfile = ICCProfile(name: name, data: data)
        case .exif:
            try limits.checkMetadata("eXIf block", size: body.count)
            metadata.exif = Array(body)
            if let orientation = EXIF.orientation(in: Array(body)) { metadata.orientation = orientation }
        case .text:
            let (keyword, rest) = try Self.keyword(body, chunk: "tEXt")
            metadata.text.append(TextEntry(keyword: keyword, text: Self.latin1(rest)))
        case .compressedText:
            let (keyword, rest) = try Self.keyword(body, chunk: "zTXt")
            guard rest.first == 0 else { throw ChunkFormatError("zTXt compression method must be 0") }
            let text = try Zlib.decompress(rest.dropFirst(), limit: limits.maxMetadataBytes)
            metadata.text.append(TextEntry(keyword: keyword, text: Self.latin1(text[...])))
        case .internationalText:
            try readInternationalText(body)
        case .ninePatch:
            var info = metadata.ninePatch ?? NinePatchInfo()
            info.chunk = try NinePatchChunk(parsing: body)
            try info.chunk?.validate(width: width, height: height)
            metadata.ninePatch = info
        case .layoutBounds:
            var info = metadata.ninePatch ?? NinePatchInfo()
            info.layoutBounds = try NinePatchLayoutBounds(parsing: body)
            try info.layoutBounds?.validate(width: width, height: height)
            metadata.ninePatch = info
        case .outline:
            var info = metadata.ninePatch ?? NinePatchInfo()
            info.outline = try NinePatchOutline(parsing: body)
            try info.outline?.validate(width: width, height: height)
            metadata.ninePatch = info
        default:
            return false
        }
        return true
    }

    private mutating func readInternationalText(_ body: ArraySlice<UInt8>) throws {
        let (keyword, rest) = try Self.keyword(body, chunk: "iTXt")
        guard rest.count >= 2 else { throw ChunkFormatError("iTXt is too short") }
        let compressed = rest[rest.startIndex] == 1
        var tail = rest.dropFirst(2)
        for _ in 0..<2 {  // language tag, translated keyword
            guard let zero = tail.firstIndex(of: 0) else { throw ChunkFormatError("iTXt lacks a null separator") }
            tail = tail[(zero + 1)...]
        }
        let bytes = compressed ? try Zlib.decompress(tail, limit: limits.maxMetadataBytes)[...] : tail
        metadata.text.append(TextEntry(keyword: keyword, text: String(decoding: bytes, as: UTF8.self)))
    }

    private static func keyword(_ body: ArraySlice<UInt8>, chunk: String) throws(ChunkFormatError) -> (String, ArraySlice<UInt8>) {
        guard let zero = body.firstIndex(of: 0), zero > body.startIndex, zero - body.startIndex <= 79 else {
            throw ChunkFormatError("\(chunk) keyword must be 1–79 bytes followed by a null byte")
        }
        return (latin1(body[body.startIndex..<zero]), body[(zero + 1)...])
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
