import CJPEGShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JPEG's lossless edits: turns, flips and crops on the DCT coefficients, as `jpegtran` does,
/// through libjpeg's coefficient API (always built in).
///
/// JPEG stores pixels in blocks (MCUs) of 8 or 16 pixels a side. A block can move but not be
/// cut, which sets the limits: a partial block on the right or bottom edge cannot move to the
/// left or top, and a crop can only start on the block grid.
extension JPEGCodec: LosslessEditor {
    /// Always: libjpeg reads and writes coefficients.
    public var editsLosslessly: Bool { true }

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

    /// The edited file: the coefficients moved, with Huffman tables made for the data (as
    /// `jpegtran -optimize`), so a lossless copy is no larger than its input; a progressive input
    /// stays progressive; the metadata is made true of the new geometry.
    public func apply(
        _ edit: LosslessEdit, to bytes: [UInt8], limits: ImageLimits = .default, warn: (String) -> Void = { _ in }
    ) throws -> (bytes: [UInt8], plan: LosslessEdit.Plan) {
        let plan = try plan(edit, for: bytes)
        try limits.check(width: plan.sourceWidth, height: plan.sourceHeight)
        let progressive = edit.isProgressive || JPEGSegments(bytes)?.frame?.isProgressive == true
        let transformed = try Self.transform(bytes, orientation: edit.orientation, crop: plan.codecCrop, progressive: progressive, limits: limits)
        return (try JPEGLosslessMetadata(edit: edit, plan: plan).rewrite(transformed, warn: warn), plan)
    }

    /// Moves the coefficients (`njs_transform` in the C shim): the turn, with partial edge
    /// blocks trimmed, then the crop (origin on the block grid), in one pass that makes Huffman
    /// tables for the data; every APPn and COM marker copied.
    /// `threads` (at most 2 help): with 2, a picture of a megapixel or more that keeps the
    /// standard Huffman tables is written as two bands at once, joined at a restart marker.
    static func transform(
        _ bytes: [UInt8], orientation: Orientation, crop: PixelRect?, progressive: Bool, limits: ImageLimits,
        threads: Int = min(2, TransformContext.processorCount)
    ) throws(LosslessEditError) -> [UInt8] {
        let turns: [Orientation: njs_turn] = [
            .up: NJS_TURN_NONE, .upMirrored: NJS_TURN_FLIP_H, .down: NJS_TURN_ROT_180, .downMirrored: NJS_TURN_FLIP_V,
            .leftMirrored: NJS_TURN_TRANSPOSE, .right: NJS_TURN_ROT_90, .rightMirrored: NJS_TURN_TRANSVERSE, .left: NJS_TURN_ROT_270,
        ]
        var options = njs_transform_options()
        options.turn = turns[orientation] ?? NJS_TURN_NONE
        options.trim = 1
        options.progressive = progressive ? 1 : 0
        options.threads = Int32(max(1, min(2, threads)))
        if let crop {
            guard crop.x >= 0, crop.y >= 0, crop.width > 0, crop.height > 0, crop.x + crop.width <= Int(UInt32.max), crop.y + crop.height <= Int(UInt32.max)
            else {
                throw .nothingKept(requested: crop, blockWidth: 1, blockHeight: 1)
            }
            (options.crop_x, options.crop_y) = (UInt32(crop.x), UInt32(crop.y))
            (options.crop_width, options.crop_height) = (UInt32(crop.width), UInt32(crop.height))
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { njs_transform($0.baseAddress, $0.count, limits.maxPixelCount * 8, &options, &output, &length, &message) }
        defer { free(output) }
        guard status == 0, let output else { throw .failed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
