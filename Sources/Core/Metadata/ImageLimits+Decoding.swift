extension ImageLimits {
    /// The check every whole-image decoder makes once it knows the size and before it allocates:
    /// the `width`×`height` image against the limits, the decoder's own working memory
    /// (`working` bytes besides the pixels it returns) against ``decoderMemoryLimit``, and the
    /// two together against what the process can allocate now (``MemoryAvailability``), so
    /// that a file within the limits on a machine without room for it is an error, not a trap.
    ///
    /// - Parameters:
    ///   - kind: the image, for messages ("a 16383×16383 lossless WebP").
    ///   - width: the image's width in pixels.
    ///   - height: its height.
    ///   - bytesPerPixel: of the returned pixels.
    ///   - working: the decoder's whole-image buffers besides them.
    public func checkDecoding(_ kind: String, width: Int, height: Int, bytesPerPixel: Int, working: Int) throws(LimitError) {
        try check(width: width, height: height)
        try checkDecoderMemory("\(kind)'s decoding", size: working)
        try MemoryAvailability.check("decoding \(kind)", size: width * height * bytesPerPixel + working)
    }
}
