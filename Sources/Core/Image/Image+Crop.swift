extension Image {
    /// The pixels inside `rect`, which must lie inside the image and not be empty.
    ///
    /// Metadata is kept; nine-patch information is moved into the new coordinates
    /// (see ``NinePatchInfo/cropped(to:width:height:)``), or dropped when the crop cuts
    /// away every stretch region of an axis.
    ///
    /// - Precondition: `rect` is non-empty and inside `0..<width`, `0..<height`.
    public func cropped(to rect: PixelRect) -> Image {
        precondition(
            !rect.isEmpty && rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) == rect,
            "crop rectangle \(rect) is not inside the \(width)×\(height) image")
        if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
        var metadata = self.metadata
        metadata.ninePatch = metadata.ninePatch?.cropped(to: rect, width: width, height: height)
        let storage: PixelStorage
        switch self.storage {
        case .eight(let samples): storage = .eight(Self.copy(samples, rect: rect, width: width, channels: layout.channelCount))
        case .sixteen(let samples): storage = .sixteen(Self.copy(samples, rect: rect, width: width, channels: layout.channelCount))
        }
        return Image(width: rect.width, height: rect.height, layout: layout, storage: storage, alphaMode: alphaMode, metadata: metadata)
    }

    private static func copy<S: FixedWidthInteger>(_ samples: [S], rect: PixelRect, width: Int, channels: Int) -> [S] {
        let rowSamples = rect.width * channels
        return [S](unsafeUninitializedCapacity: rowSamples * rect.height) { out, initialized in
            samples.withUnsafeBufferPointer { input in
                for row in 0..<rect.height {
                    let source = input.baseAddress! + ((rect.y + row) * width + rect.x) * channels
                    (out.baseAddress! + row * rowSamples).initialize(from: source, count: rowSamples)
                }
            }
            initialized = rowSamples * rect.height
        }
    }
}
