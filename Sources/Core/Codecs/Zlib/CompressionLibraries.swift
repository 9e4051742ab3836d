import CZlib

#if canImport(CISAL)
import CISAL
#endif

/// The libraries that inflate and deflate PNG data in this build, for version listings.
public enum CompressionLibraries {
    /// What inflates: ISA-L when this build has it (`libisal-dev` at build time) and it loads
    /// (its version is the one built against), else zlib.
    public static var inflate: CodecLibrary {
        switch InflateEngine.preferred {
        case .isal:
            #if canImport(CISAL)
            CodecLibrary(
                name: "ISA-L", version: "\(ISAL_MAJOR_VERSION).\(ISAL_MINOR_VERSION).\(ISAL_PATCH_VERSION)", package: ISALLibrary.library.package,
                isLoadedAtRunTime: true)
            #else
            deflate
            #endif
        case .zlib: deflate
        }
    }

    /// What deflates: zlib.
    public static var deflate: CodecLibrary { CodecLibrary(name: "zlib", version: String(cString: zlibVersion()), package: "zlib1g-dev") }
}
