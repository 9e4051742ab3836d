#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CIE L\*a\*b\* (D65 white, as libvips and sharp use) to and from linear-light sRGB.
enum CIELab {
    /// Linear sRGB (0…1) → L\* (0…100), a\*, b\*.
    @inline(__always)
    static func lab(fromLinear rgb: SIMD3<Float>) -> SIMD3<Float> {
        let x = (0.4124564 * rgb.x + 0.3575761 * rgb.y + 0.1804375 * rgb.z) / 0.95047
        let y = 0.2126729 * rgb.x + 0.7151522 * rgb.y + 0.0721750 * rgb.z
        let z = (0.0193339 * rgb.x + 0.1191920 * rgb.y + 0.9503041 * rgb.z) / 1.08883
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// L\*a\*b\* → linear sRGB (not clamped: colours outside sRGB come out below 0 or above 1).
    @inline(__always)
    static func linear(fromLab lab: SIMD3<Float>) -> SIMD3<Float> {
        let fy = (lab.x + 16) / 116
        let x = inverse(fy + lab.y / 500) * 0.95047, y = inverse(fy), z = inverse(fy - lab.z / 200) * 1.08883
        return SIMD3(3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
                     -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
                     0.0556434 * x - 0.2040259 * y + 1.0572252 * z)
    }

    /// The CIE lightness function.
    @inline(__always)
    private static func f(_ t: Float) -> Float {
        t > 216.0 / 24389 ? cbrtf(t) : t * (24389.0 / 27 / 116) + 16.0 / 116
    }

    @inline(__always)
    private static func inverse(_ u: Float) -> Float {
        u > 6.0 / 29 ? u * u * u : (u - 16.0 / 116) * (27.0 * 116 / 24389)
    }
}
