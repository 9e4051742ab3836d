/// The format is known, but this build of Ninepipe was made without its library.
public struct FormatUnavailableError: NinepipeError, Hashable {
    /// The format asked for.
    public var format: ImageFormat
    /// The system library its codec runs on, for what to install; `nil` to take it from the
    /// built-in codecs.
    public var library: CodecLibrary?

    /// Creates the error.
    public init(format: ImageFormat, library: CodecLibrary? = nil) {
        self.format = format
        self.library = library
    }

    /// The message, with what to install.
    public var description: String {
        let library = library ?? ImageCodecRegistry.builtIn.library(of: format)
        if let library, library.isLoadedAtRunTime {
            return "\(format) needs \(library.name), which could not be loaded on this machine: install \(library.package)"
        }
        let install = library.map { ": install \($0.package) and build it again" } ?? ""
        return "this ninepipe was built without \(format) support\(install)"
    }
}
