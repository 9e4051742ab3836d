/// The outline in a PNG's `npOl` chunk: four little-endian int32 insets (left, top, right,
/// bottom), a little-endian float32 corner radius and a little-endian uint32 alpha.
public struct NinePatchOutline: Sendable, Hashable {
    /// Outline insets.
    public var insets: NinePatchInsets
    /// Corner radius in pixels.
    public var radius: Float
    /// Outline alpha (0–255 in aapt output).
    public var alpha: UInt32

    /// The chunk length.
    public static let length = 24

    /// Creates an outline.
    public init(insets: NinePatchInsets, radius: Float, alpha: UInt32) {
        self.insets = insets
        self.radius = radius
        self.alpha = alpha
    }

    /// Parses the chunk body.
    public init(parsing bytes: ArraySlice<UInt8>) throws(ChunkFormatError) {
        guard bytes.count == Self.length else {
            throw ChunkFormatError("npOl is \(bytes.count) bytes; it must be exactly 24")
        }
        var reader = ByteReader(bytes)
        insets = NinePatchInsets(readingLeftTopRightBottom: &reader)
        radius = Float(bitPattern: reader.uint32LE())
        alpha = reader.uint32LE()
    }

    /// The chunk body as aapt writes it.
    public var serialized: [UInt8] {
        var out: [UInt8] = []
        insets.appendLeftTopRightBottom(to: &out)
        out.appendLittleEndian(radius.bitPattern)
        out.appendLittleEndian(alpha)
        return out
    }
}
