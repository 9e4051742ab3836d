import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads run-time plugins: shared libraries of steps (what the command line's plugin option uses).
///
/// The library must export `ninepipe_plugin_header` and `ninepipe_plugin_transforms` (see
/// `PluginExport`). Its header is read first, as plain C data; a library built for another plugin
/// ABI, another NinepipeCore version, another Swift toolchain or against a NinepipeCore whose code
/// differs (its interface fingerprint) is refused before any of its Swift code runs. Libraries are never closed: their types stay in use for the life of the process.
public enum PluginLoader {
    /// The transform types of the plugin library at `path`.
    public static func load(_ path: String) throws(PluginLoadError) -> [any TransformPlugin.Type] {
        // dlopen searches the library path for a bare name; a plugin is always a file the user names.
        let file = path.contains("/") ? path : "./" + path
        guard FileIO.exists(file) else { throw .cannotOpen(path: path, reason: "no such file") }
        _ = sharedCore
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            throw .cannotOpen(path: path, reason: dlerror().map { String(cString: $0) } ?? "unknown dlopen error")
        }
        guard let headerSymbol = dlsym(handle, "ninepipe_plugin_header") else { throw .notAPlugin(path: path, missing: "ninepipe_plugin_header") }
        typealias HeaderFunction = @convention(c) () -> UnsafeRawPointer?
        guard let raw = unsafeBitCast(headerSymbol, to: HeaderFunction.self)() else { throw .notAPlugin(path: path, missing: "a header") }
        let header = raw.assumingMemoryBound(to: ninepipe_plugin_header.self).pointee
        guard header.abi_version == UInt32(NINEPIPE_PLUGIN_ABI) else {
            throw .mismatch(path: path, what: "plugin ABI", plugin: String(header.abi_version), host: String(NINEPIPE_PLUGIN_ABI))
        }
        let coreVersion = header.core_version.map { String(cString: $0) } ?? "?"
        guard coreVersion == PluginExport.coreVersion else {
            throw .mismatch(path: path, what: "NinepipeCore version", plugin: coreVersion, host: PluginExport.coreVersion)
        }
        let toolchain = header.toolchain.map { String(cString: $0) } ?? "?"
        guard toolchain == NINEPIPE_PLUGIN_TOOLCHAIN else {
            throw .mismatch(path: path, what: "Swift toolchain", plugin: toolchain, host: NINEPIPE_PLUGIN_TOOLCHAIN)
        }
        let fingerprint = header.interface_fingerprint.map { String(cString: $0) } ?? "?"
        guard fingerprint == PluginExport.interfaceFingerprint else {
            throw .interfaceMismatch(path: path, plugin: fingerprint, host: PluginExport.interfaceFingerprint)
        }
        guard let transformsSymbol = dlsym(handle, "ninepipe_plugin_transforms") else {
            throw .notAPlugin(path: path, missing: "ninepipe_plugin_transforms")
        }
        typealias TransformsFunction = @convention(c) () -> UnsafeMutableRawPointer?
        guard let manifestPointer = unsafeBitCast(transformsSymbol, to: TransformsFunction.self)() else {
            throw .notAPlugin(path: path, missing: "a transform list")
        }
        // With two copies of NinepipeCore in the process the object's class is the other copy's
        // PluginManifest, and this cast fails instead of mixing types from both.
        let object = Unmanaged<AnyObject>.fromOpaque(manifestPointer).takeRetainedValue()
        guard let manifest = object as? PluginManifest else { throw .secondCoreCopy(path: path) }
        return manifest.types
    }

    /// Loads, once, the `libNinepipeCoreShared.so` beside the host's executable (its run path
    /// has `$ORIGIN`), by that bare name, so a plugin that needs it finds it even when copied
    /// alone into a folder: the dynamic loader gives a library already loaded under the name a
    /// plugin asks for to that plugin (the library has no SONAME, so the name it was opened by
    /// is what matches). The plugin's calls into the core still bind to the host's own symbols
    /// (the executable exports them). `false` when there is none: the plugin then looks beside
    /// itself, as its own run path says.
    static let sharedCore: Bool = {
        guard let executable = FileIO.realPath("/proc/self/exe"),
            FileIO.exists(FileIO.parentDirectory(of: executable) + "/libNinepipeCoreShared.so")
        else { return false }
        return dlopen("libNinepipeCoreShared.so", RTLD_NOW | RTLD_LOCAL) != nil
    }()
}
