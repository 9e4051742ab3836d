/// The channels an image stores per pixel, interleaved in this order.
///
/// Images keep the layout they were decoded with (a gray PNG stays one channel),
/// so memory use is `width × height × channelCount × depth.bytesPerSample` bytes.
public enum PixelLayout: String, Sendable, Hashable, CaseIterable {
    /// One luminance channel.
    case gray
    /// Luminance, then alpha.
    case grayAlpha
    /// Red, green, blue.
    case rgb
    /// Red, green, blue, then alpha.
    case rgba

    /// The number of interleaved channels per pixel.
    @inlinable public var channelCount: Int {
        switch self {
        case .gray: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// Whether the last channel is alpha.
    @inlinable public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }

    /// Whether the colour channels are red, green and blue (not gray).
    @inlinable public var isColor: Bool { self == .rgb || self == .rgba }

    /// The same colour model with an alpha channel added (or kept).
    public var withAlpha: PixelLayout { isColor ? .rgba : .grayAlpha }

    /// The same colour model with the alpha channel dropped (or already absent).
    public var withoutAlpha: PixelLayout { isColor ? .rgb : .gray }

    /// A short human name such as `RGBA` or `gray+alpha`.
    public var displayName: String {
        switch self {
        case .gray: "gray"
        case .grayAlpha: "gray+alpha"
        case .rgb: "RGB"
        case .rgba: "RGBA"
        }
    }
}
