extension PathOutline {
    /// The part of the outline a vector drawable's `trimPathStart`, `trimPathEnd` and
    /// `trimPathOffset` leave, as Android draws it: the first contour alone is measured (its
    /// closing line included); from `(start + offset) mod 1` to `(end + offset) mod 1` of its
    /// length, wrapping past its end as two pieces. No trim when start is 0 and end is 1;
    /// nothing when they are equal.
    func trimmed(start: Double, end: Double, offset: Double) -> PathOutline {
        if start == 0 && end == 1 { return self }
        if start == end { return PathOutline() }
        let pieces = firstContourPieces()
        let total = pieces.reduce(0) { $0 + $1.length }
        guard total > 0 else { return PathOutline() }
        let from = total * (start + offset).truncatingRemainder(dividingBy: 1)
        let to = total * (end + offset).truncatingRemainder(dividingBy: 1)
        var result = PathOutline()
        if from > to {
            result.segments += Self.segment(pieces, from: from, to: total)
            if to > 0 { result.segments += Self.segment(pieces, from: 0, to: to) }
        } else {
            result.segments += Self.segment(pieces, from: from, to: to)
        }
        return result
    }

    /// A straight or cubic piece of a contour, with its length measured along a polyline.
    struct Piece {
        var points: [PathPoint]  // 2 for a line, 4 for a cubic
        /// Cumulative lengths at t = i / (count − 1).
        var table: [Double]
        var length: Double { table.last ?? 0 }

        init(_ points: [PathPoint]) {
            self.points = points
            if points.count == 2 {
                table = [0, (points[1] - points[0]).length]
                return
            }
            let steps = 24
            var lengths = [0.0]
            var previous = points[0]
            for step in 1...steps {
                let next = PathOutline.cubicPoint(points[0], points[1], points[2], points[3], Double(step) / Double(steps))
                lengths.append(lengths[lengths.count - 1] + (next - previous).length)
                previous = next
            }
            table = lengths
        }

        /// The curve parameter at `distance` along the piece.
        func parameter(at distance: Double) -> Double {
            guard length > 0 else { return 0 }
            let steps = table.count - 1
            var index = 1
            while index < steps, table[index] < distance { index += 1 }
            let span = table[index] - table[index - 1]
            let within = span > 0 ? (distance - table[index - 1]) / span : 0
            return (Double(index - 1) + min(1, max(0, within))) / Double(steps)
        }

        /// The part from `t0` to `t1`.
        func part(_ t0: Double, _ t1: Double) -> [PathPoint] {
            if points.count == 2 { return [points[0].mixed(with: points[1], t0), points[0].mixed(with: points[1], t1)] }
            let head = Self.split(points, at: t1).0
            guard t1 > 0 else { return [head[0], head[0], head[0], head[0]] }
            return Self.split(head, at: t0 / t1).1
        }

        /// A cubic curve cut in two at `t` (de Casteljau).
        static func split(_ p: [PathPoint], at t: Double) -> ([PathPoint], [PathPoint]) {
            let ab = p[0].mixed(with: p[1], t)
            let bc = p[1].mixed(with: p[2], t)
            let cd = p[2].mixed(with: p[3], t)
            let abc = ab.mixed(with: bc, t)
            let bcd = bc.mixed(with: cd, t)
            let middle = abc.mixed(with: bcd, t)
            return ([p[0], ab, abc, middle], [middle, bcd, cd, p[3]])
        }
    }

    /// The first contour as lines and cubic curves (quadratics raised, arcs converted, the
    /// closing line added when it has length).
    func firstContourPieces() -> [Piece] {
        var pieces: [Piece] = []
        var current = PathPoint(x: 0, y: 0)
        var start = current
        var begun = false
        for segment in withArcsAsCubics().segments {
            switch segment {
            case .move(let p):
                if begun { return pieces }
                begun = true
                (current, start) = (p, p)
                continue
            case .line(let p): pieces.append(Piece([current, p]))
            case .quad(let c, let p): pieces.append(Piece([current, current.mixed(with: c, 2.0 / 3), p.mixed(with: c, 2.0 / 3), p]))
            case .cubic(let c1, let c2, let p): pieces.append(Piece([current, c1, c2, p]))
            case .close:
                if current != start { pieces.append(Piece([current, start])) }
                current = start
                // A contour ends at its close; what follows is another one.
                return pieces
            case .arc: break
            }
            begun = true
            current = Self.end(of: segment, current: current, start: &start)
        }
        return pieces
    }

    /// The segments from distance `from` to `to` along `pieces`, starting with a move.
    static func segment(_ pieces: [Piece], from: Double, to: Double) -> [PathSegment] {
        var result: [PathSegment] = []
        var position = 0.0
        for piece in pieces {
            let pieceEnd = position + piece.length
            defer { position = pieceEnd }
            guard pieceEnd > from || (piece.length == 0 && pieceEnd == from), position < to else { continue }
            let t0 = from > position ? piece.parameter(at: from - position) : 0
            let t1 = to < pieceEnd ? piece.parameter(at: to - position) : 1
            let part = piece.part(t0, t1)
            if result.isEmpty { result.append(.move(part[0])) }
            result.append(part.count == 2 ? .line(part[1]) : .cubic(part[1], part[2], part[3]))
        }
        return result
    }
}
