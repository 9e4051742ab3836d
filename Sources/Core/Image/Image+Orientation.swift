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
    private static func remap<S: FixedWidthInteger>(
        _ samples: [S], width: Int, height: Int, channels: Int, orientation: Orientation
    ) -> [S] {
        let swaps = orientation.swapsDimensions
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        return [S](unsafeUninitializedCapacity: samples.count) { out, initialized in
            samples.withUnsafeBufferPointer { input in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The source pixel that lands at (x, y) of the upright image.
                        let (sx, sy) = orientation.sourcePoint(x: x, y: y, width: outWidth, height: outHeight)
                        let s = (sy * width + sx) * channels
                        let t = (y * outWidth + x) * channels
                        for c in 0..<channels { out[t + c] = input[s + c] }
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
