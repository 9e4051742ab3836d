import NinepipeCore

/// How far apart two drawings are: the mean difference over every premultiplied RGBA channel, in
/// 8-bit levels (so a transparent pixel's colour counts for nothing). Infinite for two sizes.
public enum PremultipliedDifference {
    /// The mean difference of `a` and `b`.
    public static func meanDifference(_ a: Image, _ b: Image) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        let (x, y) = (a.premultiplied().converted(to: .rgba), b.premultiplied().converted(to: .rgba))
        var total = 0
        for row in 0..<a.height {
            for column in 0..<a.width {
                for channel in 0..<4 { total += abs(x.sample(x: column, y: row, channel: channel) - y.sample(x: column, y: row, channel: channel)) }
            }
        }
        return Double(total) / Double(a.width * a.height * 4)
    }
}
