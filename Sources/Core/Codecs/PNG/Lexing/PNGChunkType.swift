/// A four-letter PNG chunk type such as `IHDR`.
struct PNGChunkType: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4)
        var value: UInt32 = 0
        name.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt32(byte) } }
        rawValue = value
    }

    /// The four bytes in file order.
    var bytes: [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> UInt32($0)) } }

    /// Whether all four bytes are ASCII letters, as the specification requires.
    var isValid: Bool { bytes.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) } }

    /// A critical chunk has an upper-case first letter; a decoder must understand it.
    var isCritical: Bool { rawValue & 0x2000_0000 == 0 }

    var description: String { String(decoding: bytes, as: UTF8.self) }

    static let header = PNGChunkType("IHDR")
    static let palette = PNGChunkType("PLTE")
    static let imageData = PNGChunkType("IDAT")
    static let end = PNGChunkType("IEND")
    static let transparency = PNGChunkType("tRNS")
    static let gamma = PNGChunkType("gAMA")
    static let sRGB = PNGChunkType("sRGB")
    static let iccProfile = PNGChunkType("iCCP")
    static let physicalDimensions = PNGChunkType("pHYs")
    static let exif = PNGChunkType("eXIf")
    static let text = PNGChunkType("tEXt")
    static let compressedText = PNGChunkType("zTXt")
    static let internationalText = PNGChunkType("iTXt")
    static let ninePatch = PNGChunkType("npTc")
    static let layoutBounds = PNGChunkType("npLb")
    static let outline = PNGChunkType("npOl")
}
