#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point of a path.
struct PathPoint: Sendable, Hashable {
    var x: Double, y: Double

    static func + (lhs: PathPoint, rhs: PathPoint) -> PathPoint { PathPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: PathPoint, rhs: PathPoint) -> PathPoint { PathPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    static func * (lhs: PathPoint, rhs: Double) -> PathPoint { PathPoint(x: lhs.x * rhs, y: lhs.y * rhs) }
    /// The point a fraction `t` of the way to `other`.
    func mixed(with other: PathPoint, _ t: Double) -> PathPoint { self + (other - self) * t }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// One piece of an outline, in absolute coordinates.
enum PathSegment: Sendable, Hashable {
    case move(PathPoint)
    case line(PathPoint)
    case quad(PathPoint, PathPoint)
    case cubic(PathPoint, PathPoint, PathPoint)
    /// An elliptical arc as SVG writes it: radii, x-axis rotation (degrees), flags, end point.
    case arc(rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to: PathPoint)
    case close
}

/// An outline as absolute segments: SVG or vector drawable path data read with every shorthand
/// (`H V S T`, relative commands, implicit line-tos) spelled out, so it can be mapped by a
/// matrix, measured, trimmed and written back.
struct PathOutline: Sendable, Hashable {
    var segments: [PathSegment] = []

    init(segments: [PathSegment] = []) { self.segments = segments }

    /// Reads path data; throws as ``VectorPathData`` does.
    init(parsing text: String, maxCommands: Int = .max) throws(VectorPathError) {
        self.init(commands: try VectorPathData(parsing: text, maxCommands: maxCommands).commands)
    }

    /// The outline of parsed commands (numbers in complete sets, as ``VectorPathData`` checks).
    init(commands: [(letter: UInt8, numbers: [Double])]) {
        var current = PathPoint(x: 0, y: 0)
        var start = current
        // The control point a following S or T reflects, when the previous segment leaves one.
        var lastCubicControl: PathPoint?
        var lastQuadControl: PathPoint?
        for (letter, numbers) in commands {
            let relative = letter >= UInt8(ascii: "a")
            let kind = letter | 0x20
            func point(_ index: Int) -> PathPoint {
                let p = PathPoint(x: numbers[index], y: numbers[index + 1])
                return relative ? current + p : p
            }
            if kind == UInt8(ascii: "z") {
                segments.append(.close)
                current = start
                lastCubicControl = nil
                lastQuadControl = nil
                continue
            }
            let arity =
                kind == UInt8(ascii: "a")
                ? 7
                : kind == UInt8(ascii: "c")
                    ? 6 : kind == UInt8(ascii: "s") || kind == UInt8(ascii: "q") ? 4 : kind == UInt8(ascii: "h") || kind == UInt8(ascii: "v") ? 1 : 2
            var index = 0
            while index + arity <= numbers.count {
                var cubicControl: PathPoint?
                var quadControl: PathPoint?
                switch kind {
                case UInt8(ascii: "m"):
                    let p = point(index)
                    if index == 0 {
                        segments.append(.move(p))
                        start = p
                    } else {
                        segments.append(.line(p))
                    }
                    current = p
                case UInt8(ascii: "l"):
                    current = point(index)
                    segments.append(.line(current))
                case UInt8(ascii: "h"):
                    current = PathPoint(x: numbers[index] + (relative ? current.x : 0), y: current.y)
                    segments.append(.line(current))
                case UInt8(ascii: "v"):
                    current = PathPoint(x: current.x, y: numbers[index] + (relative ? current.y : 0))
                    segments.append(.line(current))
                case UInt8(ascii: "c"):
                    let (c1, c2, end) = (point(index), point(index + 2), point(index + 4))
                    segments.append(.cubic(c1, c2, end))
                    (cubicControl, current) = (c2, end)
                case UInt8(ascii: "s"):
                    let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
                    let (c2, end) = (point(index), point(index + 2))
                    segments.append(.cubic(c1, c2, end))
                    (cubicControl, current) = (c2, end)
                case UInt8(ascii: "q"):
                    let (c, end) = (point(index), point(index + 2))
                    segments.append(.quad(c, end))
                    (quadControl, current) = (c, end)
                case UInt8(ascii: "t"):
                    let c = lastQuadControl.map { current * 2 - $0 } ?? current
                    let end = point(index)
                    segments.append(.quad(c, end))
                    (quadControl, current) = (c, end)
                default:  // a
                    let end = point(index + 5)
                    let (rx, ry) = (abs(numbers[index]), abs(numbers[index + 1]))
                    if rx == 0 || ry == 0 {
                        segments.append(.line(end))
                    } else {
                        segments.append(
                            .arc(rx: rx, ry: ry, rotation: numbers[index + 2], large: numbers[index + 3] != 0, sweep: numbers[index + 4] != 0, to: end))
                    }
                    current = end
                }
                lastCubicControl = cubicControl
                lastQuadControl = quadControl
                index += arity
            }
        }
    }

    /// The outline mapped by `matrix`. Arcs stay arcs under a map that scales alike in every
    /// direction, and become cubic curves under any other.
    func transformed(by matrix: AffineMatrix) -> PathOutline {
        if matrix.isIdentity { return self }
        let uniform = matrix.uniformScale()
        let source = uniform == nil ? withArcsAsCubics() : self
        let flips = matrix.determinant < 0
        return PathOutline(
            segments: source.segments.map { segment in
                switch segment {
                case .move(let p): .move(matrix.apply(p))
                case .line(let p): .line(matrix.apply(p))
                case .quad(let c, let p): .quad(matrix.apply(c), matrix.apply(p))
                case .cubic(let c1, let c2, let p): .cubic(matrix.apply(c1), matrix.apply(c2), matrix.apply(p))
                case .arc(let rx, let ry, let rotation, let large, let sweep, let to):
                    .arc(
                        rx: rx * (uniform ?? 1), ry: ry * (uniform ?? 1), rotation: (flips ? -rotation : rotation) + matrix.rotationDegrees, large: large,
                        sweep: flips ? !sweep : sweep, to: matrix.apply(to))
                case .close: .close
                }
            })
    }

    /// The outline with every arc written as cubic curves (a quarter turn or less each).
    func withArcsAsCubics() -> PathOutline {
        var result: [PathSegment] = []
        result.reserveCapacity(segments.count)
        var current = PathPoint(x: 0, y: 0)
        var start = current
        for segment in segments {
            switch segment {
            case .arc(let rx, let ry, let rotation, let large, let sweep, let to):
                result += Self.cubics(from: current, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, to: to)
            default: result.append(segment)
            }
            current = Self.end(of: segment, current: current, start: &start)
        }
        return PathOutline(segments: result)
    }

    /// Where `segment` ends, starting from `current`; `start` tracks the subpath's start.
    static func end(of segment: PathSegment, current: PathPoint, start: inout PathPoint) -> PathPoint {
        switch segment {
        case .move(let p):
            start = p
            return p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p), .arc(_, _, _, _, _, let p): return p
        case .close: return start
        }
    }

    /// An SVG arc as cubic curves (SVG 1.1 F.6.5's centre parameterisation, radii enlarged when
    /// too small to reach).
    static func cubics(from p0: PathPoint, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to p1: PathPoint) -> [PathSegment] {
        if p0 == p1 { return [] }
        var (rx, ry) = (abs(rx), abs(ry))
        if rx == 0 || ry == 0 { return [.line(p1)] }
        let phi = rotation * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        let dx = (p0.x - p1.x) / 2
        let dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1)
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coefficient = denominator > 0 ? (numerator / denominator).squareRoot() : 0
        if large == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up) - 1e-9))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ t: Double) -> (PathPoint, PathPoint) {
            let (cosT, sinT) = (cos(t), sin(t))
            let point = PathPoint(x: cx + rx * cosT * cosPhi - ry * sinT * sinPhi, y: cy + rx * cosT * sinPhi + ry * sinT * cosPhi)
            let tangent = PathPoint(x: -rx * sinT * cosPhi - ry * cosT * sinPhi, y: -rx * sinT * sinPhi + ry * cosT * cosPhi)
            return (point, tangent)
        }
        var result: [PathSegment] = []
        var t = theta1
        var (from, fromTangent) = onEllipse(t)
        for piece in 0..<pieces {
            t += step
            var (to, toTangent) = onEllipse(t)
            if piece == pieces - 1 { to = p1 }
            result.append(.cubic(from + fromTangent * k, to - toTangent * k, to))
            (from, fromTangent) = (to, toTangent)
        }
        return result
    }

    /// The smallest box holding the outline (curves' extremes, not their control points), or
    /// `nil` for an empty outline.
    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ p: PathPoint) {
            guard let b = box else {
                box = (p.x, p.y, p.x, p.y)
                return
            }
            box = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
        }
        var current = PathPoint(x: 0, y: 0)
        var start = current
        for segment in withArcsAsCubics().segments {
            switch segment {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p):
                for t in Self.extremes(current.x, c.x, p.x) + Self.extremes(current.y, c.y, p.y) {
                    add(current.mixed(with: c, t).mixed(with: c.mixed(with: p, t), t))
                }
                add(p)
            case .cubic(let c1, let c2, let p):
                for t in Self.extremes(current.x, c1.x, c2.x, p.x) + Self.extremes(current.y, c1.y, c2.y, p.y) {
                    add(Self.cubicPoint(current, c1, c2, p, t))
                }
                add(p)
            case .arc, .close: break
            }
            if case .move = segment {} else if box == nil { add(current) }
            current = Self.end(of: segment, current: current, start: &start)
        }
        return box
    }

    /// The point at `t` of a cubic curve.
    static func cubicPoint(_ p0: PathPoint, _ c1: PathPoint, _ c2: PathPoint, _ p1: PathPoint, _ t: Double) -> PathPoint {
        let u = 1 - t
        return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
    }

    /// Where, strictly between 0 and 1, a quadratic curve's coordinate turns.
    private static func extremes(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return [] }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Where, strictly between 0 and 1, a cubic curve's coordinate turns.
    private static func extremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // The derivative, divided by 3: a·t² + b·t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// Whether every coordinate is finite and within `limit` of 0.
    func isWithin(_ limit: Double) -> Bool {
        func ok(_ p: PathPoint) -> Bool { abs(p.x) <= limit && abs(p.y) <= limit }
        return segments.allSatisfy { segment in
            switch segment {
            case .move(let p), .line(let p): ok(p)
            case .quad(let c, let p): ok(c) && ok(p)
            case .cubic(let c1, let c2, let p): ok(c1) && ok(c2) && ok(p)
            case .arc(let rx, let ry, let rotation, _, _, let p): ok(p) && rx <= limit && ry <= limit && abs(rotation) <= limit
            case .close: true
            }
        }
    }

    /// The outline as absolute path data, numbers rounded to `decimals` places.
    func pathData(decimals: Int) -> String {
        var out = ""
        out.reserveCapacity(segments.count * 24)
        func number(_ value: Double) -> String { DecimalText.text(value, decimals: decimals) }
        func point(_ p: PathPoint) -> String { number(p.x) + "," + number(p.y) }
        for segment in segments {
            if !out.isEmpty { out += " " }
            switch segment {
            case .move(let p): out += "M" + point(p)
            case .line(let p): out += "L" + point(p)
            case .quad(let c, let p): out += "Q" + point(c) + " " + point(p)
            case .cubic(let c1, let c2, let p): out += "C" + point(c1) + " " + point(c2) + " " + point(p)
            case .arc(let rx, let ry, let rotation, let large, let sweep, let to):
                out += "A" + number(rx) + "," + number(ry) + " " + number(rotation) + " " + (large ? "1" : "0") + "," + (sweep ? "1" : "0") + " " + point(to)
            case .close: out += "Z"
            }
        }
        return out
    }
}
