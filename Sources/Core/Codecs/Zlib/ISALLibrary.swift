#if canImport(CISAL)
import CISAL

/// ISA-L, loaded the first time PNG data is inflated with it, never linked; without it on the
/// machine, zlib inflates.
enum ISALLibrary {
    static let library = LoadedLibrary<ninepipe_isal>(name: "ISA-L", package: "libisal2 (Homebrew: isa-l)") { ninepipe_isal_load($0) }
}
#endif
