import NinepipeCore

/// A separable convolution of one plane of floats with a short kernel, edge values repeated,
/// on all cores. Every output value is summed in the same order (taps from the top-left) from
/// the same inputs wherever the plane is cut, so a window of rows gives the whole plane's
/// values for rows at least `radius` from the window's cut edges — what streaming needs.
enum PlaneConvolution {
    /// `plane` (`width × height` values, row by row) convolved with `weights` (`2r + 1`
    /// values, centre in the middle) along x, then along y.
    static func convolve(_ plane: [Float], width: Int, height: Int, weights: [Float], context: TransformContext) throws -> [Float] {
        let radius = weights.count / 2
        let taps = weights.count
        let across = try pass(plane, width: width, height: height, taps: taps, context: context) { input, output, y in
            let row = y * width
            for x in 0..<width {
                var sum: Float = 0
                for k in 0..<taps { sum += weights[k] * input[row + Swift.min(Swift.max(x + k - radius, 0), width - 1)] }
                output[row + x] = sum
            }
        }
        return try pass(across, width: width, height: height, taps: taps, context: context) { input, output, y in
            let row = output + y * width
            for k in 0..<taps {
                let source = input + Swift.min(Swift.max(y + k - radius, 0), height - 1) * width
                let weight = weights[k]
                if k == 0 {
                    for x in 0..<width { row[x] = weight * source[x] }
                } else {
                    for x in 0..<width { row[x] += weight * source[x] }
                }
            }
        }
    }

    /// A new plane whose every row `y` is written by `body(input, output, y)`, rows on all cores.
    private static func pass(
        _ plane: [Float], width: Int, height: Int, taps: Int, context: TransformContext,
        _ body: @escaping @Sendable (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void
    ) throws -> [Float] {
        try [Float](unsafeUninitializedCapacity: plane.count) { buffer, initialized in
            buffer.initialize(repeating: 0)
            initialized = plane.count
            guard let base = buffer.baseAddress else { return }
            let output = SendablePointer(base)
            try plane.withUnsafeBufferPointer { input in
                guard let inputBase = input.baseAddress else { return }
                let source = SendablePointer(UnsafeMutablePointer(mutating: inputBase))
                try context.concurrentBands(count: height, work: height * width * taps) { band, isCancelled in
                    for y in band {
                        if isCancelled() { return }
                        body(UnsafePointer(source.base), output.base, y)
                    }
                }
            }
        }
    }
}
