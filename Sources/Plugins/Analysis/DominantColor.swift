import NinepipeCore

/// The colour most of an image is: pixels are counted in a 4096-bin histogram (16 levels per
/// channel, as sharp's `stats().dominant`), fully transparent pixels left out, and the result
/// is the average of the pixels in the fullest bin (so it is a colour that occurs, not a bin's
/// centre). Ties go to the darker bin.
public enum DominantColor {
    /// The dominant colour of `image` (opaque), or `nil` when every pixel is transparent.
    public static func of(_ image: Image) -> Color? {
        let rgb = image.unpremultiplied().converted(to: .eight).converted(to: image.layout.hasAlpha ? .rgba : .rgb)
        guard case .eight(let samples) = rgb.storage else { return nil }
        let channels = rgb.layout.channelCount
        let hasAlpha = rgb.layout.hasAlpha
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [SIMD3<Int>](repeating: .zero, count: 4096)
        for p in stride(from: 0, to: samples.count, by: channels) {
            if hasAlpha && samples[p + 3] == 0 { continue }
            let r = Int(samples[p])
            let g = Int(samples[p + 1])
            let b = Int(samples[p + 2])
            let bin = (r >> 4) << 8 | (g >> 4) << 4 | b >> 4
            counts[bin] += 1
            sums[bin] &+= SIMD3(r, g, b)
        }
        guard let fullest = counts.indices.max(by: { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }),
            counts[fullest] > 0
        else { return nil }
        let n = counts[fullest]
        let sum = sums[fullest]
        func mean(_ total: Int) -> UInt8 { UInt8((total + n / 2) / n) }
        return Color(red: mean(sum.x), green: mean(sum.y), blue: mean(sum.z))
    }
}
