import CPluginLoading
import NinepipeCore
import NinepipePlugins

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads run-time plugins: shared libraries of steps (what the command line's plugin option uses).
///
/// The library must export `ninepipe_plugin_header` and `ninepipe_plugin_transforms` (see
/// `PluginExport`); a file whose dynamic symbol table does not (or that is no ELF library for
/// this machine) is refused before it is opened, from its bytes. Opening runs the library's
/// constructors and reading its header calls its header function; after that, a library built
/// for another plugin ABI, another NinepipeCore version, another Swift toolchain or against
/// other NinepipeCore or NinepipePlugins code (its interface fingerprint), or one that carries
/// its own copy of them, is refused before the host uses any of its Swift types.
///
/// These checks are for compatibility, not safety: they turn an incompatible plugin into a
/// message instead of a crash, but a plugin's code runs with the host's rights as soon as it is
/// opened. Load only plugins you trust as you trust `ninepipe` itself (SECURITY.md). Libraries
/// are never closed: their types stay in use for the life of the process.
public enum PluginLoader {
    /// The transform types of the plugin library at `path`.
    public static func load(_ path: String) throws(PluginLoadError) -> [any TransformPlugin.Type] {
        // dlopen searches the library path for a bare name; a plugin is always a file the user names.
        let file = path.contains("/") ? path : "./" + path
        guard FileIO.exists(file) else { throw .cannotOpen(path: path, reason: "no such file") }
        if let reason = runtimeRefusal() { throw .cannotOpen(path: path, reason: reason) }
        // A file that cannot be a plugin is refused before dlopen runs any of its code.
        try PluginFile.check(file, name: path)
        _ = sharedLibraries
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw .cannotOpen(path: path, reason: reason + missingLibraryHint(reason))
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
        if let copy = ownCopy(in: handle, entryPoint: headerSymbol) {
            throw .secondCopy(path: path, module: copy.module, carrier: copy.carrier, product: copy.product)
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
        guard let manifest = object as? PluginManifest else {
            throw .secondCopy(path: path, module: "NinepipeCore", carrier: nil, product: "NinepipeCoreShared")
        }
        return manifest.types
    }

    /// The shared products a plugin links against (see Plugins.md, "Loading plugins at run time").
    static let sharedProducts = ["libNinepipeCoreShared.so", "libNinepipePluginsShared.so"]

    /// Loads, once, the shared products the host ships, each by its bare name, so a plugin that
    /// needs one finds it even when copied alone into a folder: the dynamic loader gives a
    /// library already loaded under the name a plugin asks for to that plugin (these libraries
    /// have no SONAME, so the name they were opened by is what matches). They lie beside the
    /// executable in a build folder and in `../lib` in the release tarball, which the
    /// executable's run path names (`$ORIGIN`, `$ORIGIN/../lib`). The plugin's calls into them
    /// still bind to the host's own symbols (the executable exports them). The names loaded:
    /// none where the host has no such libraries, and a plugin then looks beside itself, as its
    /// own run path says.
    static let sharedLibraries: [String] = {
        guard let executable = FileIO.realPath("/proc/self/exe") else { return [] }
        let folder = FileIO.parentDirectory(of: executable)
        return sharedProducts.filter { name in
            [folder, folder + "/../lib"].contains { FileIO.exists($0 + "/" + name) } && dlopen(name, RTLD_NOW | RTLD_LOCAL) != nil
        }
    }()

    /// The optional libraries a build may leave out, by the start of their file names, with the
    /// name `NINEPIPE_WITHOUT` gives them.
    private static let optionalLibraries = [
        ("libheif.", "heif"), ("libwebp", "webp"), ("libgif.", "gif"), ("liblcms2.", "lcms"), ("libisal.", "isal"),
    ]

    /// When `reason` (dlopen's) is a missing optional library this host was built without (the
    /// release tarball has no libheif), how to build the plugin to match; else nothing.
    /// `isLoaded` says whether this process has a library of that name.
    static func missingLibraryHint(
        _ reason: String, isLoaded: (String) -> Bool = { dlopen($0, RTLD_NOW | RTLD_NOLOAD) != nil }
    ) -> String {
        guard let colon = reason.firstRange(of: ": cannot open shared object file") else { return "" }
        let missing = String(reason[..<colon.lowerBound])
        guard !isLoaded(missing) else { return "" }
        guard let (_, option) = optionalLibraries.first(where: { missing.hasPrefix($0.0) }) else { return "" }
        return "; this ninepipe was built without \(missing), and the plugin needs it only because it was built with it:"
            + " rebuild the plugin as this ninepipe was built, NINEPIPE_WITHOUT=\(option) swift build -c release"
    }

    /// Why this host cannot load any plugin, or `nil`. On Linux a plugin needs the shared Swift
    /// runtime, and a host with the runtime built into it (a static build, as the container
    /// image's) has none to share: the plugin would bring a second runtime, or fail to find one.
    /// `isLoaded` says whether this process has a library of that name.
    static func runtimeRefusal(isLoaded: (String) -> Bool = { dlopen($0, RTLD_NOW | RTLD_NOLOAD) != nil }) -> String? {
        #if os(Linux)
        guard !isLoaded("libswiftCore.so") else { return nil }
        return "this ninepipe has the Swift runtime built into it (a static build, as the container image's), so it cannot share"
            + " the runtime with a plugin; load plugins into the release tarball's ninepipe or one built from source"
        #else
        return nil
        #endif
    }

    /// A Ninepipe module a plugin must not carry a copy of: a public type of it (whose type
    /// descriptor, exported by every copy, marks one) and the product to link instead.
    private struct Module {
        let name: String
        let marker: any Any.Type
        let product: String?
    }

    /// From the module a plugin may build on most to the one it may build on least: the first a
    /// plugin carries names what brought the copy (the building blocks bring the core with them).
    private static let modules = [
        Module(name: "NinepipeHost", marker: PipelineRunner.self, product: nil),
        Module(name: "NinepipePlugins", marker: Resampler.self, product: "NinepipePluginsShared"),
        Module(name: "NinepipeCore", marker: Image.self, product: "NinepipeCoreShared"),
    ]

    /// The first of ``modules`` the plugin opened as `handle` has a copy of, in itself or in a
    /// library it brought other than the shared products; `entryPoint` lies in the plugin. Read
    /// from the loader's tables only: none of the plugin's code runs here (its constructors and
    /// header function already have).
    private static func ownCopy(in handle: UnsafeMutableRawPointer, entryPoint: UnsafeMutableRawPointer) -> (
        module: String, carrier: String?, product: String?
    )? {
        var ignored: UnsafePointer<CChar>?
        guard let plugin = ninepipe_object_containing(entryPoint, &ignored) else { return nil }
        for module in modules {
            guard let mangled = _mangledTypeName(module.marker),
                let descriptor = dlsym(handle, "$s" + mangled + "Mn")
            else { continue }
            var name: UnsafePointer<CChar>?
            guard let owner = ninepipe_object_containing(descriptor, &name) else { continue }
            if owner == plugin { return (module.name, nil, module.product) }
            let file = name.map { String(cString: $0) } ?? "?"
            if !sharedProducts.contains(FileIO.baseName(of: file)) { return (module.name, file, module.product) }
        }
        return nil
    }
}
