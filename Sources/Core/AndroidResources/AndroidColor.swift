/// A colour as Android resources write it: `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`, 8 bits a
/// channel, not premultiplied.
public struct AndroidColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, green, blue and alpha.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Parses `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB` (white space around allowed); `nil` for
    /// anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace
        guard trimmed.first == "#" else { return nil }
        let digits = trimmed.dropFirst()
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        func nibble(_ shift: UInt32) -> UInt8 { UInt8(value >> shift & 0xF) * 17 }
        func byte(_ shift: UInt32) -> UInt8 { UInt8(value >> shift & 0xFF) }
        switch digits.count {
        case 3: self.init(red: nibble(8), green: nibble(4), blue: nibble(0))
        case 4: self.init(red: nibble(8), green: nibble(4), blue: nibble(0), alpha: nibble(12))
        case 6: self.init(red: byte(16), green: byte(8), blue: byte(0))
        default: self.init(red: byte(16), green: byte(8), blue: byte(0), alpha: byte(24))
        }
    }

    /// `#RRGGBB`, as SVG and CSS write the colour part.
    public var rgbHex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The alpha as a fraction.
    public var opacity: Double { Double(alpha) / 255 }

    /// `#AARRGGBB`.
    public var description: String {
        "#" + [alpha, red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The public colours of Android's framework (`@android:color/NAME`, android.R.color), those
    /// that are plain colours: the others are state lists and system palettes that depend on
    /// the device.
    public static let framework: [String: AndroidColor] = [
        "black": AndroidColor(red: 0, green: 0, blue: 0),
        "white": AndroidColor(red: 255, green: 255, blue: 255),
        "transparent": AndroidColor(red: 0, green: 0, blue: 0, alpha: 0),
        "darker_gray": AndroidColor(red: 0xAA, green: 0xAA, blue: 0xAA),
        "background_dark": AndroidColor(red: 0, green: 0, blue: 0),
        "background_light": AndroidColor(red: 255, green: 255, blue: 255),
        "holo_blue_light": AndroidColor(red: 0x33, green: 0xB5, blue: 0xE5),
        "holo_blue_dark": AndroidColor(red: 0x00, green: 0x99, blue: 0xCC),
        "holo_blue_bright": AndroidColor(red: 0x00, green: 0xDD, blue: 0xFF),
        "holo_green_light": AndroidColor(red: 0x99, green: 0xCC, blue: 0x00),
        "holo_green_dark": AndroidColor(red: 0x66, green: 0x99, blue: 0x00),
        "holo_red_light": AndroidColor(red: 0xFF, green: 0x44, blue: 0x44),
        "holo_red_dark": AndroidColor(red: 0xCC, green: 0x00, blue: 0x00),
        "holo_orange_light": AndroidColor(red: 0xFF, green: 0xBB, blue: 0x33),
        "holo_orange_dark": AndroidColor(red: 0xFF, green: 0x88, blue: 0x00),
        "holo_purple": AndroidColor(red: 0xAA, green: 0x66, blue: 0xCC),
    ]
}
