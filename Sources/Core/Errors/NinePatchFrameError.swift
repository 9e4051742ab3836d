/// A `.9.png` source whose 1-pixel frame cannot be read, with what and where.
public struct NinePatchFrameError: NinepipeError, Hashable {
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates the error.
    public init(_ message: String) { self.message = message }

    /// `nine-patch frame: pixel (0, 17) on the left edge is #7f000000; …`.
    public var description: String { "nine-patch frame: " + message }
}
