/// A decoder that can give every frame of an animated file, composited to whole canvases.
public protocol AnimationDecoder: ImageDecoder {
    /// Decodes every frame of `bytes`. The canvas size times the frame count is checked against
    /// `options.limits` (``ImageLimits/checkAnimation(width:height:frames:)``) before any pixel
    /// memory is allocated. A still file gives a one-frame animation.
    func decodeAnimation(_ bytes: [UInt8], options: DecodeOptions, warn: (String) -> Void) throws -> Animation
}

/// An encoder that can write an animation.
public protocol AnimationEncoder: ImageEncoder {
    /// Encodes every frame with its duration, and the loop count.
    func encode(_ animation: Animation, options: EncodeOptions, warn: (String) -> Void) throws -> [UInt8]
}
