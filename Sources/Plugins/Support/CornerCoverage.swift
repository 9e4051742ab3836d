#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exact area of a pixel that lies inside a rounded corner, computed analytically
/// (no supersampling), so antialiased edges are smooth at any depth.
///
/// Coordinates are measured from the corner circle's centre towards the corner: `u` grows
/// towards the image's side edge and `v` towards its top or bottom edge. Points with `u ≤ 0` or
/// `v ≤ 0` are inside the shape; elsewhere, inside means `u² + v² ≤ r²`.
struct CornerCoverage: Sendable {
    /// The corner radius in pixels.
    let radius: Double

    /// The fraction (0…1) of the pixel `[u0, u1] × [v0, v1]` inside the shape.
    func coverage(u0: Double, u1: Double, v0: Double, v1: Double) -> Double {
        let area = (u1 - u0) * (v1 - v0)
        guard area > 0 else { return 1 }
        // Only the part with u > 0 and v > 0 can be outside.
        let a = max(u0, 0)
        let b = u1
        let c = max(v0, 0)
        let d = v1
        guard b > a, d > c else { return 1 }
        let outside = (b - a) * (d - c) - insideQuarterDisk(a: a, b: b, c: c, d: d)
        return min(max(1 - outside / area, 0), 1)
    }

    /// Area of `[a, b] × [c, d]` (all non-negative) inside the disk of radius r about the origin.
    private func insideQuarterDisk(a: Double, b: Double, c: Double, d: Double) -> Double {
        let r = radius
        guard c < r, a < r else { return 0 }
        // Where the arc's height equals d (above it the column is full) and c (beyond it, empty).
        let full = d >= r ? 0 : (r * r - d * d).squareRoot()
        let empty = (r * r - c * c).squareRoot()
        var area = 0.0
        let fullEnd = min(b, full)
        if fullEnd > a { area += (fullEnd - a) * (d - c) }
        let low = max(a, full)
        let high = min(b, empty)
        if high > low { area += arcIntegral(low, high) - c * (high - low) }
        return area
    }

    /// ∫ √(r² − u²) du from `low` to `high` (0 ≤ low ≤ high ≤ r).
    private func arcIntegral(_ low: Double, _ high: Double) -> Double {
        func antiderivative(_ u: Double) -> Double {
            let r = radius
            let clamped = min(u, r)
            return (clamped * (r * r - clamped * clamped).squareRoot() + r * r * asin(clamped / r)) / 2
        }
        return antiderivative(high) - antiderivative(low)
    }
}
