/// An input exceeded a configured ``ImageLimits`` value. Checked before any large allocation.
public enum LimitError: RemediableError, Hashable {
    /// Width × height is over ``ImageLimits/maxPixelCount``.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Width or height is over ``ImageLimits/maxDimension``.
    case dimensionTooLarge(width: Int, height: Int, limit: Int)
    /// A metadata block (ICC profile, text, EXIF) is over ``ImageLimits/maxMetadataBytes``.
    case metadataTooLarge(kind: String, size: Int, limit: Int)
    /// A decoder's whole-image working memory is over ``ImageLimits/decoderMemoryLimit``.
    case decoderMemoryTooLarge(kind: String, size: Int, limit: Int)
    /// A block of `size` bytes for `kind` could not be allocated now (see
    /// ``MemoryAvailability``); `addressSpaceLimit` is the process's limit, when it has one.
    case memoryUnavailable(kind: String, size: Int, addressSpaceLimit: Int?)
    /// An animation has more frames than ``ImageLimits/maxFrameCount``.
    case tooManyFrames(frames: Int, limit: Int)
    /// An animation's pixels, counted over all frames, are over ``ImageLimits/maxPixelCount``.
    case animationTooLarge(width: Int, height: Int, frames: Int, limit: Int)

    /// What is wrong.
    public var problem: String {
        switch self {
        case .tooManyPixels(let width, let height, let limit):
            return
                "image is \(width)×\(height) = \(width.multipliedReportingOverflow(by: height).partialValue) pixels, over the limit of \(limit) pixels (ImageLimits.maxPixelCount)"
        case .dimensionTooLarge(let width, let height, let limit):
            return "image is \(width)×\(height), a side over the limit of \(limit) pixels (ImageLimits.maxDimension)"
        case .metadataTooLarge(let kind, let size, let limit):
            return "\(kind) is \(size) bytes, over the limit of \(limit) bytes (ImageLimits.maxMetadataBytes)"
        case .decoderMemoryTooLarge(let kind, let size, let limit):
            return
                "\(kind) needs \(size >> 20) MiB of decoder memory, over the limit of \(limit >> 20) MiB (8 bytes per allowed pixel, ImageLimits.decoderMemoryLimit)"
        case .memoryUnavailable(let kind, let size, let addressSpaceLimit):
            let limit = addressSpaceLimit.map { " under its address-space limit of \($0 >> 20) MiB" } ?? ""
            return
                "\(kind) needs \(size >> 20) MiB, which this process cannot allocate now\(limit); free memory or raise the limit, or make the image smaller first (ImageLimits.maxPixelCount bounds what is decoded)"
        case .tooManyFrames(let frames, let limit):
            return "animation has \(frames) frames, over the limit of \(limit) frames (ImageLimits.maxFrameCount)"
        case .animationTooLarge(let width, let height, let frames, let limit):
            return
                "animation is \(frames) frames of \(width)×\(height) = \(width * height * frames) pixels in all, over the limit of \(limit) pixels (ImageLimits.maxPixelCount, counted over every frame)"
        }
    }

    /// Reading the first frame, for an animation over the limits.
    public var remedy: Remedy? {
        switch self {
        case .tooManyFrames, .animationTooLarge: .readFirstFrame
        default: nil
        }
    }
}
