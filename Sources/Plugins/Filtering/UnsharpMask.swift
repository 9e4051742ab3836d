import NinepipeCore

/// Unsharp masking on luma: the detail `Y − blur(Y)` of the Rec. 709 luma (of the stored,
/// gamma-encoded values) is scaled by `amount` and added to every colour channel alike, so
/// hue and saturation are left alone and no colour fringes appear. Alpha is never changed;
/// the local mean is weighted by alpha, so colours hidden under transparent pixels do not
/// leak into the edge. Differences within `threshold` are left as they are (noise and skin
/// stay smooth).
///
/// libvips' `sharpen` (what sharp and vipsthumbnail use) works on CIELAB L* with a piecewise
/// response; README's step section says how the two compare (`Scripts/compare-sharpen.py`).
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
        var result = source
        switch source.storage {
        case .eight(let samples):
            result.replaceStorage(.eight(try sharpened(samples, width: image.width, layout: source.layout, context: context)))
        case .sixteen(let samples):
            result.replaceStorage(.sixteen(try sharpened(samples, width: image.width, layout: source.layout, context: context)))
        }
        return image.alphaMode == .premultiplied ? result.premultiplied() : result
    }

    /// `samples` with `amount × (luma − local mean)` added to each colour channel where the
    /// difference passes the threshold. The local mean is the Gaussian blur of luma weighted by
    /// alpha: blur(α·Y) / blur(α).
    private func sharpened<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ samples: [S], width: Int, layout: PixelLayout, context: TransformContext
    ) throws -> [S] {
        let channels = layout.channelCount
        let colors = layout.hasAlpha ? channels - 1 : channels
        let hasAlpha = layout.hasAlpha
        let height = samples.count / channels / width
        let top = Float(S.max)
        let limit = Float(threshold * 257) * top / 65535
        let amount = Float(self.amount)
        @Sendable func luma(_ p: UnsafePointer<S>) -> Float {
            colors == 3 ? 0.2126 * Float(p[0]) + 0.7152 * Float(p[1]) + 0.0722 * Float(p[2]) : Float(p[0])
        }
        // Planes of luma (times alpha, as a fraction, when there is alpha) and alpha.
        let weighted = try PixelLoop.map(samples, channels: channels, to: 1, as: Float.self, context: context) { p, o in
            o[0] = hasAlpha ? luma(p) * (Float(p[channels - 1]) / top) : luma(p)
        }
        let alphas =
            hasAlpha
            ? try PixelLoop.map(samples, channels: channels, to: 1, as: Float.self, context: context) { p, o in
                o[0] = Float(p[channels - 1]) / top
            } : []
        let weights = GaussianBlur.weights(sigma: sigma)
        let blurred = try PlaneConvolution.convolve(weighted, width: width, height: height, weights: weights, context: context)
        let coverage = hasAlpha ? try PlaneConvolution.convolve(alphas, width: width, height: height, weights: weights, context: context) : []
        var result = samples
        try PixelLoop.update(&result, channels: channels, context: context) { p, pixel in
            var mean = blurred[pixel]
            if hasAlpha {
                let covered = coverage[pixel]
                guard covered > 1e-6 else { return }
                mean /= covered
            }
            let detail = luma(p) - mean
            guard abs(detail) > limit else { return }
            let delta = amount * detail
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
