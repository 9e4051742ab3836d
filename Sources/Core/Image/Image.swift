/// A decoded raster image: interleaved samples plus the metadata that travels with them.
///
/// `Image` is a value type with copy-on-write storage. Pixels are stored row by
/// row, top to bottom, with `layout.channelCount` samples per pixel at 8 or 16
/// bits (see ``PixelStorage``). Memory use is
/// `width × height × layout.channelCount × depth.bytesPerSample` bytes.
public struct Image: Sendable, Hashable {
    /// The width in pixels (at least 1).
    public let width: Int
    /// The height in pixels (at least 1).
    public let height: Int
    /// The channels per pixel.
    public let layout: PixelLayout
    /// Whether colour channels are premultiplied by alpha (meaningful only with alpha).
    public var alphaMode: AlphaMode
    /// Orientation, colour profile, density and nine-patch information.
    public var metadata: ImageMetadata
    /// The samples.
    public internal(set) var storage: PixelStorage

    /// Creates an image from 8-bit samples.
    ///
    /// - Precondition: `samples.count == width * height * layout.channelCount`, and both sizes are positive.
    public init(
        width: Int, height: Int, layout: PixelLayout, samples: [UInt8],
        alphaMode: AlphaMode = .straight, metadata: ImageMetadata = ImageMetadata()
    ) {
        self.init(width: width, height: height, layout: layout, storage: .eight(samples), alphaMode: alphaMode, metadata: metadata)
    }

    /// Creates an image from 16-bit samples (host byte order).
    ///
    /// - Precondition: `samples.count == width * height * layout.channelCount`, and both sizes are positive.
    public init(
        width: Int, height: Int, layout: PixelLayout, samples: [UInt16],
        alphaMode: AlphaMode = .straight, metadata: ImageMetadata = ImageMetadata()
    ) {
        self.init(width: width, height: height, layout: layout, storage: .sixteen(samples), alphaMode: alphaMode, metadata: metadata)
    }

    /// Creates an image from either kind of storage.
    ///
    /// - Precondition: `storage.count == width * height * layout.channelCount`, and both sizes are positive.
    public init(
        width: Int, height: Int, layout: PixelLayout, storage: PixelStorage,
        alphaMode: AlphaMode = .straight, metadata: ImageMetadata = ImageMetadata()
    ) {
        precondition(width > 0 && height > 0, "image sizes must be positive")
        precondition(storage.count == width * height * layout.channelCount, "sample count does not match the size")
        self.width = width
        self.height = height
        self.layout = layout
        self.alphaMode = alphaMode
        self.metadata = metadata
        self.storage = storage
    }

    /// Creates an image filled with one colour given as samples at `depth` (one per channel).
    public init(
        width: Int, height: Int, layout: PixelLayout, depth: SampleDepth, fill: [Int],
        metadata: ImageMetadata = ImageMetadata()
    ) {
        precondition(fill.count == layout.channelCount, "one fill value per channel")
        var samples8: [UInt8] = []
        var samples16: [UInt16] = []
        let count = width * height
        switch depth {
        case .eight:
            samples8.reserveCapacity(count * fill.count)
            for _ in 0..<count { for value in fill { samples8.append(UInt8(clamping: value)) } }
            self.init(width: width, height: height, layout: layout, samples: samples8, metadata: metadata)
        case .sixteen:
            samples16.reserveCapacity(count * fill.count)
            for _ in 0..<count { for value in fill { samples16.append(UInt16(clamping: value)) } }
            self.init(width: width, height: height, layout: layout, samples: samples16, metadata: metadata)
        }
    }

    /// The sample depth.
    @inlinable public var depth: SampleDepth { storage.depth }

    /// The number of pixels.
    @inlinable public var pixelCount: Int { width * height }

    /// Samples in one row.
    @inlinable public var samplesPerRow: Int { width * layout.channelCount }

    /// The bytes the samples occupy.
    public var byteCount: Int { storage.count * depth.bytesPerSample }

    /// The sample at (`x`, `y`) in `channel`, at the image's depth.
    ///
    /// - Precondition: the coordinates and channel are inside the image.
    @inlinable public func sample(x: Int, y: Int, channel: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height && channel >= 0 && channel < layout.channelCount)
        let index = (y * width + x) * layout.channelCount + channel
        switch storage {
        case .eight(let samples): return Int(samples[index])
        case .sixteen(let samples): return Int(samples[index])
        }
    }

    /// Replaces the samples, keeping size, layout and metadata.
    ///
    /// - Precondition: the new storage has the same number of samples.
    public mutating func replaceStorage(_ newStorage: PixelStorage) {
        precondition(newStorage.count == storage.count, "sample count does not match the size")
        storage = newStorage
    }

    /// Whether any pixel is less than fully opaque (false when there is no alpha channel).
    public var hasTransparentPixels: Bool { transparentPixels(upTo: 1) > 0 }
}

extension Image {
    /// Lets `eight` or `sixteen` (whichever matches the depth) edit the samples in place,
    /// without copying them. The closure must keep the sample count.
    ///
    /// Pass the same generic function twice: `image.editSamples(eight: { f(&$0) }, sixteen: { f(&$0) })`.
    public mutating func editSamples(eight: (inout [UInt8]) throws -> Void, sixteen: (inout [UInt16]) throws -> Void) rethrows {
        let count = storage.count
        switch storage {
        case .eight(var samples):
            storage = .eight([])
            defer { storage = .eight(samples) }
            try eight(&samples)
        case .sixteen(var samples):
            storage = .sixteen([])
            defer { storage = .sixteen(samples) }
            try sixteen(&samples)
        }
        precondition(storage.count == count, "editSamples must keep the sample count")
    }
}
