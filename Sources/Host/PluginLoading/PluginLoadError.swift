import NinepipeCore

/// A plugin library that cannot be loaded.
public enum PluginLoadError: NinepipeError, Hashable {
    /// `dlopen` failed.
    case cannotOpen(path: String, reason: String)
    /// The library lacks an entry point.
    case notAPlugin(path: String, missing: String)
    /// Built for another ABI, core version or toolchain.
    case mismatch(path: String, what: String, plugin: String, host: String)
    /// Built against NinepipeCore or NinepipePlugins code that differs from the host's: its
    /// interface fingerprint (`PluginExport.interfaceFingerprint`) is `plugin`, the host's is `host`.
    case interfaceMismatch(path: String, plugin: String, host: String)
    /// The library carries its own copy of a Ninepipe `module` (`carrier`: in a library it
    /// brought, `nil`: in itself), where the process must have exactly one: `product` is the
    /// shared product to link instead (`nil`: none, as for the host, which plugins cannot link).
    case secondCopy(path: String, module: String, carrier: String?, product: String?)

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
            "\(path): built against NinepipeCore and NinepipePlugins sources that differ from this ninepipe's (interface fingerprint \(plugin.prefix(12)), this ninepipe's \(host.prefix(12))), so the types both use may be laid out differently; it is not loaded. Rebuild the plugin against the sources this ninepipe \(PluginExport.coreVersion) was built from, with the same toolchain (swift build -c release in the plugin's package)"
        case .secondCopy(let path, let module, let carrier, let product):
            "\(path): \(carrier.map { "the library \($0) it loads" } ?? "the plugin") carries its own copy of \(module)"
                + Self.copyRemedy(module: module, carrier: carrier, product: product)
        }
    }

    /// What brought a second copy of `module` and how to have none.
    private static func copyRemedy(module: String, carrier: String?, product: String?) -> String {
        let brought =
            carrier == nil ? "it links the \(module) product (or a library of its own that does) into itself" : "that library links \(module) into itself"
        guard let product else {
            return
                ", because \(brought); a plugin cannot link the host: depend on NinepipeCoreShared, and on NinepipePluginsShared for the built-ins' building blocks"
        }
        return
            ", because \(brought); depend on the \(product) product instead, so the process has exactly one copy (see Plugins.md, \"Loading plugins at run time\")"
    }
}
