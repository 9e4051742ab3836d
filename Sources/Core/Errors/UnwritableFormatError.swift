/// The format can be read but not written (SVG, Android vector drawables).
public struct UnwritableFormatError: NinepipeError, Hashable {
    /// The format asked for.
    public var format: ImageFormat

    /// Creates the error.
    public init(format: ImageFormat) { self.format = format }

    /// The message, with what to write instead.
    public var description: String {
        "Ninepipe reads \(format) but does not write it: save as PNG (lossless, with alpha) or WebP (smaller, animation kept) instead"
    }
}
