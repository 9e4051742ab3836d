/// How one axis of a nine-patch is laid out at a new length: the source segments (fixed or
/// stretchable, in order) and the length each gets in the output.
///
/// Android/Skia rules: fixed segments keep their length and the extra space is shared among the
/// stretch segments in proportion to their source lengths; when the output is shorter than the
/// fixed segments together, stretch segments collapse to zero and fixed segments shrink
/// uniformly. Boundaries are rounded from exact positions, so the lengths always add up.
struct NinePatchAxis: Sendable, Hashable {
    /// One run of source pixels.
    struct Segment: Sendable, Hashable {
        /// First source pixel.
        var start: Int
        /// Source length (at least 1).
        var length: Int
        /// Whether it stretches.
        var stretches: Bool
        /// Output start.
        var outputStart: Int
        /// Output length (may be 0).
        var outputLength: Int
    }

    /// The segments, in order, covering the whole source axis.
    let segments: [Segment]

    /// Lays out an axis of `length` source pixels with stretch `divs` (start/end pairs) at `output` pixels.
    ///
    /// An axis without divs stretches as a whole.
    init(divs: [Int32], length: Int, output: Int) {
        var bounds: [(Int, Int, Bool)] = []
        var position = 0
        var index = 0
        let pairs = divs.isEmpty ? [0, Int32(length)] : divs
        while index + 1 < pairs.count {
            let start = Swift.min(Swift.max(Int(pairs[index]), position), length)
            let end = Swift.min(Swift.max(Int(pairs[index + 1]), start), length)
            if start > position { bounds.append((position, start - position, false)) }
            if end > start { bounds.append((start, end - start, true)) }
            position = end
            index += 2
        }
        if position < length { bounds.append((position, length - position, false)) }
        let fixed = bounds.filter { !$0.2 }.reduce(0) { $0 + $1.1 }
        let stretch = bounds.filter { $0.2 }.reduce(0) { $0 + $1.1 }
        // Exact output length of each segment, then boundaries rounded from the running sum.
        let exact: [Double] = bounds.map { segment in
            if output >= fixed {
                return segment.2 ? (stretch > 0 ? Double(output - fixed) * Double(segment.1) / Double(stretch) : 0) : Double(segment.1)
            }
            return segment.2 ? 0 : Double(segment.1) * Double(output) / Double(Swift.max(fixed, 1))
        }
        var segments: [Segment] = []
        var sum = 0.0
        var outputPosition = 0
        for (segment, size) in zip(bounds, exact) {
            sum += size
            let end = Swift.min(output, Int(sum.rounded()))
            segments.append(
                Segment(
                    start: segment.0, length: segment.1, stretches: segment.2,
                    outputStart: outputPosition, outputLength: Swift.max(0, end - outputPosition)))
            outputPosition = Swift.max(outputPosition, end)
        }
        // Fixed segments with no stretch segment to absorb the remainder: give it to the last one.
        if let last = segments.indices.last, outputPosition < output {
            segments[last].outputLength += output - outputPosition
        }
        self.segments = segments
    }

    /// Where source coordinate `x` (a segment boundary or any position) lands in the output.
    func map(_ x: Double) -> Int {
        for segment in segments where x <= Double(segment.start + segment.length) {
            let fraction = (x - Double(segment.start)) / Double(segment.length)
            return segment.outputStart + Int((fraction * Double(segment.outputLength)).rounded())
        }
        return segments.last.map { $0.outputStart + $0.outputLength } ?? 0
    }
}
