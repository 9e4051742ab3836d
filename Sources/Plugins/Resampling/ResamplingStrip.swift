import NinepipeCore

/// The working memory of one strip of output columns of a resampling: its ring of rows (one per
/// vertical tap), kept from one output row to the next so that each source row is converted
/// (and, horizontal-first, filtered) once, however the output rows are grouped into bands.
///
/// The whole-image resampler makes one per tile; a stream keeps one per strip for the life of
/// the stream. Either way each output pixel is computed by the same arithmetic.
final class ResamplingStrip<S: FixedWidthInteger & UnsignedInteger> {
    let kernel: ResamplingKernel
    /// Output columns.
    let columns: Range<Int>
    /// Source columns those output columns read.
    let sourceRange: Range<Int>
    /// Whether the ring holds converted source rows (filtered horizontally after summing).
    let verticalFirst: Bool
    /// Four-lane groups per ring row.
    let groups: Int
    let ring: UnsafeMutablePointer<SIMD4<Float>>
    let scratch: UnsafeMutablePointer<SIMD4<Float>>
    let summed: UnsafeMutablePointer<SIMD4<Float>>
    let accumulator: UnsafeMutablePointer<SIMD4<Float>>
    /// The source row each ring slot holds (-1: none yet).
    var ringSourceRow: [Int]
    /// sRGB → linear table when filtering in linear light, else empty.
    let decode: [Float]
    /// 1 in the lanes premultiplication scales (colour), 0 elsewhere.
    let colorMask: SIMD4<Float>

    init(kernel: ResamplingKernel, columns: Range<Int>) {
        self.kernel = kernel
        self.columns = columns
        sourceRange = kernel.sourceColumns(for: columns)
        verticalFirst = kernel.prefersVerticalFirst
        // A source row as floats: whole four-float groups plus one group of zero padding, so
        // four-lane loads at the last pixel stay inside the buffer.
        let floatGroups = (sourceRange.count * kernel.channels + 3) / 4 + 1
        groups = verticalFirst ? floatGroups : columns.count
        let ringRows = kernel.vertical.taps
        ring = .allocate(capacity: ringRows * groups)
        ring.initialize(repeating: .zero, count: ringRows * groups)
        scratch = .allocate(capacity: floatGroups)
        scratch.initialize(repeating: .zero, count: floatGroups)
        summed = .allocate(capacity: groups)
        accumulator = .allocate(capacity: columns.count)
        ringSourceRow = [Int](repeating: -1, count: ringRows)
        let colorLanes = kernel.hasAlpha ? kernel.channels - 1 : kernel.channels
        colorMask = SIMD4<Float>((0..<4).map { $0 < colorLanes ? 1 : 0 })
        decode = kernel.linearLight ? (S.bitWidth == 8 ? SRGBTransfer.decode8 : SRGBTransfer.decode16) : []
    }

    deinit {
        ring.deallocate()
        scratch.deallocate()
        summed.deallocate()
        accumulator.deallocate()
    }

    /// Output row `y` of this strip's columns into `destination`; missing source rows are read
    /// through `sourceRow` (a pointer to the row's first sample).
    ///
    /// A stream calls this from generic code (its class is generic over `S` and reached through
    /// `any BandSource`), where the kernel would run unspecialised, a value-witness call per
    /// sample: so the two real sample types are dispatched to the kernel's specialised code here.
    func produce(row y: Int, into destination: UnsafeMutablePointer<S>, sourceRow: (Int) -> UnsafePointer<S>) {
        func cast<T>(_ pointer: UnsafePointer<S>, to _: T.Type) -> UnsafePointer<T> {
            UnsafeRawPointer(pointer).assumingMemoryBound(to: T.self)
        }
        let output = UnsafeMutableRawPointer(destination)
        if S.self == UInt8.self {
            kernel.produce(
                row: y, strip: unsafeDowncast(self, to: ResamplingStrip<UInt8>.self),
                into: output.assumingMemoryBound(to: UInt8.self)
            ) { cast(sourceRow($0), to: UInt8.self) }
        } else if S.self == UInt16.self {
            kernel.produce(
                row: y, strip: unsafeDowncast(self, to: ResamplingStrip<UInt16>.self),
                into: output.assumingMemoryBound(to: UInt16.self)
            ) { cast(sourceRow($0), to: UInt16.self) }
        } else {
            kernel.produce(row: y, strip: self, into: destination, sourceRow: sourceRow)
        }
    }
}
