/// An 8-bit RGBA colour, written `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, green, blue, alpha, 0–255 (straight alpha).
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses hex digits (without `#`): 3, 4, 6 or 8 of them; `nil` otherwise.
    public init?(hex: String) {
        let digits = hex.compactMap { $0.hexDigitValue }
        guard digits.count == hex.count else { return nil }
        switch digits.count {
        case 3, 4:
            let v = digits.map { UInt8($0 * 17) }
            self.init(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 255)
        case 6, 8:
            let v = stride(from: 0, to: digits.count, by: 2).map { UInt8(digits[$0] * 16 + digits[$0 + 1]) }
            self.init(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 255)
        default:
            return nil
        }
    }

    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#rrggbbaa`, lower case: the canonical spelling.
    public var description: String {
        "#" + [red, green, blue, alpha].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
