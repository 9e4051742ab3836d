/// A transform cannot do what was asked to this particular image (known only at run time),
/// e.g. a crop rectangle that lies entirely outside the image.
public struct TransformError: NinepipeError, Hashable {
    /// What is wrong and what to do, e.g. `crop rectangle 10×10+500+0 lies outside the 320×200 image`.
    public var message: String

    /// Creates the error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
