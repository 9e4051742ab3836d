/// An optional C library (libwebp, giflib, libheif, LittleCMS, ISA-L) that this build uses but
/// that could not be loaded on this machine when its format was first read or written: it is
/// loaded then, not linked, so ninepipe starts without it.
public struct LibraryUnavailableError: NinepipeError, Hashable {
    /// The library (`libwebp`).
    public var library: String
    /// What the loader said (`libwebp.so.7: cannot open shared object file …`).
    public var reason: String
    /// What to install (`libwebp7 (Homebrew: webp)`).
    public var package: String

    /// Creates the error.
    public init(library: String, reason: String, package: String) {
        self.library = library
        self.reason = reason
        self.package = package
    }

    /// `libwebp is not available: … ; install libwebp7 (Homebrew: webp)`.
    public var description: String { "\(library) is not available: \(reason); install \(package)" }
}
