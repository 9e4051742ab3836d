/// The format is known, but this build of Ninepipe was made without its library.
public struct FormatUnavailableError: NinepipeError, Hashable {
    /// The format asked for.
    public var format: ImageFormat

    /// Creates the error.
    public init(format: ImageFormat) { self.format = format }

    /// The message, with what to install.
    public var description: String {
        let package =
            switch format {
            case .png: "zlib1g-dev"
            case .jpeg: "libjpeg62-turbo-dev"
            case .webp: "libwebp-dev (Homebrew: webp)"
            case .gif: "libgif-dev (Homebrew: giflib)"
            case .heic, .avif: "libheif-dev (Homebrew: libheif)"
            }
        return "this ninepipe was built without \(format) support: install \(package) and build it again"
    }
}
