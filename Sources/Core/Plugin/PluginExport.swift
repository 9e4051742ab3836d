@_exported import CNinepipePlugin

/// What a run-time plugin (a shared library of steps, loaded with the command line's plugin
/// option) exports so a host can load it: not a step itself, nor a SwiftPM plugin.
///
/// A plugin library defines exactly these two C entry points (the host looks them up by name):
///
/// ```swift
/// @_cdecl("ninepipe_plugin_header")
/// public func ninepipePluginHeader() -> UnsafeRawPointer { PluginExport.header() }
///
/// @_cdecl("ninepipe_plugin_transforms")
/// public func ninepipePluginTransforms() -> UnsafeMutableRawPointer { PluginExport.transforms([Sepia.self]) }
/// ```
///
/// The host reads the header first (plain C data: ABI version, core version, toolchain and the
/// core's interface fingerprint) and refuses a library built for anything else; only then does it
/// ask for the transform types.
public enum PluginExport {
    /// The version of NinepipeCore; a plugin must be built against the same one as its host.
    /// (Emitted into the caller, so a plugin reports the version it was compiled against.)
    @_alwaysEmitIntoClient
    public static var coreVersion: String { NINEPIPE_VERSION }

    /// The interface fingerprint of what plugins build on: the SHA-256 of the sources of
    /// NinepipeCore and of NinepipePlugins (the building blocks) and of the C headers the core
    /// imports, comment and blank lines left out, written while the core builds (the
    /// `CoreFingerprint` build-tool plugin). Emitted into the caller, so a plugin reports the
    /// fingerprint of the code it was compiled against.
    @_alwaysEmitIntoClient
    public static var interfaceFingerprint: String { buildFingerprint() }

    /// What ``interfaceFingerprint`` is where SwiftPM builds the core without its build-tool
    /// plugins (as a tool a SwiftPM plugin runs): the generated `buildFingerprint()`, which takes
    /// no argument, is preferred wherever it exists.
    @_alwaysEmitIntoClient @usableFromInline @_disfavoredOverload
    static func buildFingerprint(_ placeholder: Void = ()) -> String { "unknown: built without the CoreFingerprint plugin" }

    /// The header describing the code that calls it, with the ABI version, core version,
    /// toolchain and ``interfaceFingerprint`` compiled into the *caller* (so a plugin reports what
    /// it was built with).
    @_alwaysEmitIntoClient
    public static func header() -> UnsafeRawPointer {
        let header = UnsafeMutablePointer<ninepipe_plugin_header>.allocate(capacity: 1)
        header.initialize(
            to: ninepipe_plugin_header(
                abi_version: UInt32(NINEPIPE_PLUGIN_ABI),
                core_version: strdupString(coreVersion),
                toolchain: strdupString(NINEPIPE_PLUGIN_TOOLCHAIN),
                interface_fingerprint: strdupString(interfaceFingerprint)))
        return UnsafeRawPointer(header)
    }

    /// The transform types, retained for the host to take (it never unloads the library).
    public static func transforms(_ types: [any TransformPlugin.Type]) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(PluginManifest(types)).toOpaque()
    }

    /// A C copy of `text` that lives as long as the process (a few bytes per loaded plugin).
    @_alwaysEmitIntoClient @usableFromInline
    static func strdupString(_ text: String) -> UnsafePointer<CChar> {
        let bytes = Array(text.utf8CString)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(copy)
    }
}

/// The transform types a plugin library hands to its host.
public final class PluginManifest: Sendable {
    /// The transforms, registered like built-in ones.
    public let types: [any TransformPlugin.Type]

    /// Wraps `types`.
    public init(_ types: [any TransformPlugin.Type]) { self.types = types }
}
