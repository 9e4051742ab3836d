import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reconstruction filter for resampling. Its support widens with the downscale factor,
/// so shrinking averages every source pixel it covers (no aliasing).
public enum ResamplingFilter: String, Sendable, Hashable, CaseIterable {
    /// The nearest source pixel; no averaging, even when shrinking (pixel art, masks).
    case nearest
    /// Triangle (tent) filter, support 1: linear interpolation when enlarging.
    case bilinear
    /// Catmull-Rom cubic (Keys, a = −0.5), support 2: sharp, slight overshoot.
    case bicubic
    /// Mitchell–Netravali cubic (B = C = 1/3), support 2: softer, little ringing.
    case mitchell
    /// Lanczos windowed sinc, three lobes, support 3: the sharpest, the default.
    case lanczos3
    /// Box filter, support ½: an exact area average when shrinking by a whole factor.
    case box

    /// The filter's half-width at scale 1, in source pixels.
    public var support: Double {
        switch self {
        case .nearest, .box: 0.5
        case .bilinear: 1
        case .bicubic, .mitchell: 2
        case .lanczos3: 3
        }
    }

    /// The kernel value at distance `x` (in filter units).
    public func weight(_ x: Double) -> Double {
        let t = abs(x)
        switch self {
        case .nearest, .box:
            return x > -0.5 && x <= 0.5 ? 1 : 0
        case .bilinear:
            return t < 1 ? 1 - t : 0
        case .bicubic:
            return Self.cubic(t, b: 0, c: 0.5)
        case .mitchell:
            return Self.cubic(t, b: 1.0 / 3, c: 1.0 / 3)
        case .lanczos3:
            guard t < 3 else { return 0 }
            return Self.sinc(t) * Self.sinc(t / 3)
        }
    }

    /// The filter a `quality=` setting selects, as Core Graphics' interpolation quality does:
    /// none → nearest, low → bilinear, medium → bicubic, high → lanczos3.
    public init(quality: String) {
        switch quality {
        case "none": self = .nearest
        case "low": self = .bilinear
        case "medium": self = .bicubic
        default: self = .lanczos3
        }
    }

    /// The `quality=` settings, lowest first.
    public static let qualities = ["none", "low", "medium", "high"]

    private static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let px = Double.pi * x
        return sin(px) / px
    }

    /// Mitchell–Netravali's family of cubics; `t` is non-negative.
    private static func cubic(_ t: Double, b: Double, c: Double) -> Double {
        if t < 1 {
            return ((12 - 9 * b - 6 * c) * t * t * t + (-18 + 12 * b + 6 * c) * t * t + (6 - 2 * b)) / 6
        }
        if t < 2 {
            return ((-b - 6 * c) * t * t * t + (6 * b + 30 * c) * t * t + (-12 * b - 48 * c) * t + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}
