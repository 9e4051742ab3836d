#if canImport(CWebP)
import CWebP

/// libwebp, libwebpmux and libwebpdemux, loaded the first time a WebP is read or written (or
/// their version asked), never linked.
enum WebPLibrary {
    static let library = LoadedLibrary<ninepipe_webp>(name: "libwebp", package: "libwebp7, libwebpmux3 and libwebpdemux2 (Homebrew: webp)") {
        ninepipe_webp_load($0)
    }

    /// The functions, loading the libraries on first use.
    static func functions() throws(LibraryUnavailableError) -> ninepipe_webp { try library.functions() }
}
#endif
