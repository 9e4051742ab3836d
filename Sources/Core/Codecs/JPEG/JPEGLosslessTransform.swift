#if canImport(CTurboJPEG)
import CTurboJPEG
#endif

/// A turn, flip and/or crop of a JPEG file done on its DCT coefficients (libjpeg-turbo's
/// TurboJPEG transform API, as `jpegtran` does): nothing is decoded or quantised again, so
/// there is no generation loss, and it takes a fraction of a decode and an encode.
///
/// JPEG stores pixels in blocks (MCUs) of 8 or 16 pixels a side. A block can move but not be
/// cut, which sets the limits: a partial block on the right or bottom edge cannot move to the
/// left or top, and a crop can only start on the block grid. ``plan(for:)`` says what a file
/// allows: exactly the asked geometry (``Plan/isExact``), or, when edges may be trimmed,
/// what is kept (`jpegtran -trim`, `-crop` with its origin moved back onto the grid).
///
/// The file's markers travel: EXIF (its orientation set to ``recordedOrientation``, its pixel
/// dimensions updated, its thumbnail turned the same way, or dropped after a crop), ICC, XMP
/// (its orientation updated), comments; `stripped` kinds are left out, and an MPF index
/// (phones' depth maps and gain maps after the picture) is dropped, since what it points at is not
/// carried.
public struct JPEGLosslessTransform: Sendable, Hashable {
    /// The orientation to apply to the stored picture (``Orientation/up``: none).
    public var orientation: Orientation
    /// The rectangle to keep, in pixels of the turned picture; `nil` keeps everything.
    public var crop: PixelRect?
    /// Whether partial edge blocks that cannot move may be dropped and a crop's origin moved
    /// back onto the block grid; otherwise a plan that is not exact is refused.
    public var allowsTrimming: Bool
    /// Whether the output is progressive (else the input's coding is kept: baseline stays baseline).
    public var isProgressive = false
    /// Metadata to leave out.
    public var stripped: MetadataKinds = []
    /// The orientation tag the output records: ``Orientation/up`` once the turn is applied.
    public var recordedOrientation: Orientation = .up

    /// Creates a transform.
    public init(orientation: Orientation = .up, crop: PixelRect? = nil, allowsTrimming: Bool = false) {
        self.orientation = orientation
        self.crop = crop
        self.allowsTrimming = allowsTrimming
    }

    /// Whether this build has TurboJPEG's transform API (`libturbojpeg0-dev` at build time).
    public static var isAvailable: Bool {
        #if canImport(CTurboJPEG)
        true
        #else
        false
        #endif
    }

    /// What a transform does to one file, from its headers alone.
    public struct Plan: Sendable, Hashable {
        /// The stored picture's size.
        public var sourceWidth: Int, sourceHeight: Int
        /// The block (MCU) size of the turned picture.
        public var blockWidth: Int, blockHeight: Int
        /// The part of the exactly turned picture the output holds.
        public var kept: PixelRect
        /// Whether the output is exactly what decoding, turning, cropping and encoding would
        /// give in geometry (no edge trimmed, the crop's origin on the grid).
        public var isExact: Bool
        /// The rectangle asked for, in the turned picture (everything when no crop).
        public var requested: PixelRect
        /// TurboJPEG's crop of its (trimmed) output, when it crops.
        var turboCrop: PixelRect?

        /// What differs from the request, for notes: `the partial 8-pixel block row at the bottom was dropped`.
        public var differences: String? {
            guard !isExact else { return nil }
            return
                "kept \(kept.width)×\(kept.height) at \(kept.x),\(kept.y) of the \(requested.width)×\(requested.height) at \(requested.x),\(requested.y) asked"
                + " (JPEG moves whole \(blockWidth)×\(blockHeight) blocks: partial edge blocks that would move to the left or top are dropped, a crop starts on the block grid)"
        }
    }

