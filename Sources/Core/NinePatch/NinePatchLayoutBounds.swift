/// The optical (layout) bounds in a PNG's `npLb` chunk: four little-endian int32, left, top, right, bottom.
public struct NinePatchLayoutBounds: Sendable, Hashable {
    /// The insets.
    public var insets: NinePatchInsets

    /// The chunk length.
    public static let length = 16

    /// Creates layout bounds.
    public init(insets: NinePatchInsets) { self.insets = insets }

    /// Parses the chunk body.
    public init(parsing bytes: ArraySlice<UInt8>) throws(ChunkFormatError) {
        guard bytes.count == Self.length else {
            throw ChunkFormatError("npLb is \(bytes.count) bytes; it must be exactly 16 (four int32)")
        }
        var reader = ByteReader(bytes)
        insets = NinePatchInsets(readingLeftTopRightBottom: &reader)
    }

    /// The chunk body as aapt writes it.
    public var serialized: [UInt8] {
        var out: [UInt8] = []
        insets.appendLeftTopRightBottom(to: &out)
        return out
    }
}
