/// CIE L\*a\*b\* (D65 white, as libvips and sharp use) to and from linear-light sRGB.
///
/// Written for the pixel loops of the colour steps: the white point is folded into the
/// matrices, constants are multiplied rather than divided by, and the cube root is computed
/// without `cbrtf` (see ``cubeRoot(_:)``). The arithmetic is scalar on purpose: the unused
/// fourth lane of a `SIMD3` holds whatever the register held, and a tiny value there makes
/// every multiplication on the vector take a subnormal microcode assist (measured: modulate
/// ran slower as vectors than as scalars).
enum CIELab {
    /// Linear sRGB (0…1) → L\* (0…100), a\*, b\*.
    @inline(__always)
    static func lab(fromLinear rgb: SIMD3<Float>) -> SIMD3<Float> {
        let r = rgb.x
        let g = rgb.y
        let b = rgb.z
        // Rows of the sRGB → XYZ matrix, each divided by the white point's X, Y or Z.
        let x: Float = (0.4124564 / 0.95047) * r + (0.3575761 / 0.95047) * g + (0.1804375 / 0.95047) * b
        let y: Float = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z: Float = (0.0193339 / 1.08883) * r + (0.1191920 / 1.08883) * g + (0.9503041 / 1.08883) * b
        let fx = lightness(x)
        let fy = lightness(y)
        let fz = lightness(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// L\*a\*b\* → linear sRGB (not clamped: colours outside sRGB come out below 0 or above 1).
    @inline(__always)
    static func linear(fromLab lab: SIMD3<Float>) -> SIMD3<Float> {
        let fy = (lab.x + 16) * (1 / 116)
        let x = inverseLightness(fy + lab.y * (1 / 500)) * 0.95047
        let y = inverseLightness(fy)
        let z = inverseLightness(fy - lab.z * (1 / 200)) * 1.08883
        return SIMD3(
            3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
            -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
            0.0556434 * x - 0.2040259 * y + 1.0572252 * z)
    }

    /// The CIE lightness function: ∛t above (6/29)³, a straight line below.
    @inline(__always)
    private static func lightness(_ t: Float) -> Float {
        t > 216.0 / 24389 ? cubeRoot(t) : t * (24389.0 / 27 / 116) + 16.0 / 116
    }

    /// The inverse of ``lightness(_:)``.
    @inline(__always)
    private static func inverseLightness(_ u: Float) -> Float {
        u > 6.0 / 29 ? u * u * u : (u - 16.0 / 116) * (27.0 * 116 / 24389)
    }

    /// ∛t for a positive normal `t`, to float precision, several times faster than `cbrtf`.
    ///
    /// A float's bits read as an integer are roughly a scaled log₂, so a third of them plus
    /// two thirds of the exponent bias (127·2²³·⅔, set a little lower to balance the error) is a
    /// first guess within a few per cent; each Halley step for y³ = t, y ← y·(y³ + 2t)/(2y³ + t),
    /// triples the correct digits: two reach 1e-7.
    @inline(__always)
    static func cubeRoot(_ t: Float) -> Float {
        var y = Float(bitPattern: t.bitPattern / 3 &+ 709_921_077)
        for _ in 0..<2 {
            let cube = y * y * y
            y *= (cube + 2 * t) / (2 * cube + t)
        }
        return y
    }
}
