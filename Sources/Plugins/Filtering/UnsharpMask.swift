import NinepipeCore

/// Unsharp masking on luma: the detail `Y − blur(Y)` of the Rec. 709 luma (of the stored,
/// gamma-encoded values) is scaled by `amount` and added to every colour channel alike, so
/// hue and saturation are left alone and no colour fringes appear. Alpha is never changed;
/// the local mean is weighted by alpha, so colours hidden under transparent pixels do not
/// leak into the edge. Differences within `threshold` are left as they are (noise and skin
/// stay smooth).
///
/// libvips' `sharpen` (what sharp and vipsthumbnail use) works on CIELAB L* with a piecewise
/// response; see Plugins.md for how the two compare.
///
/// ```swift
/// let crisp = try UnsharpMask(sigma: 0.5, amount: 1).apply(to: thumbnail)
/// ```
public struct UnsharpMask: Sendable, Hashable {
    /// The σ of the Gaussian that gives the local mean, in pixels.
    public var sigma: Double
    /// How much of the detail is added (0 changes nothing).
    public var amount: Double
    /// Luma differences up to this many 8-bit levels are not sharpened.
    public var threshold: Double

    /// Creates the filter.
    ///
    /// - Precondition: `sigma > 0`.
    public init(sigma: Double = 0.5, amount: Double = 1, threshold: Double = 0) {
        precondition(sigma > 0, "sharpening needs a positive sigma")
        self.sigma = sigma
        self.amount = amount
        self.threshold = threshold
    }

    /// The sharpened image: same size, layout, depth, alpha and metadata.
    public func apply(to image: Image, context: TransformContext = TransformContext()) throws -> Image {
        guard amount != 0 else { return image }
        let source = image.unpremultiplied()
        let luma = try GaussianBlur(sigma: sigma).apply(to: Self.luma(of: source, context: context), context: context)
        guard let mean = luma.storage.samples(of: UInt16.self) else { return image }
        var result = source
        switch source.storage {
        case .eight(let samples):
            result.replaceStorage(.eight(try sharpened(samples, mean: mean, layout: source.layout, context: context)))
        case .sixteen(let samples):
            result.replaceStorage(.sixteen(try sharpened(samples, mean: mean, layout: source.layout, context: context)))
        }
        return image.alphaMode == .premultiplied ? result.premultiplied() : result
    }

    /// A 16-bit gray (gray+alpha with alpha) image of the luma, which a blur turns into the
    /// alpha-weighted local mean.
    static func luma(of image: Image, context: TransformContext) throws -> Image {
        let channels = image.layout.channelCount, hasAlpha = image.layout.hasAlpha
        let outChannels = hasAlpha ? 2 : 1
        let isColor = image.layout.isColor
        func convert<S: FixedWidthInteger & UnsignedInteger & Sendable>(_ samples: [S], scale: UInt32) throws -> [UInt16] {
            try PixelLoop.map(samples, channels: channels, to: outChannels, as: UInt16.self, context: context) { p, o in
                if isColor {
                    // Rec. 709 weights in 1/32768: 6966 + 23436 + 2366.
                    let sum = 6966 * UInt32(p[0]) + 23436 * UInt32(p[1]) + 2366 * UInt32(p[2])
                    o[0] = UInt16(truncatingIfNeeded: (sum * scale + 16384) >> 15)
                } else {
                    o[0] = UInt16(truncatingIfNeeded: UInt32(p[0]) * scale)
                }
                if hasAlpha { o[1] = UInt16(truncatingIfNeeded: UInt32(p[channels - 1]) * scale) }
            }
        }
        let samples: [UInt16]
        switch image.storage {
        case .eight(let eight): samples = try convert(eight, scale: 257)
        case .sixteen(let sixteen): samples = try convert(sixteen, scale: 1)
        }
        return Image(width: image.width, height: image.height, layout: hasAlpha ? .grayAlpha : .gray, samples: samples)
    }

    /// `samples` with `amount × (luma − mean)` added to each colour channel where the difference
    /// passes the threshold; `mean` is the blurred luma image's samples.
    private func sharpened<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ samples: [S], mean: [UInt16], layout: PixelLayout, context: TransformContext
    ) throws -> [S] {
        let channels = layout.channelCount, colors = layout.hasAlpha ? channels - 1 : channels
        let meanChannels = layout.hasAlpha ? 2 : 1
        let toDepth = Float(S.max) / 65535, top = Float(S.max)
        let limit = Float(threshold * 257), amount = Float(self.amount)
        var result = samples
        try PixelLoop.update(&result, channels: channels, context: context) { p, pixel in
            let y: Float
            if colors == 3 {
                y = (0.2126 * Float(p[0]) + 0.7152 * Float(p[1]) + 0.0722 * Float(p[2])) / toDepth
            } else {
                y = Float(p[0]) / toDepth
            }
            let detail = y - Float(mean[pixel * meanChannels])
            guard abs(detail) > limit else { return }
            let delta = amount * detail * toDepth
            for c in 0..<colors {
                p[c] = S(truncatingIfNeeded: Int32((Float(p[c]) + delta).clamped(0, top) + 0.5))
            }
        }
        return result
    }
}

extension Float {
    /// The value kept within `low…high`.
    fileprivate func clamped(_ low: Float, _ high: Float) -> Float { Swift.min(Swift.max(self, low), high) }
}
