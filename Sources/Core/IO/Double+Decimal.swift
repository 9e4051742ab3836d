extension Double {
    /// A decimal number as resource files write them: an optional sign, digits with an
    /// optional fraction (`12`, `-0.5`, `.25`, `3.`), and an optional exponent (`1e-3`); `nil`
    /// for anything else. Unlike `Double(_:)` it refuses hexadecimal (`0x1p4` is 16 there),
    /// `inf`, `nan` and white space, which no resource compiler reads as a number.
    public init?(decimal text: some StringProtocol) {
        var digits = 0
        var state = 0  // 0: sign or mantissa, 1: mantissa, 2: exponent sign or digits, 3: exponent digits
        var sawPoint = false
        var exponentDigits = 0
        for (position, unit) in text.utf8.enumerated() {
            switch unit {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard (state == 0 && position == 0) || state == 2 else { return nil }
                state = state == 2 ? 3 : 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state >= 2 {
                    exponentDigits += 1
                    state = 3
                } else {
                    digits += 1
                    state = 1
                }
            case UInt8(ascii: "."):
                guard state <= 1, !sawPoint else { return nil }
                sawPoint = true
                state = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard state == 1, digits > 0 else { return nil }
                state = 2
            default:
                return nil
            }
        }
        guard digits > 0, state != 2, !(state == 3 && exponentDigits == 0), let value = Double(String(text)), value.isFinite else { return nil }
        self = value
    }
}
