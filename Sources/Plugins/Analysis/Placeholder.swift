import NinepipeCore

/// What to show while an image loads: its dominant colour and a BlurHash, upright.
///
/// The BlurHash is computed, by default, from every decoded pixel, as the reference encoders
/// (woltapp's C and TypeScript encoders and their ports) compute it, so the string equals theirs
/// and can be compared with hashes made by other services. ``Precision/approximate`` computes it
/// from a small copy instead (decoded with DCT or WebP scaling when the format allows, or from a
/// HEIC/AVIF's embedded thumbnail), which is many times faster on large photos but may differ from
/// the reference in a few characters. The dominant colour always comes from a copy box-averaged
/// in linear light to at most ``workingSize`` pixels on the long side.
///
/// ```swift
/// let placeholder = try Placeholder(bytes: try FileIO.read("photo.jpg"))
/// print(placeholder.blurHash, placeholder.dominantColor)
/// ```
public struct Placeholder: Sendable, Hashable {
    /// The long side of the copy the dominant colour (and an approximate BlurHash) is computed from.
    public static let workingSize = 64

    /// Which pixels the BlurHash is computed from.
    public enum Precision: String, Sendable, Hashable, CaseIterable {
        /// Every pixel of the full decode: the string equals the reference encoders' for the same
        /// decoded pixels (the default).
        case exact
        /// A copy at most ``Placeholder/workingSize`` long, decoded scaled down where the format
        /// allows: much faster on large photos (a 12-megapixel JPEG decodes at 1/8 size), but the
        /// AC characters may differ from the reference's by a quantisation step or two, and the
        /// average colour by a level.
        case approximate
    }

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
    ///   - bytes: the encoded image (any format `codecs` reads).
    ///   - components: BlurHash components, 1…9 each (default 4 × 3).
    ///   - precision: which pixels the BlurHash is computed from (default: all of them).
    ///   - limits: size limits for decoding.
    ///   - codecs: the codecs that read `bytes` (default: the built-in ones).
    public init(
        bytes: [UInt8], components: (x: Int, y: Int) = (4, 3), precision: Precision = .exact, limits: ImageLimits = .default,
        codecs: ImageCodecRegistry = .builtIn
    ) throws {
        let info = try codecs.info(bytes, limits: limits)
        let decoded: Image
        switch precision {
        case .exact:
            decoded = try codecs.decode(bytes, options: DecodeOptions(limits: limits)).uprighted()
        case .approximate:
            // The largest DCT/WebP reduction that still leaves twice the working size.
            var scale = 1
            while scale < 8 && min(info.width, info.height) / (scale * 2) >= 2 * Self.workingSize { scale *= 2 }
            decoded =
                try Self.embeddedThumbnail(bytes, format: info.format, limits: limits, codecs: codecs)
                ?? codecs.decode(bytes, options: DecodeOptions(limits: limits, shrink: scale)).uprighted()
        }
        try self.init(image: decoded, components: components, precision: precision)
        let upright = info.metadata.orientation.swapsDimensions ? (info.height, info.width) : (info.width, info.height)
        (width, height) = upright
    }

    /// The embedded thumbnail of a format whose decoder reads them (HEIC, AVIF), upright, when it
    /// has one at least twice ``workingSize`` long (an iPhone photo's is 320×240): decoding it is
    /// far cheaper than the primary image. A file without one gives its primary image here
    /// (HEIF has no scaled decoding either).
    static func embeddedThumbnail(_ bytes: [UInt8], format: ImageFormat, limits: ImageLimits, codecs: ImageCodecRegistry) throws -> Image? {
        guard codecs.decoder(for: format)?.capabilities.readsEmbeddedThumbnails == true else { return nil }
        var options = DecodeOptions(limits: limits)
        options.usesEmbeddedThumbnail = true
        let small = try codecs.decode(bytes, options: options)
        return max(small.width, small.height) >= 2 * workingSize ? small.uprighted() : nil
    }

    /// Computes the placeholder of a decoded image.
    ///
    /// - Parameters:
    ///   - image: the decoded image, upright.
    ///   - components: BlurHash components, 1…9 each (default 4 × 3).
    ///   - precision: ``Precision/exact`` hashes every pixel of `image`; ``Precision/approximate``
    ///     hashes the small copy the dominant colour comes from.
    /// - Throws: `TransformError` when a component count is outside 1…9.
    public init(image: Image, components: (x: Int, y: Int) = (4, 3), precision: Precision = .exact) throws {
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
        blurHash = BlurHash.encode(precision == .exact ? image : small, x: components.x, y: components.y)
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
