import NinepipeCore

/// The inner loops of a resampling: one tile of output (a band of rows × a strip of columns)
/// computed from the source with a ring of horizontally filtered rows.
///
/// Pixels travel as `SIMD4<Float>` (channels in lanes, unused lanes zero): a source row is
/// converted once (linearised and premultiplied when asked), filtered horizontally into the
/// ring, and each output row is the weighted sum of `vertical.taps` ring rows. Memory per tile
/// is `vertical.taps × strip width` pixels, whatever the image size.
///
/// This is the one place in the plugins that uses unsafe pointers: every index below is
/// derived from the axes' `starts`/`taps`, which `ResamplingAxis` keeps inside the image.
struct ResamplingKernel: Sendable {
    let horizontal: ResamplingAxis
    let vertical: ResamplingAxis
    /// Samples per pixel (1…4).
    let channels: Int
    /// Whether the last channel is alpha.
    let hasAlpha: Bool
    /// Straight alpha in and out: premultiply while filtering, divide again when storing.
    let premultiply: Bool
    /// Premultiplied in and out: clamp colour to alpha when storing.
    let clampColorToAlpha: Bool
    /// Filter in linear light (colour channels decoded from sRGB, re-encoded when storing).
    let linearLight: Bool

    /// Source pixel range (columns) a strip of output columns reads.
    func sourceColumns(for columns: Range<Int>) -> Range<Int> {
        var low = Int.max, high = 0
        for x in columns {
            low = min(low, horizontal.starts[x])
            high = max(high, horizontal.starts[x] + horizontal.taps)
        }
        return low..<high
    }

    /// Whether filtering columns first does less arithmetic: true when shrinking vertically
    /// (fewer output rows than source rows), as long as its ring of source rows is small.
    ///
    /// Vertical-first sums whole source rows as plain floats (every lane useful), then filters
    /// one row per output row horizontally; horizontal-first filters every source row it reads.
    var prefersVerticalFirst: Bool {
        let sourceColumns = horizontal.starts.last.map { $0 + horizontal.taps - (horizontal.starts.first ?? 0) } ?? 0
        let sourceRows = vertical.starts.last.map { $0 + vertical.taps - (vertical.starts.first ?? 0) } ?? 0
        guard vertical.taps * sourceColumns * channels <= 16 << 20 else { return false }
        let outputPixels = Double(horizontal.outputLength * vertical.outputLength)
        let horizontalFirst = Double(sourceRows * horizontal.outputLength * horizontal.taps) + outputPixels * Double(vertical.taps)
        let verticalFirst = Double(vertical.outputLength * sourceColumns * channels * vertical.taps) / 4
            + outputPixels * Double(horizontal.taps)
        return verticalFirst < horizontalFirst
    }

