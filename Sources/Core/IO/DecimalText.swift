/// Numbers written as decimal text without Foundation's `String(format:)`: the way paths,
/// drawables and CSS spell them (rounded, no trailing zeros, no exponent), and fixed places for
/// timings and percentages.
package enum DecimalText {
    /// `value` rounded to at most `decimals` places, without trailing zeros or an exponent
    /// (`0.5`, `12`, `-3.25`); a value that is not finite is `0`.
    package static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? String(value) : "0" }
        let text = fixed(value, places: decimals)
        guard text.contains(".") else { return text == "-0" ? "0" : text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    /// `value` with exactly `places` decimal places (`0.120`, `3.0`), rounded half away from zero.
    package static func fixed(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 9)
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        guard abs(value) < 1e15 else { return String(value) }
        var scale: Double = 1
        for _ in 0..<places { scale *= 10 }
        let units = (abs(value) * scale).rounded()
        let whole = (units / scale).rounded(.down)
        let fraction = Int64(units - whole * scale)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return sign + String(Int64(whole)) }
        let digits = String(fraction)
        return sign + String(Int64(whole)) + "." + String(repeating: "0", count: places - digits.count) + digits
    }
}
