#if canImport(CHEIF)
import CHEIF

/// libheif, loaded the first time a HEIC or AVIF is read or written (or its version asked),
/// never linked: a process that touches no HEIF does not load libheif, its codecs (libde265,
/// x265, dav1d, aom) and the C++ runtime they need, which cost every run several milliseconds.
enum HEIFLibrary {
    static let library = LoadedLibrary<ninepipe_heif>(name: "libheif", package: "libheif1 (Homebrew: libheif)") { ninepipe_heif_load($0) }

    /// libheif's functions, loading the library on first use.
    static func functions() throws(LibraryUnavailableError) -> ninepipe_heif { try library.functions() }

    /// libheif's version (`1.15.1`), or `nil` when it cannot be loaded on this machine.
    static var version: String? { library.table?.heif_get_version().map { String(cString: $0) } }
}
#endif