    /// Computes output rows `rows`, columns `columns`.
    func run<S: FixedWidthInteger & UnsignedInteger>(
        source: UnsafePointer<S>, sourceWidth: Int, output: UnsafeMutablePointer<S>, outputWidth: Int,
        rows: Range<Int>, columns: Range<Int>, isCancelled: () -> Bool
    ) {
        if prefersVerticalFirst {
            return runVerticalFirst(source: source, sourceWidth: sourceWidth, output: output, outputWidth: outputWidth,
                                    rows: rows, columns: columns, isCancelled: isCancelled)
        }
        let maxValue = Float(S.max)
        let colorLanes = hasAlpha ? channels - 1 : channels  // the lanes premultiplication scales
        let colorMask = SIMD4<Float>((0..<4).map { $0 < colorLanes ? 1 : 0 })
        let decode: [Float] = linearLight ? (S.bitWidth == 8 ? SRGBTransfer.decode8 : SRGBTransfer.decode16) : []
        let sourceRange = sourceColumns(for: columns)
        let stripWidth = columns.count
        let ringRows = vertical.taps
        let ring = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: ringRows * stripWidth)
        // One source row as plain floats, channels interleaved, plus a pixel of zero padding so
        // four-lane loads at the last pixel stay inside the buffer.
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: sourceRange.count * channels + 4)
        scratch.initialize(repeating: 0, count: sourceRange.count * channels + 4)
        let accumulator = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: stripWidth)
        defer { ring.deallocate(); scratch.deallocate(); accumulator.deallocate() }
        var ringSourceRow = [Int](repeating: -1, count: ringRows)

        horizontal.weights.withUnsafeBufferPointer { hWeights in
        horizontal.starts.withUnsafeBufferPointer { hStarts in
        decode.withUnsafeBufferPointer { decode in
            for y in rows {
                if isCancelled() { return }
                let firstRow = vertical.starts[y]
                // Fill the ring with the horizontally filtered source rows this output row reads.
                for k in 0..<ringRows {
                    let sourceRow = firstRow + k
                    let slot = sourceRow % ringRows
                    guard ringSourceRow[slot] != sourceRow else { continue }
                    ringSourceRow[slot] = sourceRow
                    let line = source + (sourceRow * sourceWidth + sourceRange.lowerBound) * channels
                    convert(line, count: sourceRange.count, into: scratch, colorMask: colorMask, maxValue: maxValue,
                            decode: decode)
                    filterRow(scratch, offset: sourceRange.lowerBound, columns: columns, starts: hStarts, weights: hWeights,
                              into: ring + slot * stripWidth)
                }
                // Weighted sum of the ring rows, a few rows per sweep so sums stay in registers.
                var k = 0
                while k < ringRows {
                    let n = Swift.min(4, ringRows - k)
                    let r0 = ring + ((firstRow + k) % ringRows) * stripWidth
                    let r1 = ring + ((firstRow + k + Swift.min(1, n - 1)) % ringRows) * stripWidth
                    let r2 = ring + ((firstRow + k + Swift.min(2, n - 1)) % ringRows) * stripWidth
                    let r3 = ring + ((firstRow + k + Swift.min(3, n - 1)) % ringRows) * stripWidth
                    let w0 = vertical.weights[y * ringRows + k]
                    let w1 = n > 1 ? vertical.weights[y * ringRows + k + 1] : 0
                    let w2 = n > 2 ? vertical.weights[y * ringRows + k + 2] : 0
                    let w3 = n > 3 ? vertical.weights[y * ringRows + k + 3] : 0
                    if k == 0 {
                        for x in 0..<stripWidth { accumulator[x] = r0[x] * w0 + r1[x] * w1 + (r2[x] * w2 + r3[x] * w3) }
                    } else {
                        for x in 0..<stripWidth { accumulator[x] += r0[x] * w0 + r1[x] * w1 + (r2[x] * w2 + r3[x] * w3) }
                    }
                    k += n
                }
                store(accumulator, count: stripWidth, into: output + (y * outputWidth + columns.lowerBound) * channels,
                      colorMask: colorMask, maxValue: maxValue)
            }
        }
        }
        }
    }

    /// The vertical-first order: a ring of converted source rows, summed vertically as plain
    /// floats into one row, which is then filtered horizontally into the output row.
    private func runVerticalFirst<S: FixedWidthInteger & UnsignedInteger>(
        source: UnsafePointer<S>, sourceWidth: Int, output: UnsafeMutablePointer<S>, outputWidth: Int,
        rows: Range<Int>, columns: Range<Int>, isCancelled: () -> Bool
    ) {
        let maxValue = Float(S.max)
        let colorLanes = hasAlpha ? channels - 1 : channels
        let colorMask = SIMD4<Float>((0..<4).map { $0 < colorLanes ? 1 : 0 })
        let decode: [Float] = linearLight ? (S.bitWidth == 8 ? SRGBTransfer.decode8 : SRGBTransfer.decode16) : []
        let sourceRange = sourceColumns(for: columns)
        let rowFloats = sourceRange.count * channels
        // Rounded up to whole four-float groups, plus one group of zero padding for the last pixel's loads.
        let stride = (rowFloats + 3) / 4 * 4 + 4
        let ringRows = vertical.taps
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: ringRows * stride)
        ring.initialize(repeating: 0, count: ringRows * stride)
        let summed = UnsafeMutablePointer<Float>.allocate(capacity: stride)
        summed.initialize(repeating: 0, count: stride)
        let accumulator = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: columns.count)
        defer { ring.deallocate(); summed.deallocate(); accumulator.deallocate() }
        var ringSourceRow = [Int](repeating: -1, count: ringRows)
        let groups = stride / 4 - 1

        horizontal.weights.withUnsafeBufferPointer { hWeights in
        horizontal.starts.withUnsafeBufferPointer { hStarts in
        decode.withUnsafeBufferPointer { decode in
            for y in rows {
                if isCancelled() { return }
                let firstRow = vertical.starts[y]
                for k in 0..<ringRows {
                    let sourceRow = firstRow + k
                    let slot = sourceRow % ringRows
                    guard ringSourceRow[slot] != sourceRow else { continue }
                    ringSourceRow[slot] = sourceRow
                    convert(source + (sourceRow * sourceWidth + sourceRange.lowerBound) * channels, count: sourceRange.count,
                            into: ring + slot * stride, colorMask: colorMask, maxValue: maxValue, decode: decode)
                }
                // Weighted sum of the ring rows, four rows per sweep, four floats at a time.
                let sum = UnsafeMutableRawPointer(summed).assumingMemoryBound(to: SIMD4<Float>.self)
                var k = 0
                while k < ringRows {
                    let n = Swift.min(4, ringRows - k)
                    func group(_ offset: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
                        let row = ring + ((firstRow + k + Swift.min(offset, n - 1)) % ringRows) * stride
                        return UnsafeMutableRawPointer(row).assumingMemoryBound(to: SIMD4<Float>.self)
                    }
                    let r0 = group(0), r1 = group(1), r2 = group(2), r3 = group(3)
                    let w0 = vertical.weights[y * ringRows + k]
                    let w1 = n > 1 ? vertical.weights[y * ringRows + k + 1] : 0
                    let w2 = n > 2 ? vertical.weights[y * ringRows + k + 2] : 0
                    let w3 = n > 3 ? vertical.weights[y * ringRows + k + 3] : 0
                    if k == 0 {
                        for g in 0..<groups { sum[g] = r0[g] * w0 + r1[g] * w1 + (r2[g] * w2 + r3[g] * w3) }
                    } else {
                        for g in 0..<groups { sum[g] += r0[g] * w0 + r1[g] * w1 + (r2[g] * w2 + r3[g] * w3) }
                    }
                    k += n
                }
                filterRow(summed, offset: sourceRange.lowerBound, columns: columns, starts: hStarts, weights: hWeights,
                          into: accumulator)
                store(accumulator, count: columns.count, into: output + (y * outputWidth + columns.lowerBound) * channels,
                      colorMask: colorMask, maxValue: maxValue)
            }
        }
        }
        }
    }

    /// Source samples → floats (same interleaving), decoded to linear light and premultiplied when asked.
    @inline(__always)
    private func convert<S: FixedWidthInteger & UnsignedInteger>(
        _ line: UnsafePointer<S>, count: Int, into floats: UnsafeMutablePointer<Float>,
        colorMask: SIMD4<Float>, maxValue: Float, decode: UnsafeBufferPointer<Float>
    ) {
        let samples = count * channels
        // A plain widening loop: the compiler vectorises it.
        for i in 0..<samples { floats[i] = Float(Int32(truncatingIfNeeded: line[i])) }
        if !decode.isEmpty {
            let lanes = hasAlpha ? channels - 1 : channels
            for pixel in 0..<count {
                for lane in 0..<lanes { floats[pixel * channels + lane] = decode[Int(line[pixel * channels + lane])] }
            }
        }
        if premultiply {
            let alphaLane = channels - 1, inverseMax = 1 / maxValue
            for pixel in 0..<count {
                let base = floats + pixel * channels
                let alpha = base[alphaLane] * inverseMax
                for lane in 0..<alphaLane { base[lane] *= alpha }
            }
        }
    }

    /// One horizontally filtered row: output columns `columns` from the float samples of source
    /// pixels starting at column `offset`.
    ///
    /// Each tap loads four floats at the pixel's first sample: the pixel's channels plus, for
    /// fewer than four channels, samples of the next pixel. Those extra lanes are filtered along
    /// and ignored when storing.
    @inline(__always)
    private func filterRow(_ floats: UnsafeMutablePointer<Float>, offset: Int, columns: Range<Int>,
                           starts: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Float>,
                           into row: UnsafeMutablePointer<SIMD4<Float>>) {
        let taps = horizontal.taps
        let stride = channels * MemoryLayout<Float>.stride
        for (index, x) in columns.enumerated() {
            let first = UnsafeRawPointer(floats + (starts[x] - offset) * channels)
            let w = weights.baseAddress! + x * taps
            // Four accumulators keep four independent add chains in flight.
            var s0 = SIMD4<Float>.zero, s1 = SIMD4<Float>.zero, s2 = SIMD4<Float>.zero, s3 = SIMD4<Float>.zero
            var k = 0
            while k + 3 < taps {
                s0 += first.loadUnaligned(fromByteOffset: k * stride, as: SIMD4<Float>.self) * w[k]
                s1 += first.loadUnaligned(fromByteOffset: (k + 1) * stride, as: SIMD4<Float>.self) * w[k + 1]
                s2 += first.loadUnaligned(fromByteOffset: (k + 2) * stride, as: SIMD4<Float>.self) * w[k + 2]
                s3 += first.loadUnaligned(fromByteOffset: (k + 3) * stride, as: SIMD4<Float>.self) * w[k + 3]
                k += 4
            }
            while k < taps {
                s0 += first.loadUnaligned(fromByteOffset: k * stride, as: SIMD4<Float>.self) * w[k]
                k += 1
            }
            row[index] = (s0 + s1) + (s2 + s3)
        }
    }

    /// Float pixels → samples: undo premultiplication, re-encode linear light, clamp and round.
    @inline(__always)
    private func store<S: FixedWidthInteger & UnsignedInteger>(
        _ pixels: UnsafeMutablePointer<SIMD4<Float>>, count: Int, into line: UnsafeMutablePointer<S>,
        colorMask: SIMD4<Float>, maxValue: Float
    ) {
        let alphaLane = channels - 1
        if premultiply {
            let keep = 1 - colorMask
            for i in 0..<count {
                let alpha = pixels[i][alphaLane]
                pixels[i] = alpha < 0.5 ? .zero : pixels[i] * (colorMask * (maxValue / alpha) + keep)
            }
        }
        let top = SIMD4<Float>(repeating: maxValue)
        if linearLight {
            let lanes = hasAlpha ? channels - 1 : channels
            for i in 0..<count {
                var pixel = pixels[i].clamped(lowerBound: .zero, upperBound: top)
                for lane in 0..<lanes { pixel[lane] = Self.encode(pixel[lane], maxValue: maxValue) }
                pixels[i] = pixel
            }
        }
        if clampColorToAlpha {
            for i in 0..<count { pixels[i] = pointwiseMin(pixels[i], SIMD4(repeating: pixels[i][alphaLane])) }
        }
        // Float → integer without a checked conversion per sample: adding 1.5 × 2²³ to a value in
        // 0…65535 leaves it, rounded to nearest, in the low mantissa bits.
        let integers = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: SIMD4<UInt32>.self)
        for i in 0..<count {
            let shifted = pixels[i].clamped(lowerBound: .zero, upperBound: top) + 12_582_912
            integers[i] = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0xFFFF
        }
        switch channels {
        case 1: for i in 0..<count { line[i] = S(truncatingIfNeeded: integers[i][0]) }
        case 2:
            for i in 0..<count {
                let v = integers[i], p = line + 2 * i
                p[0] = S(truncatingIfNeeded: v[0]); p[1] = S(truncatingIfNeeded: v[1])
            }
        case 3:
            for i in 0..<count {
                let v = integers[i], p = line + 3 * i
                p[0] = S(truncatingIfNeeded: v[0]); p[1] = S(truncatingIfNeeded: v[1]); p[2] = S(truncatingIfNeeded: v[2])
            }
        default:
            for i in 0..<count {
                let v = integers[i], p = line + 4 * i
                p[0] = S(truncatingIfNeeded: v[0]); p[1] = S(truncatingIfNeeded: v[1])
                p[2] = S(truncatingIfNeeded: v[2]); p[3] = S(truncatingIfNeeded: v[3])
            }
        }
    }

    /// Linear value (0…max) → sRGB-encoded value (0…max).
    @inline(__always)
    private static func encode(_ value: Float, maxValue: Float) -> Float {
        if maxValue == 255 {
            return SRGBTransfer.encode8[Int(value * (65535 / 255) + 0.5)]
        }
        return Float(SRGBTransfer.encoded(Double(value / maxValue)) * Double(maxValue))
    }
}
