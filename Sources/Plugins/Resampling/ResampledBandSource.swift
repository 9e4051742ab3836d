import Dispatch
import NinepipeCore

/// A resampling computed band by band from a stream: each strip of output columns keeps its
/// ring of rows for the life of the stream, the source rows not yet in the rings are held in a
/// window of at most about 4 MiB, and strips run on all cores. Memory grows with the width.
final class ResampledBandSource<S: FixedWidthInteger & UnsignedInteger & SendableMetatype>: BandSource {
    let header: ImageHeader
    private let input: any BandSource
    private let kernel: ResamplingKernel
    private let strips: [ResamplingStrip<S>]
    private let unpremultipliesInput: Bool
    private let context: TransformContext
    /// Source rows held, from `windowTop`.
    private var window: [S] = []
    private var windowTop = 0
    private var windowEnd = 0
    /// Source rows below this are in every strip's ring (or no longer needed).
    private var loadedThrough = 0
    /// Source rows pulled per step at most (about 4 MiB, at least one output row's worth).
    private let windowRows: Int

    init(input: any BandSource, kernel: ResamplingKernel, header: ImageHeader, unpremultipliesInput: Bool, context: TransformContext) {
        self.input = input
        self.kernel = kernel
        self.header = header
        self.unpremultipliesInput = unpremultipliesInput
        self.context = context
        let cores = TransformContext.processorCount
        let width = kernel.horizontal.outputLength
        let work = width * (kernel.horizontal.taps + kernel.vertical.taps)
        let count = work < 1 << 14 ? 1 : Swift.max(1, Swift.min(cores, width / 16))
        strips = (0..<count).map { ResamplingStrip(kernel: kernel, columns: (width * $0 / count)..<(width * ($0 + 1) / count)) }
        windowRows = Swift.max(1, (4 << 20) / Swift.max(1, input.header.bytesPerRow))
    }

    func read(_ rows: Range<Int>) throws -> PixelBand {
        let channels = header.layout.channelCount
        let width = header.width
        let rowSamples = width * channels
        // Zeroed as bytes: `[S](repeating:)` in this generic class is a value-witness call per sample.
        var output = [S](unsafeUninitializedCapacity: rows.count * rowSamples) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
            initialized = buffer.count
        }
        var y = rows.lowerBound
        while y < rows.upperBound {
            try context.checkCancellation()
            // As many output rows as keep the new source rows within the window's budget.
            var last = y
            while last + 1 < rows.upperBound
                && kernel.vertical.starts[last + 1] + kernel.vertical.taps - Swift.max(loadedThrough, kernel.vertical.starts[y]) <= windowRows
            {
                last += 1
            }
            let needed = Swift.max(loadedThrough, kernel.vertical.starts[y])..<(kernel.vertical.starts[last] + kernel.vertical.taps)
            try fill(needed)
            try compute(y...last, into: &output, firstRow: rows.lowerBound)
            loadedThrough = Swift.max(loadedThrough, needed.upperBound)
            y = last + 1
        }
        guard let storage = PixelStorage(output) else { throw StreamError.bandMismatch(expected: rows, got: rows.lowerBound..<rows.lowerBound) }
        return PixelBand(
            top: rows.lowerBound,
            rows: Image(
                width: width, height: rows.count, layout: header.layout, storage: storage,
                alphaMode: header.alphaMode))
    }

    /// Makes source rows `needed` available in the window (dropping rows above them).
    private func fill(_ needed: Range<Int>) throws {
        let rowSamples = input.header.samplesPerRow
        if needed.lowerBound >= windowEnd {
            window.removeAll(keepingCapacity: true)
            windowTop = needed.lowerBound
            windowEnd = needed.lowerBound
        } else if needed.lowerBound > windowTop {
            window.removeFirst((needed.lowerBound - windowTop) * rowSamples)
            windowTop = needed.lowerBound
        }
        guard needed.upperBound > windowEnd else { return }
        var band = try input.read(windowEnd..<needed.upperBound).rows
        if unpremultipliesInput {
            band.alphaMode = .premultiplied
            band = band.unpremultiplied()
        }
        guard let samples = band.storage.samples(of: S.self) else {
            throw StreamError.bandMismatch(expected: windowEnd..<needed.upperBound, got: windowEnd..<(windowEnd + band.height))
        }
        window.append(contentsOf: samples)
        windowEnd = needed.upperBound
    }

    /// Output rows `rows` on every strip at once.
    private func compute(_ rows: ClosedRange<Int>, into output: inout [S], firstRow: Int) throws {
        let channels = header.layout.channelCount
        let width = header.width
        let sourceSamples = input.header.samplesPerRow
        let top = windowTop
        let end = windowEnd
        let strips = self.strips
        let stop = CancellationFlag()
        let context = self.context
        try window.withUnsafeBufferPointer { window in
            guard let windowBase = window.baseAddress else { throw StreamError.bandMismatch(expected: top..<end, got: top..<top) }
            let source = SendableSamples(base: UnsafeMutablePointer(mutating: windowBase))
            output.withUnsafeMutableBufferPointer { output in
                guard let base = output.baseAddress else { return }
                let out = SendableSamples(base: base)
                let body: @Sendable (Int) -> Void = { index in
                    let strip = strips[index]
                    for y in rows {
                        if context.isCancelled { stop.cancel() }
                        if stop.isCancelled { return }
                        strip.produce(row: y, into: out.base + ((y - firstRow) * width + strip.columns.lowerBound) * channels) { row in
                            precondition(row >= top && row < end, "a resampled row needs source row \(row), outside the window \(top)..<\(end)")
                            return UnsafePointer(source.base + (row - top) * sourceSamples)
                        }
                    }
                }
                if strips.count == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: strips.count, execute: body) }
            }
        }
        if stop.isCancelled { throw CancellationError() }
    }
}

