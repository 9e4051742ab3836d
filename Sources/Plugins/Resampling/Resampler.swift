import NinepipeCore

/// Resamples images the careful way: a separable filter whose support widens when shrinking,
/// normalised weights, clamped edges, computed in `Float` on premultiplied alpha (no dark or
/// tinted fringes around transparency), optionally in linear light, at the image's own depth
/// (16-bit stays 16-bit). Work is split across cores.
///
/// ```swift
/// let half = try Resampler(filter: .lanczos3).resample(image, width: image.width / 2, height: image.height / 2)
/// ```
public struct Resampler: Sendable, Hashable {
    /// The reconstruction filter.
    public var filter: ResamplingFilter
    /// Whether to filter in linear light: sRGB-encoded colour is decoded, filtered and
    /// re-encoded (gamma-correct; alpha is never linearised).
    public var linearLight: Bool

    /// Creates a resampler.
    public init(filter: ResamplingFilter = .lanczos3, linearLight: Bool = false) {
        self.filter = filter
        self.linearLight = linearLight
    }

    /// Pixels held per tile for the ring of filtered rows: bounds memory on extreme shapes.
    private static let tileBudget = 4 << 20

    /// Returns `image` resampled to `width`×`height`.
    ///
    /// - Parameters:
    ///   - image: the source, any layout and depth.
    ///   - width: the output width in pixels.
    ///   - height: the output height in pixels.
    ///   - region: the part of the source mapped onto the output (default: all of it).
    ///   - context: cancellation; limits are the caller's business (check the size first).
    /// - Returns: an image of the same layout and depth; straight alpha unless the input was
    ///   premultiplied (then premultiplied). Metadata is copied unchanged: callers fix what
    ///   the geometry change makes untrue (nine-patch divs).
    public func resample(
        _ image: Image, width: Int, height: Int, region: ResamplingRegion? = nil,
        context: TransformContext = TransformContext()
    ) throws -> Image {
        precondition(width > 0 && height > 0, "resampling needs a positive size")
        let region = region ?? ResamplingRegion(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        let horizontal = ResamplingAxis(
            filter: filter, inputLength: image.width, outputLength: width,
            origin: region.x, length: region.width)
        let vertical = ResamplingAxis(
            filter: filter, inputLength: image.height, outputLength: height,
            origin: region.y, length: region.height)
        if horizontal.isIdentity && vertical.isIdentity { return image }
        return try resample(image, horizontal: horizontal, vertical: vertical, context: context)
    }

    /// `image` filtered along the axes given (their input lengths are the image's sizes): the
    /// engine behind resampling and blurring.
    func resample(_ image: Image, horizontal: ResamplingAxis, vertical: ResamplingAxis, context: TransformContext) throws -> Image {
        let width = horizontal.outputLength
        let height = vertical.outputLength
        let source = linearLight ? image.unpremultiplied() : image
        let premultipliedInput = source.layout.hasAlpha && source.alphaMode == .premultiplied
        let kernel = ResamplingKernel(
            horizontal: horizontal, vertical: vertical, channels: source.layout.channelCount,
            hasAlpha: source.layout.hasAlpha, premultiply: source.layout.hasAlpha && !premultipliedInput,
            clampColorToAlpha: premultipliedInput, linearLight: linearLight)
        let storage: PixelStorage
        switch source.storage {
        case .eight(let samples):
            storage = .eight(try run(kernel, samples, sourceWidth: source.width, width: width, height: height, context: context))
        case .sixteen(let samples):
            storage = .sixteen(try run(kernel, samples, sourceWidth: source.width, width: width, height: height, context: context))
        }
        return Image(
            width: width, height: height, layout: source.layout, storage: storage,
            alphaMode: source.alphaMode, metadata: source.metadata)
    }

    private func run<S: FixedWidthInteger & UnsignedInteger & SendableMetatype>(
        _ kernel: ResamplingKernel, _ samples: [S], sourceWidth: Int, width: Int, height: Int, context: TransformContext
    ) throws -> [S] {
        let channels = kernel.channels
        let stripWidth = Swift.max(1, Swift.min(width, Self.tileBudget / kernel.vertical.taps))
        let strips = stride(from: 0, to: width, by: stripWidth).map { $0..<Swift.min(width, $0 + stripWidth) }
        let work = width * height * (kernel.horizontal.taps + kernel.vertical.taps)
        return try [S](unsafeUninitializedCapacity: width * height * channels) { buffer, initialized in
            initialized = width * height * channels
            guard let outputBase = buffer.baseAddress else { return }
            let output = SendablePointer(outputBase)
            try samples.withUnsafeBufferPointer { input in
                guard let inputBase = input.baseAddress else { return }
                let source = SendablePointer(UnsafeMutablePointer(mutating: inputBase))
                try context.concurrentBands(count: height, work: work) { rows, isCancelled in
                    for columns in strips {
                        kernel.run(
                            source: UnsafePointer(source.base), sourceWidth: sourceWidth, output: output.base,
                            outputWidth: width, rows: rows, columns: columns, isCancelled: isCancelled)
                    }
                }
            }
        }
    }
}

/// A pointer handed to concurrent bands that touch disjoint parts of its memory.
struct SendablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    init(_ base: UnsafeMutablePointer<T>) { self.base = base }
}
