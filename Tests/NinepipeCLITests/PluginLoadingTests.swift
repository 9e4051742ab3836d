import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// Run-time plugin loading: libraries that are not plugins, or were built for another ABI, core
/// version or toolchain, are refused with a message before any of their Swift code runs.
/// (The real example plugin is built and loaded by `.ci/run`.)
@Suite("plugin loading")
struct PluginLoadingTests {
    /// A C compiler to build fake plugin libraries: the toolchain's clang, or the system's cc.
    static var compiler: String? { ChildProcess.tool("/usr/bin/clang", "/usr/bin/cc", "/usr/bin/gcc", "clang") }

    /// Builds a shared library whose header reports `abi`, `core`, `toolchain` and `fingerprint`.
    func fakePlugin(
        abi: Int, core: String, toolchain: String, fingerprint: String = PluginExport.interfaceFingerprint, directory: String
    ) throws -> String? {
        guard let compiler = Self.compiler else { return nil }
        let source = directory + "/fake.c"
        let library = directory + "/libfake-\(UUID().uuidString).so"
        let escaped = toolchain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try """
        #include <stdint.h>
        typedef struct { uint32_t abi; const char *core; const char *toolchain; const char *fingerprint; } header;
        static header h = { \(abi), "\(core)", "\(escaped)", "\(fingerprint)" };
        const void *ninepipe_plugin_header(void) { return &h; }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        return try ChildProcess.run(compiler, ["-shared", "-fPIC", "-o", library, source]).status == 0 ? library : nil
    }

    func message(_ path: String) -> String {
        do {
            _ = try PluginLoader.load(path)
            return "loaded"
        } catch {
            return error.description
        }
    }

    @Test("wrong ABI, core version, toolchain or core interface is refused naming both sides; a non-plugin and a missing file too")
    func refusals() throws {
        let directory = try TemporaryFolder.make("plugins")
        #expect(message(directory + "/missing.so") == "\(directory)/missing.so: cannot load the plugin: no such file")
        try "not a library".write(toFile: directory + "/text.so", atomically: true, encoding: .utf8)
        #expect(message(directory + "/text.so").hasPrefix("\(directory)/text.so: cannot load the plugin: "))
        guard let wrongABI = try fakePlugin(abi: 99, core: PluginExport.coreVersion, toolchain: NINEPIPE_PLUGIN_TOOLCHAIN, directory: directory),
            let wrongCore = try fakePlugin(abi: Int(NINEPIPE_PLUGIN_ABI), core: "9.9.9", toolchain: NINEPIPE_PLUGIN_TOOLCHAIN, directory: directory),
            let wrongToolchain = try fakePlugin(
                abi: Int(NINEPIPE_PLUGIN_ABI), core: PluginExport.coreVersion, toolchain: "clang 1.0 (elsewhere)", directory: directory),
            let changedCore = try fakePlugin(
                abi: Int(NINEPIPE_PLUGIN_ABI), core: PluginExport.coreVersion, toolchain: NINEPIPE_PLUGIN_TOOLCHAIN,
                fingerprint: "0123456789abcdef" + String(repeating: "0", count: 48), directory: directory),
            let noTransforms = try fakePlugin(
                abi: Int(NINEPIPE_PLUGIN_ABI), core: PluginExport.coreVersion, toolchain: NINEPIPE_PLUGIN_TOOLCHAIN, directory: directory)
        else {
            Issue.record("no C compiler found to build test libraries (looked for clang, cc, gcc)")
            return
        }
        #expect(
            message(wrongABI)
                == "\(wrongABI): built for plugin ABI 99, but this ninepipe has \(NINEPIPE_PLUGIN_ABI); rebuild the plugin against this ninepipe's sources with the same toolchain"
        )
        #expect(message(wrongCore).contains("built for NinepipeCore version 9.9.9, but this ninepipe has \(PluginExport.coreVersion)"))
        #expect(message(wrongToolchain).contains("built for Swift toolchain clang 1.0 (elsewhere), but this ninepipe has \(NINEPIPE_PLUGIN_TOOLCHAIN)"))
        #expect(
            message(changedCore).contains(
                "built against a NinepipeCore whose code differs from this ninepipe's (interface fingerprint 0123456789ab, this ninepipe's \(PluginExport.interfaceFingerprint.prefix(12))), so the types both use may be laid out differently; it is not loaded. Rebuild the plugin against the sources"
            ), "\(message(changedCore))")
        #expect(PluginExport.interfaceFingerprint.count == 64 && PluginExport.interfaceFingerprint.allSatisfy(\.isHexDigit))
        #expect(
            message(noTransforms)
                == "\(noTransforms): not a Ninepipe plugin (it does not export ninepipe_plugin_transforms); see Plugins.md, \"Loading plugins at run time\"")
        // The command line refuses a plugin for another ninepipe as the wrong thing given (exit 2),
        // before running anything, and without the usage hint; a file that cannot be opened is a
        // failure of that input (exit 1).
        for library in [wrongABI, changedCore] {
            let result = TestConsole.run(["--plugin", library, "plugins"])
            #expect(result.status == 2 && result.err.contains("\(library): built ") && !result.err.contains("--help"), "\(result.err)")
        }
        #expect(TestConsole.run(["--plugin", directory + "/missing.so", "plugins"]).status == 1)
    }
}
