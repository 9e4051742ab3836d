#if canImport(CLCMS)
import CLCMS

/// LittleCMS 2, loaded the first time an ICC profile is converted (or its version asked), never
/// linked.
enum LittleCMSLibrary {
    static let library = LoadedLibrary<ninepipe_lcms>(name: "LittleCMS", package: "liblcms2-2 (Homebrew: little-cms2)") { ninepipe_lcms_load($0) }

    /// The functions, loading the library on first use.
    static func functions() throws(LibraryUnavailableError) -> ninepipe_lcms { try library.functions() }
}
#endif
