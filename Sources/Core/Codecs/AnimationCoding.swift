/// A decoder that can give every frame of an animated file, composited to whole canvases.
public protocol AnimationDecoder: ImageDecoder {
    /// Decodes every frame of `bytes`, handing each composited canvas to `each` as soon as it
    /// is made and keeping what it returns (so a pipeline that shrinks frames holds one canvas
    /// at full size, not all of them). The canvas size times the frame count is checked against
    /// `options.limits` (``ImageLimits/checkAnimation(width:height:frames:)``) before any pixel
    /// memory is allocated. A still file gives a one-frame animation. `each` must give every
    /// frame the same size.
    func decodeAnimation(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void, each: (Image) throws -> Image) throws -> Animation
}

extension AnimationDecoder {
    /// Decodes every frame of `bytes`, composited, as it is.
    public func decodeAnimation(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Animation {
        try decodeAnimation(bytes, options: options, warn: warn) { $0 }
    }
}

/// An encoder that can write an animation.
public protocol AnimationEncoder: ImageEncoder {
    /// Encodes every frame with its duration, and the loop count.
    func encode(_ animation: Animation, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8]
}
