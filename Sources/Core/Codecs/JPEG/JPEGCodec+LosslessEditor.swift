import CJPEGShim

#if canImport(CTurboJPEG)
import CTurboJPEG
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JPEG's lossless edits: turns, flips and crops on the DCT coefficients through libjpeg-turbo's
/// TurboJPEG transform API (optional: `libturbojpeg0-dev`), as `jpegtran` does.
///
/// JPEG stores pixels in blocks (MCUs) of 8 or 16 pixels a side. A block can move but not be
/// cut, which sets the limits: a partial block on the right or bottom edge cannot move to the
/// left or top, and a crop can only start on the block grid.
extension JPEGCodec: LosslessEditor {
    /// Whether this build has TurboJPEG's transform API (`libturbojpeg0-dev` at build time).
    public var editsLosslessly: Bool { Self.editsLosslessly }

    /// Whether this build has TurboJPEG's transform API (`libturbojpeg0-dev` at build time).
    public static var editsLosslessly: Bool {
        #if canImport(CTurboJPEG)
        true
        #else
        false
        #endif
    }

    /// What `edit` would do to `bytes`: exactly the asked geometry, or (trimming allowed) what
    /// whole blocks can give, as `jpegtran -trim` and `-crop` keep.
    public func plan(_ edit: LosslessEdit, for bytes: [UInt8]) throws(LosslessEditError) -> LosslessEdit.Plan {
        let orientation = edit.orientation
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
        let requested = edit.crop ?? PixelRect(x: 0, y: 0, width: turnedWidth, height: turnedHeight)
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
        var plan = LosslessEdit.Plan(
            sourceWidth: width, sourceHeight: height, blockWidth: blockWidth, blockHeight: blockHeight, kept: kept, requested: requested)
        plan.codecCrop = turboCrop == PixelRect(x: 0, y: 0, width: valid.width, height: valid.height) ? nil : turboCrop
        if !plan.isExact, !edit.allowsTrimming { throw .notExact(plan.differences ?? "") }
        return plan
    }

    /// The edited file: TurboJPEG moves the coefficients; a baseline result gets Huffman tables
    /// made for its data (as `jpegtran -optimize`), so a lossless copy is no larger than its input;
    /// the metadata is made true of the new geometry (see ``JPEGLosslessMetadata``).
    public func apply(
        _ edit: LosslessEdit, to bytes: [UInt8], limits: ImageLimits = .default, warn: (String) -> Void = { _ in }
    ) throws -> (bytes: [UInt8], plan: LosslessEdit.Plan) {
        let plan = try plan(edit, for: bytes)
        try limits.check(width: plan.sourceWidth, height: plan.sourceHeight)
        let progressive = edit.isProgressive || JPEGSegments(bytes)?.frame?.isProgressive == true
        var transformed = try Self.transform(bytes, orientation: edit.orientation, crop: plan.codecCrop, progressive: progressive, warn: warn)
        if !progressive { transformed = try Self.optimizingCoding(transformed, limits: limits) }
        return (try JPEGLosslessMetadata(edit: edit, plan: plan).rewrite(transformed, warn: warn), plan)
    }

    /// `bytes` with Huffman tables made for their data (the coefficients and markers unchanged).
    static func optimizingCoding(_ bytes: [UInt8], limits: ImageLimits) throws(LosslessEditError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { njs_optimize_coding($0.baseAddress, $0.count, limits.maxPixelCount * 8, &output, &length, &message) }
        defer { free(output) }
        guard status == 0, let output else { throw .failed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// Runs TurboJPEG's transform: the turn, with partial edge blocks trimmed, then the crop.
    static func transform(_ bytes: [UInt8], orientation: Orientation, crop: PixelRect?, progressive: Bool, warn: (String) -> Void) throws(LosslessEditError)
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
