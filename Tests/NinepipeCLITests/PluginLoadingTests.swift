import Foundation
import NinepipeCore
import NinepipePlugins
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
    /// `code` is more C; `linking` more compiler arguments (libraries to link).
    func fakePlugin(
        abi: Int, core: String, toolchain: String, fingerprint: String = PluginExport.interfaceFingerprint, directory: String,
        code: String = "", linking: [String] = []
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
        \(code)
        """.write(toFile: source, atomically: true, encoding: .utf8)
        return try ChildProcess.run(compiler, ["-shared", "-fPIC", "-o", library, source] + linking).status == 0 ? library : nil
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
                "built against NinepipeCore and NinepipePlugins sources that differ from this ninepipe's (interface fingerprint 0123456789ab, this ninepipe's \(PluginExport.interfaceFingerprint.prefix(12))), so the types both use may be laid out differently; it is not loaded. Rebuild the plugin against the sources"
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

    /// C defining the type descriptor symbol a copy of `type` (a Ninepipe module's) carries.
    func descriptor(of type: any Any.Type, _ variable: String) -> String {
        "const int \(variable) __asm__(\"$s\(_mangledTypeName(type) ?? "?")Mn\") = 1;"
    }

    @Test("a library carrying its own copy of NinepipeCore or NinepipePlugins is refused naming the module, what brought it and the shared product to use")
    func ownCopies() throws {
        let directory = try TemporaryFolder.make("plugins")
        func plugin(_ code: String, linking: [String] = []) throws -> String? {
            try fakePlugin(
                abi: Int(NINEPIPE_PLUGIN_ABI), core: PluginExport.coreVersion, toolchain: NINEPIPE_PLUGIN_TOOLCHAIN, directory: directory,
                code: code, linking: linking)
        }
        // A library the plugin links that carries the core: built as a plain library, not a plugin.
        let carrier = directory + "/libcarrier.so"
        try (descriptor(of: Image.self, "image") + "\n").write(toFile: directory + "/carrier.c", atomically: true, encoding: .utf8)
        guard let compiler = Self.compiler,
            try ChildProcess.run(compiler, ["-shared", "-fPIC", "-o", carrier, directory + "/carrier.c"]).status == 0,
            let core = try plugin(descriptor(of: Image.self, "image")),
            let blocks = try plugin(descriptor(of: Image.self, "image") + descriptor(of: Resampler.self, "resampler")),
            let host = try plugin(descriptor(of: Image.self, "image") + descriptor(of: PipelineRunner.self, "runner")),
            let brought = try plugin("", linking: ["-Wl,--no-as-needed", carrier, "-Wl,-rpath," + directory])
        else {
            Issue.record("no C compiler found to build test libraries (looked for clang, cc, gcc)")
            return
        }
        #expect(
            message(core)
                == "\(core): the plugin carries its own copy of NinepipeCore, because it links the NinepipeCore product (or a library of its own that does) into itself; depend on the NinepipeCoreShared product instead, so the process has exactly one copy (see Plugins.md, \"Loading plugins at run time\")"
        )
        #expect(
            message(blocks).contains(
                "the plugin carries its own copy of NinepipePlugins, because it links the NinepipePlugins product (or a library of its own that does) into itself; depend on the NinepipePluginsShared product instead"
            ), "\(message(blocks))")
        #expect(message(host).contains("carries its own copy of NinepipeHost") && message(host).contains("a plugin cannot link the host"))
        #expect(
            message(brought).contains(
                "\(brought): the library \(carrier) it loads carries its own copy of NinepipeCore, because that library links NinepipeCore into itself; depend on the NinepipeCoreShared product instead"
            ),
            "\(message(brought))")
        let result = TestConsole.run(["--plugin", blocks, "plugins"])
        #expect(result.status == 2 && result.err.contains("NinepipePluginsShared"), "\(result.err)")
    }

    @Test("a plugin needing a library this ninepipe does without (the tarball's libheif) says what to do; a static build refuses every plugin")
    func missingLibraries() {
        let notLoaded: (String) -> Bool = { _ in false }
        #expect(
            PluginLoader.missingLibraryHint("libheif.so.1: cannot open shared object file: No such file or directory", isLoaded: notLoaded)
                == "; this ninepipe was built without libheif.so.1, and the plugin needs it only because it was built with it: rebuild the plugin as this ninepipe was built, NINEPIPE_WITHOUT=heif swift build -c release"
        )
        // A static build has no shared Swift runtime to give a plugin: refused before dlopen.
        #expect(PluginLoader.runtimeRefusal(isLoaded: notLoaded)?.contains("this ninepipe has the Swift runtime built into it") == true)
        #expect(PluginLoader.runtimeRefusal() == nil)
        // An optional library this process has: the plugin misses it for another reason.
        #expect(PluginLoader.missingLibraryHint("libheif.so.1: cannot open shared object file: No such file or directory", isLoaded: { _ in true }) == "")
        // Not a library it does without, or not a missing file.
        #expect(PluginLoader.missingLibraryHint("libfoo.so.1: cannot open shared object file: No such file or directory", isLoaded: notLoaded) == "")
        #expect(PluginLoader.missingLibraryHint("libwebp.so.7: undefined symbol: WebPFree", isLoaded: notLoaded) == "")
    }

    @Test("a library that exports no plugin header is refused from its file, before dlopen: its constructor never runs; a plugin's does (loading runs code)")
    func refusedBeforeOpening() throws {
        let directory = try TemporaryFolder.make("plugins-elf")
        let marker = directory + "/constructor-ran"
        let constructor = "#include <stdio.h>\n__attribute__((constructor)) static void ran(void) { FILE *f = fopen(\"\(marker)\", \"w\"); if (f) fclose(f); }"
        guard let compiler = Self.compiler else {
            Issue.record("no C compiler found to build test libraries (looked for clang, cc, gcc)")
            return
        }
        let source = directory + "/other.c"
        let library = directory + "/libother.so"
        try (constructor + "\nint other_library_function(void) { return 1; }\n").write(toFile: source, atomically: true, encoding: .utf8)
        #expect(try ChildProcess.run(compiler, ["-shared", "-fPIC", "-o", library, source]).status == 0)
        #expect(
            message(library) == "\(library): not a Ninepipe plugin (it does not export ninepipe_plugin_header); see Plugins.md, \"Loading plugins at run time\""
        )
        #expect(!FileManager.default.fileExists(atPath: marker), "the library's constructor ran")
        // An image given by mistake: not opened as a library at all.
        let png = directory + "/picture.so"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64)).write(to: URL(fileURLWithPath: png))
        #expect(message(png).hasSuffix("cannot load the plugin: not an ELF shared library (a plugin is the lib….so that swift build makes)"))
        // A library that exports the header is opened, and its constructor runs before any check
        // (what Plugins.md and SECURITY.md say: the checks are for compatibility, not safety).
        let withHeader = try #require(
            try fakePlugin(abi: 99, core: PluginExport.coreVersion, toolchain: NINEPIPE_PLUGIN_TOOLCHAIN, directory: directory, code: constructor))
        #expect(message(withHeader).contains("built for plugin ABI 99"))
        #expect(FileManager.default.fileExists(atPath: marker))
    }
}
