import NinepipeCore

/// A plugin library that cannot be loaded.
public enum PluginLoadError: NinepipeError, Hashable {
    /// `dlopen` failed.
    case cannotOpen(path: String, reason: String)
    /// The library lacks an entry point.
    case notAPlugin(path: String, missing: String)
    /// Built for another ABI, core version or toolchain.
    case mismatch(path: String, what: String, plugin: String, host: String)
    /// Built against a NinepipeCore whose code differs from the host's: its interface fingerprint
    /// (`PluginExport.interfaceFingerprint`) is `plugin`, the host's is `host`.
    case interfaceMismatch(path: String, plugin: String, host: String)
    /// The library brought its own copy of NinepipeCore.
    case secondCoreCopy(path: String)

    /// The message.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "\(path): cannot load the plugin: \(reason)"
        case .notAPlugin(let path, let missing):
            "\(path): not a Ninepipe plugin (it does not export \(missing)); see Plugins.md, \"Loading plugins at run time\""
        case .mismatch(let path, let what, let plugin, let host):
            "\(path): built for \(what) \(plugin), but this ninepipe has \(host); rebuild the plugin against this ninepipe's sources with the same toolchain"
        case .interfaceMismatch(let path, let plugin, let host):
            "\(path): built against a NinepipeCore whose code differs from this ninepipe's (interface fingerprint \(plugin.prefix(12)), this ninepipe's \(host.prefix(12))), so the types both use may be laid out differently; it is not loaded. Rebuild the plugin against the sources this ninepipe \(PluginExport.coreVersion) was built from, with the same toolchain (swift build -c release in the plugin's package)"
        case .secondCoreCopy(let path):
            "\(path): the plugin carries its own copy of NinepipeCore; link it against the NinepipeCoreShared product so the process has exactly one"
        }
    }
}
