#if canImport(CGIF)
import CGIF

/// giflib, loaded the first time a GIF is read or written (or its version asked), never linked.
enum GIFLibrary {
    static let library = LoadedLibrary<ninepipe_gif>(name: "giflib", package: "libgif7 (Homebrew: giflib)") { ninepipe_gif_load($0) }

    /// The functions, loading the library on first use.
    static func functions() throws(LibraryUnavailableError) -> ninepipe_gif { try library.functions() }
}
#endif
