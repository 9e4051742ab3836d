import NinepipeCore

@testable import NinepipePlugins

/// A deliberately plain float64 resampler: for every output sample, the full 2-D weighted sum
/// over the source with edge-clamped coordinates, straight from the filter's definition. Slow,
/// obviously right, and independent of the production kernel's windows, rings and rounding.
enum ReferenceResampler {
    /// Unrounded output samples (premultiplied alpha handled when the image has alpha).
    static func resample(_ image: Image, width: Int, height: Int, filter: ResamplingFilter) -> [Double] {
        let channels = image.layout.channelCount
        let alpha = image.layout.hasAlpha
        let xWeights = weights(filter: filter, input: image.width, output: width)
        let yWeights = weights(filter: filter, input: image.height, output: height)
        let maxValue = image.depth == .eight ? 255.0 : 65535.0
        var out = [Double](repeating: 0, count: width * height * channels)
        for oy in 0..<height {
            for ox in 0..<width {
                var sums = [Double](repeating: 0, count: channels)
                for (sy, wy) in yWeights[oy] {
                    for (sx, wx) in xWeights[ox] {
                        let a = alpha ? Double(image.sample(x: sx, y: sy, channel: channels - 1)) / maxValue : 1
                        for c in 0..<channels {
                            let value = Double(image.sample(x: sx, y: sy, channel: c))
                            sums[c] += wx * wy * (alpha && c < channels - 1 ? value * a : value)
                        }
                    }
                }
                if alpha {
                    let a = sums[channels - 1] / maxValue
                    for c in 0..<(channels - 1) { sums[c] = a > 0 ? sums[c] / a : 0 }
                }
                for c in 0..<channels { out[(oy * width + ox) * channels + c] = sums[c] }
            }
        }
        return out
    }

    /// For each output index, (source index, normalised weight) pairs, edge-clamped.
    static func weights(filter: ResamplingFilter, input: Int, output: Int) -> [[(Int, Double)]] {
        let scale = Double(input) / Double(output)
        let filterScale = max(scale, 1)
        return (0..<output).map { index in
            let center = (Double(index) + 0.5) * scale
            if filter == .nearest { return [(min(max(Int(center.rounded(.down)), 0), input - 1), 1)] }
            let support = filter.support * filterScale
            var pairs: [(Int, Double)] = []
            for position in Int((center - support).rounded(.down)) - 1...Int((center + support).rounded(.up)) + 1 {
                let weight = filter.weight((Double(position) + 0.5 - center) / filterScale)
                if weight != 0 { pairs.append((min(max(position, 0), input - 1), weight)) }
            }
            let total = pairs.reduce(0) { $0 + $1.1 }
            return pairs.map { ($0.0, $0.1 / total) }
        }
    }
}
