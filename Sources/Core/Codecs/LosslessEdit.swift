/// A turn, flip and/or crop of an image file done without decoding it, by a codec that can
/// (``LosslessEditor``; JPEG moves its DCT coefficients, as `jpegtran` does): nothing is decoded
/// or quantised again, so there is no generation loss, and it takes a fraction of a decode and
/// an encode. The file's metadata travels, made true of the new geometry.
public struct LosslessEdit: Sendable, Hashable {
    /// The orientation to apply to the stored picture (``Orientation/up``: none).
    public var orientation: Orientation
    /// The rectangle to keep, in pixels of the turned picture; `nil` keeps everything.
    public var crop: PixelRect?
    /// Whether the codec may keep a little less than asked where its blocks cannot be cut (JPEG:
    /// partial edge blocks that cannot move are dropped, a crop starts on the block grid);
    /// otherwise a plan that is not exact is refused.
    public var allowsTrimming: Bool
    /// Whether the output is progressive even when the input is not (a progressive input stays
    /// progressive either way).
    public var isProgressive = false
    /// Metadata to leave out.
    public var stripped: MetadataKinds = []
    /// The orientation tag the output records: ``Orientation/up`` once the turn is applied.
    public var recordedOrientation: Orientation = .up

    /// Creates an edit.
    public init(orientation: Orientation = .up, crop: PixelRect? = nil, allowsTrimming: Bool = false) {
        self.orientation = orientation
        self.crop = crop
        self.allowsTrimming = allowsTrimming
    }

    /// What an edit does to one file, from its headers alone.
    public struct Plan: Sendable, Hashable {
        /// The stored picture's size.
        public var sourceWidth: Int, sourceHeight: Int
        /// The block size of the turned picture (JPEG's MCU): what cannot be cut.
        public var blockWidth: Int, blockHeight: Int
        /// The part of the exactly turned picture the output holds.
        public var kept: PixelRect
        /// Whether the output is exactly what decoding, turning, cropping and encoding would
        /// give in geometry (no edge trimmed, the crop's origin on the grid).
        public var isExact: Bool
        /// The rectangle asked for, in the turned picture (everything when no crop).
        public var requested: PixelRect
        /// The codec's own crop of its (trimmed) output, when it crops.
        var codecCrop: PixelRect?

        /// Creates a plan.
        public init(
            sourceWidth: Int, sourceHeight: Int, blockWidth: Int, blockHeight: Int, kept: PixelRect, requested: PixelRect
        ) {
            self.sourceWidth = sourceWidth
            self.sourceHeight = sourceHeight
            self.blockWidth = blockWidth
            self.blockHeight = blockHeight
            self.kept = kept
            self.requested = requested
            isExact = kept == requested
        }

        /// What differs from the request, for notes: `the partial 8-pixel block row at the bottom was dropped`.
        public var differences: String? {
            guard !isExact else { return nil }
            return
                "kept \(kept.width)×\(kept.height) at \(kept.x),\(kept.y) of the \(requested.width)×\(requested.height) at \(requested.x),\(requested.y) asked"
                + " (JPEG moves whole \(blockWidth)×\(blockHeight) blocks: partial edge blocks that would move to the left or top are dropped, a crop starts on the block grid)"
        }
    }
}

/// A codec that can turn and crop its files without decoding them (``LosslessEdit``); the
/// registry finds it with ``ImageCodecRegistry/losslessEditor(for:)``.
public protocol LosslessEditor: ImageCodec {
    /// Whether this build can edit losslessly (its library was found at build time).
    var editsLosslessly: Bool { get }

    /// What `edit` would do to `bytes`, from their headers alone.
    ///
    /// - Throws: ``LosslessEditError`` when the file cannot be edited, when nothing would be
    ///   kept, or when the plan is not exact and ``LosslessEdit/allowsTrimming`` is off.
    func plan(_ edit: LosslessEdit, for bytes: [UInt8]) throws(LosslessEditError) -> LosslessEdit.Plan

    /// The edited file and its plan.
    ///
    /// - Throws: ``LosslessEditError``, ``LimitError`` for a picture over `limits`.
    func apply(_ edit: LosslessEdit, to bytes: [UInt8], limits: ImageLimits, warn: (String) -> Void) throws -> (bytes: [UInt8], plan: LosslessEdit.Plan)
}
