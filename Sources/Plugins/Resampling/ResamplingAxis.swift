/// The filter weights for one axis of a resampling: for every output position, the first
/// source index it reads and `taps` normalised weights (zero-padded so every position reads
/// the same number of source pixels).
///
/// Source positions outside the image are clamped to the edge pixel (edge replication),
/// folded into the weight of that pixel.
struct ResamplingAxis: Sendable {
    /// Source pixels along the axis.
    let inputLength: Int
    /// Output pixels along the axis.
    let outputLength: Int
    /// Source pixels read per output pixel.
    let taps: Int
    /// The first source index each output pixel reads.
    let starts: [Int]
    /// `outputLength × taps` weights, summing to 1 per output pixel.
    let weights: [Float]
    /// Whether output pixel i is exactly source pixel i (nothing to compute).
    let isIdentity: Bool
    /// For a same-size symmetric filter (a blur): its weights at offsets 0…radius, which every
    /// output position at least `radius` from both ends uses; the kernel then adds mirrored
    /// pairs before multiplying (half the multiplications). `nil` for resampling.
    private(set) var symmetricWeights: [Float]?

    /// This axis, with its interior positions marked as using one symmetric kernel.
    ///
    /// - Precondition: the axis maps `inputLength` pixels onto as many with a kernel whose
    ///   weights are mirror images around the centre (as a Gaussian's are).
    func symmetric() -> ResamplingAxis {
        let radius = taps / 2
        guard taps % 2 == 1, inputLength == outputLength, inputLength > 2 * radius else { return self }
        var copy = self
        let centre = radius
        copy.symmetricWeights = (0...radius).map { weights[centre * taps + radius + $0] }
        return copy
    }

    /// Whether output position `index` reads the symmetric kernel centred on it.
    @inline(__always)
    func isSymmetricInterior(_ index: Int) -> Bool {
        let radius = taps / 2
        return index >= radius && index + radius < inputLength
    }

    /// Computes the weights that map the source span `origin ..< origin + length` (which may be
    /// fractional and may extend past the image) onto `outputLength` pixels.
    init(filter: ResamplingFilter, inputLength: Int, outputLength: Int, origin: Double, length: Double) {
        self.init(
            kernel: filter == .nearest ? nil : AxisKernel(support: filter.support, widensWhenShrinking: true, weight: filter.weight),
            inputLength: inputLength, outputLength: outputLength, origin: origin, length: length, skipsIdentity: true)
    }

    /// Computes the weights of `kernel` (`nil`: the nearest pixel) mapping the source span
    /// `origin ..< origin + length` onto `outputLength` pixels; `skipsIdentity: false` computes
    /// them even when the span is the whole axis at scale 1 (a blur).
    init(kernel: AxisKernel?, inputLength: Int, outputLength: Int, origin: Double, length: Double, skipsIdentity: Bool) {
        precondition(inputLength > 0 && outputLength > 0 && length > 0)
        self.inputLength = inputLength
        self.outputLength = outputLength
        let scale = length / Double(outputLength)
        if skipsIdentity, scale == 1, origin == 0, inputLength == outputLength {
            isIdentity = true
            taps = 1
            starts = Array(0..<outputLength)
            weights = Array(repeating: 1, count: outputLength)
            return
        }
        isIdentity = false
        let filterScale = kernel?.widensWhenShrinking == true ? Swift.max(scale, 1) : 1
        let support = (kernel?.support ?? 0) * filterScale
        var spans: [(start: Int, weights: [Double])] = []
        spans.reserveCapacity(outputLength)
        var widest = 1
        for index in 0..<outputLength {
            let center = origin + (Double(index) + 0.5) * scale
            let nearest = Swift.min(Swift.max(Int(center.rounded(.down)), 0), inputLength - 1)
            guard let kernel else {
                spans.append((nearest, [1]))
                continue
            }
            // Positions the filter reaches, then clamped into the image (edge pixels repeat).
            let first = Int((center - support - 0.5).rounded(.down))
            let last = Int((center + support - 0.5).rounded(.up))
            let low = Swift.min(Swift.max(first, 0), inputLength - 1)
            let high = Swift.min(Swift.max(last, 0), inputLength - 1)
            var row = [Double](repeating: 0, count: high - low + 1)
            var total = 0.0
            for position in first...last {
                let weight = kernel.weight((Double(position) + 0.5 - center) / filterScale)
                row[Swift.min(Swift.max(position, 0), inputLength - 1) - low] += weight
                total += weight
            }
            guard abs(total) > 1e-12 else {
                spans.append((nearest, [1]))
                continue
            }
            // Trim zero weights at both ends so the window is as narrow as the filter.
            let start = row.firstIndex { $0 != 0 } ?? 0
            let end = row.lastIndex { $0 != 0 } ?? 0
            spans.append((low + start, row[start...end].map { $0 / total }))
            widest = Swift.max(widest, end - start + 1)
        }
        taps = Swift.min(widest, inputLength)
        var starts: [Int] = []
        var weights = [Float](repeating: 0, count: outputLength * taps)
        starts.reserveCapacity(outputLength)
        for (index, span) in spans.enumerated() {
            let start = Swift.min(span.start, inputLength - taps)
            starts.append(start)
            for (offset, weight) in span.weights.enumerated() {
                weights[index * taps + span.start - start + offset] = Float(weight)
            }
        }
        self.starts = starts
        self.weights = weights
    }
}

/// A filter kernel for ``ResamplingAxis``: its weight at a distance in filter units, and how far
/// it reaches.
struct AxisKernel {
    /// The half-width at scale 1, in source pixels; weights beyond it are not evaluated.
    let support: Double
    /// Whether the kernel widens with the downscale factor (resampling filters do; a blur does not).
    let widensWhenShrinking: Bool
    /// The weight at distance `x` (not normalised: each output pixel's weights are divided by their sum).
    let weight: (Double) -> Double
}
