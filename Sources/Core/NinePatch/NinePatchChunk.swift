/// The compiled nine-patch description in a PNG's `npTc` chunk, as Android's aapt writes it.
///
/// Layout (32-byte header, then arrays):
/// ```
/// 0      int8   wasDeserialized
/// 1      uint8  numXDivs     2  uint8 numYDivs     3  uint8 numColors
/// 4..11  uint32 xDivsOffset, yDivsOffset   little-endian, ignored when reading
/// 12..27 int32  paddingLeft, paddingRight, paddingTop, paddingBottom   big-endian
/// 28..31 uint32 colorsOffset                little-endian, ignored when reading
/// 32...  int32  xDivs[numXDivs], yDivs[numYDivs]; uint32 colors[numColors]   big-endian
/// ```
/// Divs are half-open `[start, end)` pairs in the coordinates of the image without its frame.
public struct NinePatchChunk: Sendable, Hashable {
    /// Stretch-region boundaries along x: start, end, start, end, …
    public var xDivs: [Int32]
    /// Stretch-region boundaries along y.
    public var yDivs: [Int32]
    /// Content padding in pixels.
    public var padding: NinePatchInsets
    /// Per-cell colours: `0x00000000` transparent, `0x00000001` not a single colour, else ARGB.
    public var colors: [UInt32]

    /// The length of the fixed header.
    public static let headerLength = 32

    /// Colour code for a cell that is fully transparent.
    public static let transparentColor: UInt32 = 0
    /// Colour code for a cell with more than one colour.
    public static let noColor: UInt32 = 1

    /// Creates a chunk.
    public init(xDivs: [Int32], yDivs: [Int32], padding: NinePatchInsets, colors: [UInt32]) {
        self.xDivs = xDivs
        self.yDivs = yDivs
        self.padding = padding
        self.colors = colors
    }

    /// Parses the chunk body; every count is checked against its length.
    public init(parsing bytes: ArraySlice<UInt8>) throws(ChunkFormatError) {
        var reader = ByteReader(bytes)
        guard bytes.count >= Self.headerLength else {
            throw ChunkFormatError("npTc is \(bytes.count) bytes, shorter than its 32-byte header")
        }
        _ = reader.uint8()
        let xCount = Int(reader.uint8())
        let yCount = Int(reader.uint8())
        let colorCount = Int(reader.uint8())
        let expected = Self.headerLength + 4 * (xCount + yCount + colorCount)
        guard bytes.count == expected else {
            throw ChunkFormatError("npTc is \(bytes.count) bytes, but \(xCount) x-divs, \(yCount) y-divs and \(colorCount) colours need exactly \(expected)")
        }
        guard xCount % 2 == 0, yCount % 2 == 0 else {
            throw ChunkFormatError("npTc div counts must be even (start/end pairs), found \(xCount) x-divs and \(yCount) y-divs")
        }
        reader.skip(8)
        // The wire order (aapt's Res_png_9patch): left, right, top, bottom.
        let left = reader.int32BE()
        let right = reader.int32BE()
        let top = reader.int32BE()
        let bottom = reader.int32BE()
        padding = NinePatchInsets(top: top, left: left, bottom: bottom, right: right)
        reader.skip(4)
        xDivs = (0..<xCount).map { _ in reader.int32BE() }
        yDivs = (0..<yCount).map { _ in reader.int32BE() }
        colors = (0..<colorCount).map { _ in reader.uint32BE() }
        for (name, divs) in [("x", xDivs), ("y", yDivs)] where zip(divs, divs.dropFirst()).contains(where: { $0 > $1 }) || divs.first.map({ $0 < 0 }) == true {
            throw ChunkFormatError("npTc \(name)-divs \(divs) are not non-negative and ascending")
        }
    }

    /// The chunk body exactly as aapt writes it (offsets filled in, little-endian).
    public var serialized: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.headerLength + 4 * (xDivs.count + yDivs.count + colors.count))
        out.append(0)
        out.append(UInt8(clamping: xDivs.count))
        out.append(UInt8(clamping: yDivs.count))
        out.append(UInt8(clamping: colors.count))
        let xOffset = UInt32(Self.headerLength)
        let yOffset = xOffset + UInt32(4 * xDivs.count)
        let colorsOffset = yOffset + UInt32(4 * yDivs.count)
        out.appendLittleEndian(xOffset)
        out.appendLittleEndian(yOffset)
        // The wire order: left, right, top, bottom.
        for value in [padding.left, padding.right, padding.top, padding.bottom] { out.appendBigEndian(UInt32(bitPattern: value)) }
        out.appendLittleEndian(colorsOffset)
        for value in xDivs { out.appendBigEndian(UInt32(bitPattern: value)) }
        for value in yDivs { out.appendBigEndian(UInt32(bitPattern: value)) }
        for value in colors { out.appendBigEndian(value) }
        return out
    }

    /// The fixed caps of a `width`×`height` image as iOS and CSS slice it (one center per axis):
    /// from each edge to the first stretch region's start and from the last one's end. An axis
    /// without stretch regions has zero caps.
    public func capInsets(width: Int, height: Int) -> NinePatchInsets {
        let chunk = clamped(width: width, height: height)
        return NinePatchInsets(
            top: chunk.yDivs.first ?? 0, left: chunk.xDivs.first ?? 0,
            bottom: chunk.yDivs.last.map { Int32(clamping: height) - $0 } ?? 0, right: chunk.xDivs.last.map { Int32(clamping: width) - $0 } ?? 0)
    }
}

/// Insets from each edge, in pixels (nine-patch padding, layout bounds, outline, cap insets).
///
/// Written top, left, bottom, right everywhere in code, as UIKit's `UIEdgeInsets` and the
/// `ninepatch insets=` parameter are; the chunk readers and writers alone know Android's wire
/// orders (`npTc`: left, right, top, bottom; `npLb`/`npOl`: left, top, right, bottom) and the CSS
/// printer alone knows CSS's (top, right, bottom, left).
public struct NinePatchInsets: Sendable, Hashable {
    /// From the top edge.
    public var top: Int32
    /// From the left edge.
    public var left: Int32
    /// From the bottom edge.
    public var bottom: Int32
    /// From the right edge.
    public var right: Int32

    /// Creates insets.
    public init(top: Int32, left: Int32, bottom: Int32, right: Int32) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four insets zero.
    public static let zero = NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Whether every inset is zero.
    public var isZero: Bool { self == .zero }
}
