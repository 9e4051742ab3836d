import NinepipeCore

/// A `.9.png` save of an image that carries no stretch regions to draw.
public struct NinePatchSaveError: NinepipeError {
    /// The `.9.png` file that was to be written.
    public var path: String

    /// Creates the error for `path`.
    public init(path: String) { self.path = path }

    /// The message, with what to do instead.
    public var description: String {
        "\(path): the image has no nine-patch stretch regions to draw as a frame; load a nine-patch first, or save as .png (ninepatch=chunks)"
    }
}
