import Dispatch

extension Image {
    /// This image with `orientation` applied to its pixels, so that they display upright,
    /// and the orientation tag reset to ``Orientation/up``.
    ///
    /// All eight EXIF orientations are exact, lossless pixel moves. Orientations
    /// 5–8 swap width and height. Nine-patch information is rotated with the
    /// pixels when possible and dropped otherwise (see ``NinePatchInfo/transformed(by:width:height:)``).
    public func applying(_ orientation: Orientation) -> Image {
        var result = orientation == .up ? self : remapped(by: orientation)
        result.metadata.orientation = .up
        return result
    }

    /// The image upright according to its own ``ImageMetadata/orientation``.
    public func uprighted() -> Image { applying(metadata.orientation) }

    private func remapped(by orientation: Orientation) -> Image {
        let swaps = orientation.swapsDimensions
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        var metadata = self.metadata
        metadata.ninePatch = metadata.ninePatch?.transformed(by: orientation, width: width, height: height)
        switch storage {
        case .eight(let samples):
            let out = Image.remap(samples, width: width, height: height, channels: layout.channelCount, orientation: orientation)
            return Image(width: outWidth, height: outHeight, layout: layout, samples: out, alphaMode: alphaMode, metadata: metadata)
        case .sixteen(let samples):
            let out = Image.remap(samples, width: width, height: height, channels: layout.channelCount, orientation: orientation)
            return Image(width: outWidth, height: outHeight, layout: layout, samples: out, alphaMode: alphaMode, metadata: metadata)
        }
    }

    /// Moves every pixel of a `width`×`height` source to where `orientation` displays it.
    ///
    /// Each orientation maps output (x, y) to a source pixel linearly, so the source offset
    /// steps by fixed amounts along output rows and columns. The copy walks 64×64 tiles (a 90°
    /// turn then reads and writes within a few cache lines instead of striding across the whole
    /// source) in bands of tile rows spread over the cores.
    private static func remap<S: FixedWidthInteger & Sendable>(
        _ samples: [S], width: Int, height: Int, channels: Int, orientation: Orientation
    ) -> [S] {
        let swaps = orientation.swapsDimensions
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        // Source pixel index of output (x, y) = origin + x·stepX + y·stepY.
        func index(_ point: (x: Int, y: Int)) -> Int { point.y * width + point.x }
        let origin = index(orientation.sourcePoint(x: 0, y: 0, width: outWidth, height: outHeight))
        let stepX = outWidth > 1 ? index(orientation.sourcePoint(x: 1, y: 0, width: outWidth, height: outHeight)) - origin : 0
        let stepY = outHeight > 1 ? index(orientation.sourcePoint(x: 0, y: 1, width: outWidth, height: outHeight)) - origin : 0
        let tile = 64
        let tileRows = (outHeight + tile - 1) / tile
        let bands = samples.count < 1 << 18 ? 1 : min(tileRows, TransformContext.processorCount * 2)
        return [S](unsafeUninitializedCapacity: samples.count) { out, initialized in
            samples.withUnsafeBufferPointer { input in
                nonisolated(unsafe) let source = input.baseAddress!
                nonisolated(unsafe) let target = out.baseAddress!
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    for tileRow in (tileRows * band / bands)..<(tileRows * (band + 1) / bands) {
                        let y0 = tileRow * tile
                        let y1 = min(outHeight, y0 + tile)
                        var x0 = 0
                        while x0 < outWidth {
                            let x1 = min(outWidth, x0 + tile)
                            for y in y0..<y1 {
                                var s = (origin + x0 * stepX + y * stepY) * channels
                                var t = (y * outWidth + x0) * channels
                                let step = stepX * channels
                                if channels == 3 {
                                    for _ in x0..<x1 {
                                        target[t] = source[s]
                                        target[t + 1] = source[s + 1]
                                        target[t + 2] = source[s + 2]
                                        s += step
                                        t += 3
                                    }
                                } else {
                                    for _ in x0..<x1 {
                                        for c in 0..<channels { target[t + c] = source[s + c] }
                                        s += step
                                        t += channels
                                    }
                                }
                            }
                            x0 = x1
                        }
                    }
                }
            }
            initialized = samples.count
        }
    }
}

extension Image {
    /// Runs `body` on the image as displayed (upright) and returns its result stored the way
    /// this image is stored, with the same orientation tag.
    ///
    /// Geometry transforms use it so that `width`, `height` and gravity mean what the viewer
    /// sees even on an image loaded with `orient=keep`, and the tag is never lost. Upright
    /// images (the usual case) cost nothing extra.
    public func transformedUpright(_ body: (Image) throws -> Image) rethrows -> Image {
        let orientation = metadata.orientation
        guard orientation != .up else { return try body(self) }
        var result = try body(uprighted()).applying(orientation.inverse)
        result.metadata.orientation = orientation
        return result
    }
}

extension Orientation {
    /// The orientation that undoes this one: applying both, in either order, changes nothing.
    public var inverse: Orientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self
        }
    }
}
