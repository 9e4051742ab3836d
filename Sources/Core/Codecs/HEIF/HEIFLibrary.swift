#if canImport(CHEIF)
import CHEIF

/// libheif, loaded with `dlopen` the first time a HEIC or AVIF is read or written (or its version
/// asked), never linked: a process that touches no HEIF does not load libheif, its codecs
/// (libde265, x265, dav1d, aom) and the C++ runtime they need, which cost every run several
/// milliseconds before anything else happened.
enum HEIFLibrary {
    /// libheif's functions, or why they could not be loaded.
    private static let loaded: Result<ninepipe_heif, HEIFError> = {
        var reason: UnsafePointer<CChar>?
        guard let table = ninepipe_heif_load(&reason) else {
            let text = reason.map { String(cString: $0) } ?? "libheif could not be loaded"
            return .failure(.unavailable("\(text); install libheif1 (Homebrew: libheif) to read and write HEIC and AVIF"))
        }
        return .success(table.pointee)
    }()

    /// libheif's functions, loading the library on first use.
    static func functions() throws(HEIFError) -> ninepipe_heif { try loaded.get() }

    /// libheif's version (`1.15.1`), or `nil` when it cannot be loaded on this machine.
    static var version: String? { (try? functions())?.heif_get_version().map { String(cString: $0) } }
}
#endif