/// A pointer handed to strips that touch disjoint parts of its memory.
private struct SendableSamples<S>: @unchecked Sendable {
    let base: UnsafeMutablePointer<S>
}

extension ResamplingStrip: @unchecked Sendable {}

extension Resampler {
    /// The resampling of the image `input` streams, as a stream: the same pixels as
    /// ``resample(_:width:height:region:context:)`` on the whole image, computed as rows are
    /// asked for, holding a window of source rows and each strip's ring.
    public func bands(
        from input: any BandSource, width: Int, height: Int, region: ResamplingRegion? = nil,
        context: TransformContext = TransformContext()
    ) -> any BandSource {
        precondition(width > 0 && height > 0, "resampling needs a positive size")
        let source = input.header
        let region = region ?? ResamplingRegion(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
        let horizontal = ResamplingAxis(filter: filter, inputLength: source.width, outputLength: width, origin: region.x, length: region.width)
        let vertical = ResamplingAxis(filter: filter, inputLength: source.height, outputLength: height, origin: region.y, length: region.height)
        if horizontal.isIdentity && vertical.isIdentity { return input }
        return bands(from: input, horizontal: horizontal, vertical: vertical, context: context)
    }

    /// The stream `input` filtered along the axes given (their input lengths are its sizes).
    func bands(from input: any BandSource, horizontal: ResamplingAxis, vertical: ResamplingAxis, context: TransformContext) -> any BandSource {
        let source = input.header
        let width = horizontal.outputLength
        let height = vertical.outputLength
        let unpremultiplies = linearLight && source.layout.hasAlpha && source.alphaMode == .premultiplied
        let premultipliedInput = source.layout.hasAlpha && source.alphaMode == .premultiplied && !unpremultiplies
        let kernel = ResamplingKernel(
            horizontal: horizontal, vertical: vertical, channels: source.layout.channelCount,
            hasAlpha: source.layout.hasAlpha, premultiply: source.layout.hasAlpha && !premultipliedInput,
            clampColorToAlpha: premultipliedInput, linearLight: linearLight)
        var header = source
        header.width = width
        header.height = height
        if unpremultiplies { header.alphaMode = .straight }
        switch source.depth {
        case .eight: return ResampledBandSource<UInt8>(input: input, kernel: kernel, header: header, unpremultipliesInput: unpremultiplies, context: context)
        case .sixteen: return ResampledBandSource<UInt16>(input: input, kernel: kernel, header: header, unpremultipliesInput: unpremultiplies, context: context)
        }
    }
}
