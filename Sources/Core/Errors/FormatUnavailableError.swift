/// The format is known, but this build of Ninepipe was made without its library.
public struct FormatUnavailableError: NinepipeError, Hashable {
    /// The format asked for.
    public var format: ImageFormat

    /// Creates the error.
    public init(format: ImageFormat) { self.format = format }

    /// The message, with what to install (from the format's codec).
    public var description: String {
        let codec: (any ImageCodec)? = ImageCodecs.decoder(for: format) ?? ImageCodecs.encoder(for: format)
        if let library = codec?.library, library.isLoadedAtRunTime {
            return "\(format) needs \(library.name), which could not be loaded on this machine: install \(library.package)"
        }
        let install = codec?.library.map { ": install \($0.package) and build it again" } ?? ""
        return "this ninepipe was built without \(format) support\(install)"
    }
}
