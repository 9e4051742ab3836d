/// What a file says about itself, read without decoding pixels (`ninepipe info`).
public struct ImageInfo: Sendable, Hashable {
    /// The file format.
    public var format: ImageFormat
    /// Stored width in pixels.
    public var width: Int
    /// Stored height in pixels.
    public var height: Int
    /// Bits per sample in the file (PNG: per index for palettes).
    public var bitDepth: Int
    /// The file's colour type, e.g. `RGBA`, `palette`, `gray`, `YCbCr`, `CMYK`.
    public var colorType: String
    /// Whether the file has an alpha channel or transparency (`tRNS`).
    public var hasAlpha: Bool
    /// Interlaced (PNG Adam7) or progressive (JPEG).
    public var isInterlaced: Bool
    /// The format's word for ``isInterlaced``: `interlaced` (PNG's Adam7, the default),
    /// `progressive` (JPEG).
    public var interlaceTerm = "interlaced"
    /// Orientation, ICC, density, nine-patch, text.
    public var metadata: ImageMetadata
    /// A vector nine-patch's region ids (`ninepatch-stretch`, `ninepatch-content`, …): its
    /// nine-patch information is computed when it is drawn, at each size; empty otherwise.
    public var ninePatchRegions: [String] = []
    /// An animation's frame durations in milliseconds, as stored (GIF keeps hundredths of a
    /// second); empty for a still image.
    public var frameDurations: [Int] = []
    /// An animation's loop count as stored (0: forever), or `nil` when the file sets none (a GIF
    /// without a NETSCAPE2.0 block plays once).
    public var loopCount: Int?

    /// Creates the description (codecs fill it from a header; tests and embedders may build one).
    public init(
        format: ImageFormat, width: Int, height: Int, bitDepth: Int, colorType: String, hasAlpha: Bool,
        isInterlaced: Bool, metadata: ImageMetadata
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.hasAlpha = hasAlpha
        self.isInterlaced = isInterlaced
        self.metadata = metadata
    }
}
