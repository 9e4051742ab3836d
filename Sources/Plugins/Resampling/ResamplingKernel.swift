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
        var low = Int.max
        var high = 0
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
        let verticalFirst =
            Double(vertical.outputLength * sourceColumns * channels * vertical.taps) / 4
            + outputPixels * Double(horizontal.taps)
        return verticalFirst < horizontalFirst
    }

    /// Computes output rows `rows`, columns `columns`, in whichever order does less work (see
    /// ``ResamplingStrip``), reading the whole source image.
    func run<S: FixedWidthInteger & UnsignedInteger>(
        source: UnsafePointer<S>, sourceWidth: Int, output: UnsafeMutablePointer<S>, outputWidth: Int,
        rows: Range<Int>, columns: Range<Int>, isCancelled: () -> Bool
    ) {
        let strip = ResamplingStrip<S>(kernel: self, columns: columns)
        let rowSamples = sourceWidth * channels
        for y in rows {
            if isCancelled() { return }
            strip.produce(row: y, into: output + (y * outputWidth + columns.lowerBound) * channels) { source + $0 * rowSamples }
        }
    }

    /// Output row `y` of the columns of `strip`, into `destination` (its first column), loading
    /// the source rows the ring lacks through `sourceRow` (a pointer to a row's first sample).
    ///
    /// Horizontal-first: the ring holds horizontally filtered source rows (one four-lane group
    /// per output column); each output row is their weighted sum. Vertical-first: the ring holds
    /// converted source rows as plain floats viewed four at a time; their weighted sum is one
    /// row of floats, filtered horizontally into the output row.
    @_specialize(where S == UInt8)
    @_specialize(where S == UInt16)
    func produce<S: FixedWidthInteger & UnsignedInteger>(
        row y: Int, strip: ResamplingStrip<S>, into destination: UnsafeMutablePointer<S>,
        sourceRow: (Int) -> UnsafePointer<S>
    ) {
        let maxValue = Float(S.max)
        let colorMask = strip.colorMask
        let ringRows = vertical.taps
        let groups = strip.groups
        let columns = strip.columns
        let sourceRange = strip.sourceRange
        let ring = strip.ring
        let scratch = strip.scratch
        let summed = strip.summed
        let accumulator = strip.accumulator
        func floats(_ groups: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafeMutablePointer<Float> {
            UnsafeMutableRawPointer(groups).assumingMemoryBound(to: Float.self)
        }
        horizontal.weights.withUnsafeBufferPointer { hWeights in
            horizontal.starts.withUnsafeBufferPointer { hStarts in
                strip.decode.withUnsafeBufferPointer { decode in
                    let firstRow = vertical.starts[y]
                    for k in 0..<ringRows {
                        let row = firstRow + k
                        let slot = row % ringRows
                        guard strip.ringSourceRow[slot] != row else { continue }
                        strip.ringSourceRow[slot] = row
                        let line = sourceRow(row) + sourceRange.lowerBound * channels
                        if strip.verticalFirst {
                            convert(
                                line, count: sourceRange.count, into: floats(ring + slot * groups), colorMask: colorMask,
                                maxValue: maxValue, decode: decode)
                        } else {
                            convert(
                                line, count: sourceRange.count, into: floats(scratch), colorMask: colorMask,
                                maxValue: maxValue, decode: decode)
                            filterRow(
                                floats(scratch), offset: sourceRange.lowerBound, columns: columns, starts: hStarts,
                                weights: hWeights, into: ring + slot * groups)
                        }
                    }
                    sumRing(ring, groups: groups, outputRow: y, into: summed)
                    if strip.verticalFirst {
                        filterRow(
                            floats(summed), offset: sourceRange.lowerBound, columns: columns, starts: hStarts,
                            weights: hWeights, into: accumulator, flatScratch: floats(scratch))
                        store(accumulator, count: columns.count, into: destination, colorMask: colorMask, maxValue: maxValue)
                    } else {
                        store(summed, count: columns.count, into: destination, colorMask: colorMask, maxValue: maxValue)
                    }
                }
            }
        }
    }

    /// The weighted sum of the ring rows output row `y` reads (`groups` four-lane groups each),
    /// four rows per sweep so partial sums stay in registers.
    @inline(__always)
    private func sumRing(
        _ ring: UnsafeMutablePointer<SIMD4<Float>>, groups: Int, outputRow y: Int,
        into sum: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let ringRows = vertical.taps
        let firstRow = vertical.starts[y]
        if let half = vertical.symmetricWeights, vertical.isSymmetricInterior(y) {
            // Mirrored rows added first: w0·r(y) + Σ wk·(r(y−k) + r(y+k)), up to three pairs per
            // sweep so the partial sums are read and written fewer times. Missing pairs of the
            // last sweep repeat the centre row with weight 0.
            func row(_ offset: Int) -> UnsafeMutablePointer<SIMD4<Float>> { ring + ((y + offset) % ringRows) * groups }
            let centre = row(0)
            let pairs = half.count - 1
            var k = 1
            repeat {
                let n = Swift.min(3, pairs - k + 1)
                func pair(_ i: Int) -> (UnsafeMutablePointer<SIMD4<Float>>, UnsafeMutablePointer<SIMD4<Float>>, Float) {
                    i < n ? (row(-k - i), row(k + i), half[k + i]) : (centre, centre, 0)
                }
                let (a0, b0, w0) = pair(0)
                let (a1, b1, w1) = pair(1)
                let (a2, b2, w2) = pair(2)
                if k == 1 {
                    let wc = half[0]
                    for g in 0..<groups {
                        sum[g] = centre[g] * wc + (a0[g] + b0[g]) * w0 + ((a1[g] + b1[g]) * w1 + (a2[g] + b2[g]) * w2)
                    }
                } else {
                    for g in 0..<groups { sum[g] += (a0[g] + b0[g]) * w0 + ((a1[g] + b1[g]) * w1 + (a2[g] + b2[g]) * w2) }
                }
                k += Swift.max(n, 1)
            } while k <= pairs
            return
        }
        var k = 0
        while k < ringRows {
            let n = Swift.min(4, ringRows - k)
            // Past the last row, repeat it with weight 0.
            func row(_ offset: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
                ring + ((firstRow + k + Swift.min(offset, n - 1)) % ringRows) * groups
            }
            func weight(_ offset: Int) -> Float { offset < n ? vertical.weights[y * ringRows + k + offset] : 0 }
            let r0 = row(0)
            let r1 = row(1)
            let r2 = row(2)
            let r3 = row(3)
            let w0 = weight(0)
            let w1 = weight(1)
            let w2 = weight(2)
            let w3 = weight(3)
            if k == 0 {
                for g in 0..<groups { sum[g] = r0[g] * w0 + r1[g] * w1 + (r2[g] * w2 + r3[g] * w3) }
            } else {
                for g in 0..<groups { sum[g] += r0[g] * w0 + r1[g] * w1 + (r2[g] * w2 + r3[g] * w3) }
            }
            k += n
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
            let alphaLane = channels - 1
            let inverseMax = 1 / maxValue
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
    ///
    /// With `flatScratch` (room for the row's floats plus four) and a symmetric kernel, pixels
    /// of fewer than four channels in the interior are filtered as a flat run of floats instead:
    /// float i of the output is the weighted sum of floats i ± k·channels, four outputs per
    /// vector, so no lane is wasted (a third more work per vector for RGB, four times for gray);
    /// each pixel's lanes are then copied into `row`. The arithmetic per value is the same.
    @inline(__always)
    private func filterRow(
        _ floats: UnsafeMutablePointer<Float>, offset: Int, columns: Range<Int>,
        starts: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Float>,
        into row: UnsafeMutablePointer<SIMD4<Float>>, flatScratch: UnsafeMutablePointer<Float>? = nil
    ) {
        let taps = horizontal.taps
        let stride = channels * MemoryLayout<Float>.stride
        // The symmetric weights broadcast to four lanes once, not at every tap.
        let half = (horizontal.symmetricWeights ?? []).map { SIMD4<Float>(repeating: $0) }
        half.withUnsafeBufferPointer { half in
            var flatColumns = columns.lowerBound..<columns.lowerBound
            if let flat = flatScratch, !half.isEmpty, channels < 4 {
                let radius = half.count - 1
                let low = Swift.max(columns.lowerBound, radius)
                flatColumns = low..<Swift.max(low, Swift.min(columns.upperBound, horizontal.inputLength - radius))
                let end = (flatColumns.upperBound - offset) * channels
                var i = (flatColumns.lowerBound - offset) * channels
                while i < end {
                    let sum = Self.mirroredSum(around: UnsafeRawPointer(floats + i), stride: stride, half: half)
                    UnsafeMutableRawPointer(flat + i).storeBytes(of: sum, as: SIMD4<Float>.self)
                    i += 4
                }
                for x in flatColumns {
                    row[x - columns.lowerBound] = UnsafeRawPointer(flat + (x - offset) * channels).loadUnaligned(as: SIMD4<Float>.self)
                }
            }
            for (index, x) in columns.enumerated() {
                if flatColumns.contains(x) { continue }
                if !half.isEmpty && horizontal.isSymmetricInterior(x) {
                    row[index] = Self.mirroredSum(around: UnsafeRawPointer(floats + (x - offset) * channels), stride: stride, half: half)
                    continue
                }
                let first = UnsafeRawPointer(floats + (starts[x] - offset) * channels)
                let w = weights.baseAddress! + x * taps
                // Four accumulators keep four independent add chains in flight.
                var s0 = SIMD4<Float>.zero
                var s1 = SIMD4<Float>.zero
                var s2 = SIMD4<Float>.zero
                var s3 = SIMD4<Float>.zero
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
    }

    /// The symmetric kernel at `centre` (four floats): w0·p(0) + Σ wk·(p(−k) + p(k)), where p(k)
    /// is the four floats `k × stride` bytes away; mirrored values are added before multiplying,
    /// walking two pointers outwards, two independent sums in flight.
    @inline(__always)
    private static func mirroredSum(
        around centre: UnsafeRawPointer, stride: Int,
        half: UnsafeBufferPointer<SIMD4<Float>>
    ) -> SIMD4<Float> {
        var left = centre
        var right = centre
        var s0 = centre.loadUnaligned(as: SIMD4<Float>.self) * half[0]
        var s1 = SIMD4<Float>.zero
        var k = 1
        while k + 1 < half.count {
            left -= stride
            right += stride
            s0 += (left.loadUnaligned(as: SIMD4<Float>.self) + right.loadUnaligned(as: SIMD4<Float>.self)) * half[k]
            left -= stride
            right += stride
            s1 += (left.loadUnaligned(as: SIMD4<Float>.self) + right.loadUnaligned(as: SIMD4<Float>.self)) * half[k + 1]
            k += 2
        }
        if k < half.count {
            left -= stride
            right += stride
            s0 += (left.loadUnaligned(as: SIMD4<Float>.self) + right.loadUnaligned(as: SIMD4<Float>.self)) * half[k]
        }
        return s0 + s1
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
                var pixel = Self.clamped(pixels[i], to: top)
                for lane in 0..<lanes { pixel[lane] = Self.encode(pixel[lane], maxValue: maxValue) }
                pixels[i] = pixel
            }
        }
        if clampColorToAlpha {
            for i in 0..<count {
                let alpha = SIMD4(repeating: pixels[i][alphaLane])
                pixels[i].replace(with: alpha, where: pixels[i] .> alpha)
            }
        }
        // Float → integer without a checked conversion per sample: adding 1.5 × 2²³ to a value in
        // 0…65535 leaves it, rounded to nearest, in the low mantissa bits.
        let integers = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: SIMD4<UInt32>.self)
        for i in 0..<count {
            let shifted = Self.clamped(pixels[i], to: top) + 12_582_912
            integers[i] = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0xFFFF
        }
        switch channels {
        case 1: for i in 0..<count { line[i] = S(truncatingIfNeeded: integers[i][0]) }
        case 2:
            for i in 0..<count {
                let v = integers[i]
                let p = line + 2 * i
                p[0] = S(truncatingIfNeeded: v[0])
                p[1] = S(truncatingIfNeeded: v[1])
            }
        case 3:
            for i in 0..<count {
                let v = integers[i]
                let p = line + 3 * i
                p[0] = S(truncatingIfNeeded: v[0])
                p[1] = S(truncatingIfNeeded: v[1])
                p[2] = S(truncatingIfNeeded: v[2])
            }
        default:
            for i in 0..<count {
                let v = integers[i]
                let p = line + 4 * i
                p[0] = S(truncatingIfNeeded: v[0])
                p[1] = S(truncatingIfNeeded: v[1])
                p[2] = S(truncatingIfNeeded: v[2])
                p[3] = S(truncatingIfNeeded: v[3])
            }
        }
    }

    /// Each lane kept within 0…`top` by compares and blends (`clamped(lowerBound:upperBound:)`
    /// compiles to a scalar NaN-aware loop that took a sixth of a blur's time).
    @inline(__always)
    private static func clamped(_ value: SIMD4<Float>, to top: SIMD4<Float>) -> SIMD4<Float> {
        var result = value
        result.replace(with: 0, where: result .< SIMD4<Float>.zero)
        result.replace(with: top, where: result .> top)
        return result
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
