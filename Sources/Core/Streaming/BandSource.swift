/// An image produced band by band, top to bottom, on request: a decoder, or a streamed
/// transform reading its own input as it goes.
///
/// The consumer asks for row ranges in order: every request starts at or after the end of the
/// previous one, so a source never keeps rows it has handed out and may skip (not compute, or
/// decode and drop) rows nobody asks for. A request past the last row is a programming error.
///
/// Sources are used by one thread at a time; a source may use every core inside ``read(_:)``.
public protocol BandSource: AnyObject {
    /// Size, layout, depth and metadata of the whole image, known before any row.
    var header: ImageHeader { get }

    /// Returns rows `rows` (non-empty, inside the image, starting at or after the end of the
    /// previous request).
    func read(_ rows: Range<Int>) throws -> PixelBand
}

extension BandSource {
    /// Reads the whole image into memory, `bandRows` rows at a time (default: about 1 MiB),
    /// checking `context` for cancellation between bands.
    public func materialized(bandRows: Int? = nil, context: TransformContext = TransformContext()) throws -> Image {
        let header = self.header
        let step = bandRows ?? header.rowsPerBand()
        var storage: PixelStorage
        switch header.depth {
        case .eight: storage = .eight(try collect(UInt8.self, step: step, context: context))
        case .sixteen: storage = .sixteen(try collect(UInt16.self, step: step, context: context))
        }
        return Image(
            width: header.width, height: header.height, layout: header.layout, storage: storage,
            alphaMode: header.alphaMode, metadata: header.metadata)
    }

    private func collect<S: FixedWidthInteger>(_: S.Type, step: Int, context: TransformContext) throws -> [S] {
        let header = self.header
        let rowSamples = header.samplesPerRow
        var samples: [S] = []
        samples.reserveCapacity(rowSamples * header.height)
        var y = 0
        while y < header.height {
            try context.checkCancellation()
            let band = try read(y..<Swift.min(header.height, y + step))
            guard let rows = band.rows.storage.samples(of: S.self), band.top == y, rows.count == band.rows.height * rowSamples else {
                throw StreamError.bandMismatch(expected: y..<Swift.min(header.height, y + step), got: band.range)
            }
            samples.append(contentsOf: rows)
            y += band.rows.height
        }
        return samples
    }
}

extension PixelStorage {
    /// Storage holding `samples` when they are `UInt8` or `UInt16`, else `nil` (no copy).
    @inlinable public init?<S>(_ samples: [S]) {
        if S.self == UInt8.self {
            self = .eight(unsafeBitCast(samples, to: [UInt8].self))
        } else if S.self == UInt16.self {
            self = .sixteen(unsafeBitCast(samples, to: [UInt16].self))
        } else {
            return nil
        }
    }

    /// The samples when they are of type `S` (`UInt8` for 8-bit, `UInt16` for 16-bit), else `nil` (no copy).
    @inlinable public func samples<S>(of _: S.Type) -> [S]? {
        switch self {
        case .eight(let samples): S.self == UInt8.self ? unsafeBitCast(samples, to: [S].self) : nil
        case .sixteen(let samples): S.self == UInt16.self ? unsafeBitCast(samples, to: [S].self) : nil
        }
    }
}
