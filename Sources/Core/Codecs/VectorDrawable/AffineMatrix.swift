#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine map as SVG writes it, `matrix(a b c d e f)`: a point (x, y) goes to
/// (a·x + c·y + e, b·x + d·y + f).
struct AffineMatrix: Sendable, Hashable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    /// The identity.
    static let identity = AffineMatrix()

    static func translation(_ x: Double, _ y: Double) -> AffineMatrix { AffineMatrix(e: x, f: y) }
    static func scale(_ x: Double, _ y: Double) -> AffineMatrix { AffineMatrix(a: x, d: y) }
    /// A rotation by `degrees`, clockwise on a y-down canvas.
    static func rotation(_ degrees: Double) -> AffineMatrix {
        let radians = degrees * .pi / 180
        return AffineMatrix(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians))
    }

    /// This map after `inner`: `inner` applies first.
    func concatenating(_ inner: AffineMatrix) -> AffineMatrix {
        AffineMatrix(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    /// Where `point` goes.
    func apply(_ point: PathPoint) -> PathPoint { PathPoint(x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f) }
    /// Where a vector (a difference of points) goes.
    func applyLinear(_ point: PathPoint) -> PathPoint { PathPoint(x: a * point.x + c * point.y, y: b * point.x + d * point.y) }

    var determinant: Double { a * d - b * c }
    var isIdentity: Bool { self == .identity }

    /// The map that undoes this one, when there is one.
    var inverted: AffineMatrix? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return AffineMatrix(a: d / det, b: -b / det, c: -c / det, d: a / det, e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }

    /// How much it scales lengths when it scales them alike in every direction (a rotation,
    /// reflection, uniform scale and translation); `nil` when it stretches one way more than
    /// another by more than `tolerance` (relative).
    func uniformScale(tolerance: Double = 1e-3) -> Double? {
        let x = (a * a + b * b).squareRoot()
        let y = (c * c + d * d).squareRoot()
        let scale = (x + y) / 2
        guard scale > 0, abs(x - y) <= tolerance * scale, abs(a * c + b * d) <= tolerance * scale * scale else { return nil }
        return scale
    }

    /// The rotation it applies, in degrees (for arcs under a uniform map).
    var rotationDegrees: Double { atan2(b, a) * 180 / .pi }

    /// The linear part as rotation(`outer`) · scale(`scaleX`, `scaleY`) · rotation(`inner`), in
    /// degrees (a singular value decomposition; `scaleY` is negative for a map that mirrors).
    var decomposed: (outer: Double, scaleX: Double, scaleY: Double, inner: Double) {
        let e = (a + d) / 2
        let f = (a - d) / 2
        let g = (b + c) / 2
        let h = (b - c) / 2
        let q = (e * e + h * h).squareRoot()
        let r = (f * f + g * g).squareRoot()
        let a1 = atan2(g, f)
        let a2 = atan2(h, e)
        return ((a2 + a1) / 2 * 180 / .pi, q + r, q - r, (a2 - a1) / 2 * 180 / .pi)
    }
}

extension AffineMatrix {
    /// Parses an SVG `transform` list (`translate(1 2) rotate(45 12 12) matrix(…)`): the maps
    /// composed left to right; `nil` when it is not one.
    init?(svgTransform text: String) {
        self = .identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            if rest.isEmpty { return }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingWhitespace
            let arguments = rest[rest.index(after: open)..<close].split { $0.isWhitespace || $0 == "," }.map { Double($0) }
            guard arguments.allSatisfy({ $0?.isFinite == true }) else { return nil }
            let n = arguments.compactMap { $0 }
            let step: AffineMatrix
            switch (name, n.count) {
            case ("matrix", 6): step = AffineMatrix(a: n[0], b: n[1], c: n[2], d: n[3], e: n[4], f: n[5])
            case ("translate", 1): step = .translation(n[0], 0)
            case ("translate", 2): step = .translation(n[0], n[1])
            case ("scale", 1): step = .scale(n[0], n[0])
            case ("scale", 2): step = .scale(n[0], n[1])
            case ("rotate", 1): step = .rotation(n[0])
            case ("rotate", 3): step = AffineMatrix.translation(n[1], n[2]).concatenating(.rotation(n[0])).concatenating(.translation(-n[1], -n[2]))
            case ("skewX", 1): step = AffineMatrix(c: tan(n[0] * .pi / 180))
            case ("skewY", 1): step = AffineMatrix(b: tan(n[0] * .pi / 180))
            default: return nil
            }
            self = concatenating(step)
            rest = rest[rest.index(after: close)...]
        }
    }
}

extension Substring {
    /// The text without the characters `predicate` matches at either end.
    func trimmingCharacters(in predicate: (Character) -> Bool) -> Substring {
        var text = self
        while let first = text.first, predicate(first) { text = text.dropFirst() }
        while let last = text.last, predicate(last) { text = text.dropLast() }
        return text
    }
}
