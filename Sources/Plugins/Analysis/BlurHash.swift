import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// BlurHash (woltapp's published algorithm): a short string a client decodes into a blurred
/// preview while the real image loads. The colour is projected onto `x × y` cosine components
/// in linear light; the average colour and the quantised others are written in base 83.
///
/// Alpha is ignored, as the reference encoders ignore it (colours are unpremultiplied first);
/// 16-bit samples are rounded to 8 bits. The string depends on the pixels given: the full image
/// gives the reference's string (``Placeholder`` does so unless asked to approximate).
///
/// ```swift
/// let hash = BlurHash.encode(image)            // 4 × 3 components, e.g. "LKO2?U%2Tw=w]~RBVZRi};RPxuwH"
/// ```
public enum BlurHash {
    /// The hash of `image` with `x` horizontal and `y` vertical components (1…9 each).
    ///
    /// - Precondition: `1...9` contains `x` and `y`.
    public static func encode(_ image: Image, x: Int = 4, y: Int = 3) -> String {
        precondition((1...9).contains(x) && (1...9).contains(y), "BlurHash takes 1…9 components on each axis")
        let rgb = image.unpremultiplied().converted(to: .eight).converted(to: image.layout.hasAlpha ? .rgba : .rgb)
        let width = rgb.width
        let height = rgb.height
        let channels = rgb.layout.channelCount
        let linear = (0...255).map { srgbToLinear(Double($0)) }
        let cosX = (0..<x).map { i in (0..<width).map { cos(Double.pi * Double(i) * Double($0) / Double(width)) } }
        let cosY = (0..<y).map { j in (0..<height).map { cos(Double.pi * Double(j) * Double($0) / Double(height)) } }
        // components[j * x + i]: the projection onto cos(πix/W)·cos(πjy/H), summed row by row.
        var components = [SIMD3<Double>](repeating: .zero, count: x * y)
        guard case .eight(let samples) = rgb.storage else { return "" }
        var rowSums = [SIMD3<Double>](repeating: .zero, count: x)
        for row in 0..<height {
            for i in 0..<x { rowSums[i] = .zero }
            for column in 0..<width {
                let p = (row * width + column) * channels
                let colour = SIMD3(linear[Int(samples[p])], linear[Int(samples[p + 1])], linear[Int(samples[p + 2])])
                for i in 0..<x { rowSums[i] += colour * cosX[i][column] }
            }
            for j in 0..<y { for i in 0..<x { components[j * x + i] += rowSums[i] * cosY[j][row] } }
        }
        let scale = 1 / Double(width * height)
        for index in components.indices { components[index] *= scale * (index == 0 ? 1 : 2) }

        let ac = components.dropFirst()
        let largest = ac.map { max(abs($0.x), abs($0.y), abs($0.z)) }.max() ?? 0
        let quantisedMaximum = ac.isEmpty ? 0 : Int(max(0, min(82, (largest * 166 - 0.5).rounded(.down))))
        let maximum = Double(quantisedMaximum + 1) / 166
        var hash = base83(x - 1 + (y - 1) * 9, length: 1) + base83(quantisedMaximum, length: 1)
        let dc = components[0]
        hash += base83(linearToSRGB(dc.x) << 16 | linearToSRGB(dc.y) << 8 | linearToSRGB(dc.z), length: 4)
        for component in ac {
            func quantised(_ value: Double) -> Int {
                let signed = value / maximum
                let root = signed < 0 ? -(-signed).squareRoot() : signed.squareRoot()
                return Int(max(0, min(18, (root * 9 + 9.5).rounded(.down))))
            }
            hash += base83(quantised(component.x) * 19 * 19 + quantised(component.y) * 19 + quantised(component.z), length: 2)
        }
        return hash
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    /// `value` as `length` base-83 digits, most significant first.
    static func base83(_ value: Int, length: Int) -> String {
        var digits: [Character] = []
        var divisor = 1
        for _ in 1..<length { divisor *= 83 }
        for _ in 0..<length {
            digits.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
        return String(digits)
    }

    /// An 8-bit sRGB value (0…255) in linear light (0…1).
    static func srgbToLinear(_ value: Double) -> Double {
        let v = value / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light (clamped to 0…1) as an 8-bit sRGB value, truncated after adding ½ as the reference does.
    static func linearToSRGB(_ value: Double) -> Int {
        let v = max(0, min(1, value))
        return v <= 0.0031308 ? Int(v * 12.92 * 255 + 0.5) : Int((1.055 * pow(v, 1 / 2.4) - 0.055) * 255 + 0.5)
    }
}
