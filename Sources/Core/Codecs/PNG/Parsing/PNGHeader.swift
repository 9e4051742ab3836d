/// The `IHDR` chunk: size, bit depth, colour type and interlacing.
public struct PNGHeader: Sendable, Hashable {
    /// PNG colour types.
    public enum ColorType: UInt8, Sendable, Hashable {
        /// 0: gray.
        case gray = 0
        /// 2: RGB.
        case rgb = 2
        /// 3: palette indices.
        case palette = 3
        /// 4: gray + alpha.
        case grayAlpha = 4
        /// 6: RGBA.
        case rgba = 6

        /// Samples per pixel in the file.
        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// Bit depths the specification allows for this type.
        var allowedDepths: [Int] {
            switch self {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .grayAlpha, .rgba: [8, 16]
            }
        }

        /// The name used by `ninepipe info`.
        public var displayName: String {
            switch self {
            case .gray: "gray"
            case .rgb: "RGB"
            case .palette: "palette"
            case .grayAlpha: "gray+alpha"
            case .rgba: "RGBA"
            }
        }
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample (per palette index for palette images).
    public var bitDepth: Int
    /// The colour type.
    public var colorType: ColorType
    /// Whether Adam7 interlacing is used.
    public var isInterlaced: Bool

    /// Creates a header.
    public init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, isInterlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
    }

    /// Parses and validates an `IHDR` body.
    init(parsing bytes: ArraySlice<UInt8>) throws(ChunkFormatError) {
        guard bytes.count == 13 else { throw ChunkFormatError("IHDR is \(bytes.count) bytes; it must be 13") }
        var reader = ByteReader(bytes)
        let width = reader.uint32BE()
        let height = reader.uint32BE()
        let depth = Int(reader.uint8())
        let rawType = reader.uint8()
        let compression = reader.uint8()
        let filter = reader.uint8()
        let interlace = reader.uint8()
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw ChunkFormatError("image size \(width)×\(height) is invalid (each side must be 1…2147483647)")
        }
        guard let colorType = ColorType(rawValue: rawType) else {
            throw ChunkFormatError("colour type \(rawType) is invalid (valid: 0, 2, 3, 4, 6)")
        }
        guard colorType.allowedDepths.contains(depth) else {
            throw ChunkFormatError(
                "bit depth \(depth) is invalid for colour type \(rawType) (valid: \(colorType.allowedDepths.map(String.init).joined(separator: ", ")))")
        }
        guard compression == 0 else { throw ChunkFormatError("compression method \(compression) is invalid (only 0 exists)") }
        guard filter == 0 else { throw ChunkFormatError("filter method \(filter) is invalid (only 0 exists)") }
        guard interlace <= 1 else { throw ChunkFormatError("interlace method \(interlace) is invalid (0 or 1)") }
        self.init(width: Int(width), height: Int(height), bitDepth: depth, colorType: colorType, isInterlaced: interlace == 1)
    }

    /// The `IHDR` body.
    var serialized: [UInt8] {
        var out: [UInt8] = []
        out.appendBigEndian(UInt32(width))
        out.appendBigEndian(UInt32(height))
        out.append(contentsOf: [UInt8(bitDepth), colorType.rawValue, 0, 0, isInterlaced ? 1 : 0])
        return out
    }

    /// Bits per pixel in the file.
    var bitsPerPixel: Int { bitDepth * colorType.channels }

    /// Bytes per complete pixel, at least 1: the distance filters look back.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one filtered row of `pixels` pixels, without the filter-type byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }
}
