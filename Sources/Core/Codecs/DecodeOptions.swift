/// How to decode: limits, and a downscaling hint for formats that can decode smaller for free.
public struct DecodeOptions: Sendable, Hashable {
    /// Size limits, checked before pixel allocation.
    public var limits: ImageLimits
    /// JPEG DCT downscaling: 1, 2, 4 or 8 (default 1). Ignored for PNG.
    public var jpegScaleDenominator: Int

    /// Creates options.
    public init(limits: ImageLimits = .default, jpegScaleDenominator: Int = 1) {
        self.limits = limits
        self.jpegScaleDenominator = jpegScaleDenominator
    }
}