    /// The plan for `bytes`, from their headers alone.
    ///
    /// - Throws: ``JPEGLosslessError`` when the file is no DCT JPEG, when nothing would be
    ///   kept, or when the plan is not exact and ``allowsTrimming`` is off.
    public func plan(for bytes: [UInt8]) throws(JPEGLosslessError) -> Plan {
        guard let frame = JPEGSegments(bytes)?.frame, frame.width > 0, frame.height > 0 else {
            throw .unsupported("the file has no JPEG frame header before its first scan")
        }
        guard frame.isDCT else { throw .unsupported("lossless (SOF3) and hierarchical JPEG have no DCT coefficients to move") }
        let (width, height) = (frame.width, frame.height)
        // Which stored edges would leave the right or bottom (transupp's rules for each turn).
        let movesRight: Set<Orientation> = [.upMirrored, .down, .rightMirrored, .left]
        let movesBottom: Set<Orientation> = [.downMirrored, .down, .rightMirrored, .right]
        let validWidth = movesRight.contains(orientation) ? width - width % frame.mcuWidth : width
        let validHeight = movesBottom.contains(orientation) ? height - height % frame.mcuHeight : height
        let swaps = orientation.swapsDimensions
        let (turnedWidth, turnedHeight) = swaps ? (height, width) : (width, height)
        let (blockWidth, blockHeight) = swaps ? (frame.mcuHeight, frame.mcuWidth) : (frame.mcuWidth, frame.mcuHeight)
        let valid = PixelRect(x: 0, y: 0, width: validWidth, height: validHeight).applying(orientation, width: width, height: height)
        let requested = crop ?? PixelRect(x: 0, y: 0, width: turnedWidth, height: turnedHeight)
        let wanted = requested.intersection(valid)
        guard validWidth > 0, validHeight > 0, wanted.width > 0, wanted.height > 0 else {
            throw .nothingKept(requested: requested, blockWidth: blockWidth, blockHeight: blockHeight)
        }
        // In the trimmed output's pixels, the origin moved back onto the block grid.
        let x = (wanted.x - valid.x) / blockWidth * blockWidth
        let y = (wanted.y - valid.y) / blockHeight * blockHeight
        let turboCrop = PixelRect(
            x: x, y: y, width: wanted.x - valid.x - x + wanted.width, height: wanted.y - valid.y - y + wanted.height)
        let kept = PixelRect(x: turboCrop.x + valid.x, y: turboCrop.y + valid.y, width: turboCrop.width, height: turboCrop.height)
        let plan = Plan(
            sourceWidth: width, sourceHeight: height, blockWidth: blockWidth, blockHeight: blockHeight, kept: kept, isExact: kept == requested,
            requested: requested, turboCrop: turboCrop == PixelRect(x: 0, y: 0, width: valid.width, height: valid.height) ? nil : turboCrop)
        if !plan.isExact, !allowsTrimming { throw .notExact(plan.differences ?? "") }
        return plan
    }

    /// The transformed file.
    ///
    /// - Throws: ``JPEGLosslessError`` (see ``plan(for:)``; ``JPEGLosslessError/unavailable``
    ///   without TurboJPEG), ``LimitError`` for a picture over `limits`.
    public func apply(to bytes: [UInt8], limits: ImageLimits = .default, warn: (String) -> Void = { _ in }) throws -> (bytes: [UInt8], plan: Plan) {
        let plan = try plan(for: bytes)
        try limits.check(width: plan.sourceWidth, height: plan.sourceHeight)
        let transformed = try Self.transform(bytes, orientation: orientation, crop: plan.turboCrop, progressive: isProgressive, warn: warn)
        return (try withMetadata(transformed, plan: plan, warn: warn), plan)
    }

    /// Runs TurboJPEG's transform: the turn, with partial edge blocks trimmed, then the crop.
    static func transform(_ bytes: [UInt8], orientation: Orientation, crop: PixelRect?, progressive: Bool, warn: (String) -> Void) throws(JPEGLosslessError)
        -> [UInt8]
    {
        #if canImport(CTurboJPEG)
        guard let handle = tjInitTransform() else { throw .failed("TurboJPEG could not start") }
        defer { tjDestroy(handle) }
        let operations: [Orientation: TJXOP] = [
            .up: TJXOP_NONE, .upMirrored: TJXOP_HFLIP, .down: TJXOP_ROT180, .downMirrored: TJXOP_VFLIP,
            .leftMirrored: TJXOP_TRANSPOSE, .right: TJXOP_ROT90, .rightMirrored: TJXOP_TRANSVERSE, .left: TJXOP_ROT270,
        ]
        var transform = tjtransform()
        transform.op = Int32(bitPattern: (operations[orientation] ?? TJXOP_NONE).rawValue)
        transform.options = TJXOPT_TRIM | (progressive ? TJXOPT_PROGRESSIVE : 0)
        if let crop {
            transform.options |= TJXOPT_CROP
            transform.r = tjregion(x: Int32(crop.x), y: Int32(crop.y), w: Int32(crop.width), h: Int32(crop.height))
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = bytes.withUnsafeBufferPointer { input in
            tjTransform(handle, input.baseAddress, UInt(input.count), 1, &output, &size, &transform, TJFLAG_LIMITSCANS)
        }
        defer { tjFree(output) }
        if status != 0 {
            let message = String(cString: tjGetErrorStr2(handle))
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), output != nil, size > 0 else { throw .failed(message) }
            warn("JPEG data: \(message)")
        }
        guard let output, size > 0 else { throw .failed("TurboJPEG wrote nothing") }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
        #else
        throw .unavailable
        #endif
    }
}
