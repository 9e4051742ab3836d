/// How to encode: format and format-specific settings.
public struct EncodeOptions: Sendable, Hashable {
    /// The output format.
    public var format: ImageFormat
    /// Lossy quality 1–100, or `nil` for the format's default (JPEG 90, WebP 80, AVIF/HEIC 60).
    public var quality: Int?
    /// WebP: lossless instead of lossy (default `false`).
    public var isLossless = false
    /// JPEG from JPEG: whether the pipeline may move DCT coefficients instead of decoding and
    /// encoding (default ``LosslessPolicy/auto``).
    public var losslessPolicy = LosslessPolicy.auto
    /// WebP, AVIF and HEIC encoder effort 0 (fastest) … 6 (smallest), default 4.
    public var effort = 4
    /// Progressive JPEG (default `false`).
    public var progressive: Bool
    /// JPEG chroma subsampling (default 4:2:0).
    public var subsampling: JPEGEncoder.Subsampling
    /// PNG zlib level 0–9, or `nil` for automatic (see ``PNGEncoder/compressionLevel``).
    public var compressionLevel: Int?
    /// Whether PNG may use a palette (default `true`).
    public var allowsPalette: Bool
    /// What JPEG flattens transparency onto (default white).
    public var background: Color
    /// Whether JPEG reports flattening transparent pixels (default `true`; a save that names its
    /// `background=` turns it off: the user asked for it).
    public var warnsWhenFlattening = true
    /// Metadata left out of the file (default none: everything the format can hold is written).
    public var stripped: MetadataKinds
    /// The `save` step's validated arguments, for an encoder's own parameters beyond the fields
    /// above (empty outside pipelines).
    public var arguments = Arguments()

    /// Creates options.
    public init(
        format: ImageFormat, quality: Int? = nil, progressive: Bool = false, subsampling: JPEGEncoder.Subsampling = .s420,
        compressionLevel: Int? = nil, allowsPalette: Bool = true, background: Color = .white,
        stripped: MetadataKinds = []
    ) {
        self.format = format
        self.quality = quality
        self.progressive = progressive
        self.subsampling = subsampling
        self.compressionLevel = compressionLevel
        self.allowsPalette = allowsPalette
        self.background = background
        self.stripped = stripped
    }
}
