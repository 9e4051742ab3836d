// Reading the guides of a source nine-patch's 1-pixel frame, pixel by pixel, as aapt does.

/// Reads the four frame edges of a source nine-patch.
struct NinePatchGuides {
    enum Edge: String { case top, left, bottom, right }
    enum Tick { case none, black, red }

    let rgba: RGBAView
    let transparent: Bool

    /// The frame pixel at position `i` (1 … length − 2) along `edge`.
    func pixel(_ edge: Edge, _ i: Int) -> (x: Int, y: Int) {
        switch edge {
        case .top: (i, 0)
        case .left: (0, i)
        case .bottom: (i, rgba.height - 1)
        case .right: (rgba.width - 1, i)
        }
    }

    func length(_ edge: Edge) -> Int { edge == .top || edge == .bottom ? rgba.width : rgba.height }

    /// What the frame pixel at `i` along `edge` marks, or an error naming it.
    func tick(_ edge: Edge, _ i: Int) throws(NinePatchFrameError) -> Tick {
        let (x, y) = pixel(edge, i)
        let color = rgba[x, y]
        if color == Color(red: 0, green: 0, blue: 0) { return .black }
        if color == Color(red: 255, green: 0, blue: 0) { return .red }
        if transparent && color.alpha == 0 { return .none }
        if !transparent && color == .white { return .none }
        let rule =
            transparent
            ? "frame pixels must be fully transparent, black or red"
            : "in a white frame, pixels must be opaque white, black or red"
        throw NinePatchFrameError("pixel (\(x), \(y)) on the \(edge.rawValue) edge is \(color); \(rule)")
    }

    /// Black runs along `edge` as frameless half-open pairs; with `multiple` false, a second run is an error.
    func runs(_ edge: Edge, multiple: Bool) throws(NinePatchFrameError) -> [Int32] {
        var runs: [Int32] = []
        var inside = false
        for i in 1..<(length(edge) - 1) {
            let isBlack = try tick(edge, i) == .black
            if isBlack && !inside {
                if !multiple && !runs.isEmpty {
                    let (x, y) = pixel(edge, i)
                    throw NinePatchFrameError(
                        "the \(edge.rawValue) edge has a second content-padding run at pixel (\(x), \(y)); mark at most one padding run per edge")
                }
                runs.append(Int32(i - 1))
                inside = true
            } else if !isBlack && inside {
                runs.append(Int32(i - 1))
                inside = false
            }
        }
        if inside { runs.append(Int32(length(edge) - 2)) }
        return runs
    }

    /// Red runs touching the ends of the bottom and right edges (aapt's optical layout bounds).
    ///
    /// Counted as aapt does: from the near end up to the whole edge, from the far end never
    /// onto the first frame pixel. So a red run over the whole edge of a picture `n` pixels
    /// long reads as `n` from the start and `n − 1` from the end (aapt 1's loops; Android's
    /// framework resources hold chunks made that way).
    func layoutBounds() -> NinePatchInsets {
        func count(_ edge: Edge, from start: Int, step: Int) -> Int32 {
            let lowest = step > 0 ? 1 : 2
            var n: Int32 = 0
            var i = start
            while i >= lowest && i <= length(edge) - 2, (try? tick(edge, i)) == .red {
                n += 1
                i += step
            }
            return n
        }
        return NinePatchInsets(
            top: count(.right, from: 1, step: 1), left: count(.bottom, from: 1, step: 1),
            bottom: count(.right, from: length(.right) - 2, step: -1), right: count(.bottom, from: length(.bottom) - 2, step: -1))
    }
}
