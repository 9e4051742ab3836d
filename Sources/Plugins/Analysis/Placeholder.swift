import NinepipeCore

/// What to show while an image loads: its dominant colour and a BlurHash, computed from a small
/// copy (decoded with DCT or WebP scaling when the format allows, or from a HEIC/AVIF's
/// embedded thumbnail when it is at least twice ``workingSize`` long, as phone photos carry;
/// then box-averaged in linear light to at most ``workingSize`` pixels on the long side), upright.
///
/// ```swift
/// let placeholder = try Placeholder(bytes: try FileIO.read("photo.jpg"))
/// print(placeholder.blurHash, placeholder.dominantColor)
/// ```
public struct Placeholder: Sendable, Hashable {
    /// The long side of the copy the values are computed from.
    public static let workingSize = 64

    /// The colour most of the image is (``DominantColor``); `nil` when it is all transparent.
    public var dominantColor: Color?
    /// The BlurHash of the image (``BlurHash``).
    public var blurHash: String
    /// Components of the BlurHash across and down.
    public var components: (x: Int, y: Int)
    /// The image's size as displayed (after its orientation).
    public var width: Int, height: Int

    /// Computes the placeholder of an encoded image.
    ///
    /// - Parameters:
    ///   - components: BlurHash components, 1…9 each (default 4 × 3).
    ///   - limits: size limits for decoding.
    public init(bytes: [UInt8], components: (x: Int, y: Int) = (4, 3), limits: ImageLimits = .default) throws {
        let info = try ImageCodecs.info(bytes, limits: limits)
        // The largest DCT/WebP reduction that still leaves twice the working size.
        var scale = 1
        while scale < 8 && min(info.width, info.height) / (scale * 2) >= 2 * Self.workingSize { scale *= 2 }
        let decoded = try Self.embeddedThumbnail(bytes, format: info.format, limits: limits)
            ?? ImageCodecs.decode(bytes, options: DecodeOptions(limits: limits, jpegScaleDenominator: scale)).uprighted()
        try self.init(image: decoded, components: components)
        let upright = info.metadata.orientation.swapsDimensions ? (info.height, info.width) : (info.width, info.height)
        (width, height) = upright
    }

    /// A HEIC/AVIF's embedded thumbnail, upright, when it has one at least twice ``workingSize``
    /// long (an iPhone photo's is 320×240): decoding it is far cheaper than the primary image.
    /// A file without one gives its primary image here (HEIF has no scaled decoding either).
    static func embeddedThumbnail(_ bytes: [UInt8], format: ImageFormat, limits: ImageLimits) throws -> Image? {
        guard format == .heic || format == .avif else { return nil }
        var options = DecodeOptions(limits: limits)
        options.usesEmbeddedThumbnail = true
        let small = try ImageCodecs.decode(bytes, options: options)
        return max(small.width, small.height) >= 2 * workingSize ? small.uprighted() : nil
    }

    /// Computes the placeholder of a decoded image (shrunk first when it is larger than ``workingSize``).
    ///
    /// - Throws: ``TransformError`` when a component count is outside 1…9.
    public init(image: Image, components: (x: Int, y: Int) = (4, 3)) throws {
        guard (1...9).contains(components.x) && (1...9).contains(components.y) else {
            throw TransformError("BlurHash components must be 1…9 on each axis, not \(components.x)×\(components.y)")
        }
        var small = image
        let long = max(image.width, image.height)
        if long > Self.workingSize {
            let factor = Double(Self.workingSize) / Double(long)
            small = try Resampler(filter: .box, linearLight: true).resample(
                image, width: max(1, Int((Double(image.width) * factor).rounded())), height: max(1, Int((Double(image.height) * factor).rounded())))
        }
        dominantColor = DominantColor.of(small)
        blurHash = BlurHash.encode(small, x: components.x, y: components.y)
        self.components = components
        width = image.width
        height = image.height
    }

    /// Equal when every value is.
    public static func == (lhs: Placeholder, rhs: Placeholder) -> Bool {
        lhs.dominantColor == rhs.dominantColor && lhs.blurHash == rhs.blurHash && lhs.components == rhs.components
            && lhs.width == rhs.width && lhs.height == rhs.height
    }

    /// Hashes every value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(dominantColor)
        hasher.combine(blurHash)
        hasher.combine(components.x)
        hasher.combine(components.y)
        hasher.combine(width)
        hasher.combine(height)
    }
}
