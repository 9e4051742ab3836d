// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// Whether the optional system library `module` (pkg-config name) is installed. A format whose
/// library is missing is left out of the build; `ninepipe --version` lists the formats compiled
/// in. `NINEPIPE_WITHOUT=webp,...` leaves installed ones out too (to check a minimal build).
func optionalLibrary(_ module: String, pkgConfig: String?, headers: [String]) -> Bool {
    let without = ProcessInfo.processInfo.environment["NINEPIPE_WITHOUT"]?.split(separator: ",").map(String.init) ?? []
    if without.contains(module) { return false }
    #if os(Linux)
    if let pkgConfig {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--exists", pkgConfig]
        if (try? process.run()) != nil {
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }
    #endif
    // Libraries without a pkg-config file (giflib), and where pkg-config cannot be run (macOS
    // sandboxes manifests): look for the headers.
    let prefixes = ["/usr/include", "/usr/local/include", "/opt/homebrew/include"]
    return headers.allSatisfy { header in prefixes.contains { FileManager.default.fileExists(atPath: "\($0)/\(header)") } }
}

let hasWebP = optionalLibrary("webp", pkgConfig: "libwebpmux", headers: ["webp/decode.h", "webp/mux.h", "webp/demux.h"])
let hasGIF = optionalLibrary("gif", pkgConfig: nil, headers: ["gif_lib.h"])
let hasLCMS = optionalLibrary("lcms", pkgConfig: "lcms2", headers: ["lcms2.h"])
let hasHEIF = optionalLibrary("heif", pkgConfig: "libheif", headers: ["libheif/heif.h"])
let hasISAL = optionalLibrary("isal", pkgConfig: "libisal", headers: ["isa-l.h"])
/// SVG needs nothing at build time: a helper process loads librsvg (dlopen) when an SVG is first
/// read, and `ninepipe --version` says whether it could.
let hasSVG = optionalLibrary("svg", pkgConfig: nil, headers: [])
/// The optional codecs' (and colour management's, and the fast inflater's) C modules found on this machine.
let optionalCodecs: [Target.Dependency] =
    (hasWebP ? ["CWebP"] : []) + (hasGIF ? ["CGIF"] : []) + (hasLCMS ? ["CLCMS"] : []) + (hasHEIF ? ["CHEIF"] : []) + (hasISAL ? ["CISAL"] : [])
    + (hasSVG ? ["CSVGShim"] : [])

/// The C target of an optional library loaded at run time: its table of functions and loader,
/// over the `…System` module that brings headers and linking on macOS only.
func lazyLibrary(_ name: String) -> Target {
    .target(
        name: name, dependencies: ["CLazyLoading", .target(name: name + "System", condition: .when(platforms: [.macOS]))],
        path: "Sources/" + name)
}

let package = Package(
    name: "Ninepipe",
    // Synchronization's Mutex and Atomic and task executors need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NinepipeCore", targets: ["NinepipeCore"]),
        // The same module as a shared library: what plugins loaded at run time link against.
        .library(name: "NinepipeCoreShared", type: .dynamic, targets: ["NinepipeCore"]),
        .library(name: "NinepipePlugins", targets: ["NinepipePlugins"]),
        // The built-ins' building blocks (resampler, blur, compositing, colour) as a shared
        // library: what a run-time plugin that calls them links against.
        .library(name: "NinepipePluginsShared", type: .dynamic, targets: ["NinepipePlugins"]),
        .library(name: "NinepipeHost", targets: ["NinepipeHost"]),
        // The command-line program as a library: argv, terminals, exit codes and flag names.
        .library(name: "NinepipeCLI", targets: ["NinepipeCLI"]),
        .executable(name: "ninepipe", targets: ["ninepipe"]),
        // Asset generation in a SwiftPM build (Plugins/NinepipeAssets) and on request
        // (`swift package ninepipe-assets`): see README, "In a SwiftPM build".
        .plugin(name: "NinepipeAssets", targets: ["NinepipeAssets"]),
        .plugin(name: "NinepipeAssetsCommand", targets: ["NinepipeAssetsCommand"]),
    ],
    targets: [
        // System C libraries, found through pkg-config.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CLibJPEG",
            path: "Sources/CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Optional libraries, each loaded with dlopen the first time it is needed, never linked
        // on Linux (Sources/CLazyLoading): a run that reads no WebP, GIF, HEIF or ICC profile
        // does not pay for loading them, and a missing one is an error naming it when its format
        // is used, not a program that cannot start. Their headers are in the default search path
        // there; on macOS each C…System module brings Homebrew's (pkg-config) and links it.
        .target(name: "CLazyLoading", path: "Sources/CLazyLoading", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // WebP (read and write, EXIF and ICC through the mux API).
        lazyLibrary("CWebP"),
        .systemLibrary(name: "CWebPSystem", path: "Sources/CWebPSystem", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // GIF (giflib has no pkg-config file; found by its header).
        lazyLibrary("CGIF"),
        .systemLibrary(name: "CGIFSystem", path: "Sources/CGIFSystem", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        // HEIC and AVIF (libheif, with its codecs and the C++ runtime they bring).
        lazyLibrary("CHEIF"),
        .systemLibrary(name: "CHEIFSystem", path: "Sources/CHEIFSystem", pkgConfig: "libheif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        // ISA-L's inflate, faster than zlib's on PNG data (zlib is used without it).
        lazyLibrary("CISAL"),
        .systemLibrary(name: "CISALSystem", path: "Sources/CISALSystem", pkgConfig: "libisal", providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
        // SVG through librsvg (LGPL-2.1+), never linked: helper processes load it with dlopen and
        // parse and draw there, bounded in time and memory; this shim is their client and body.
        .target(name: "CSVGShim", path: "Sources/CSVGShim"),
        // Colour management (LittleCMS 2): ICC profiles converted to sRGB, loaded as the above.
        lazyLibrary("CLCMS"),
        .systemLibrary(name: "CLCMSSystem", path: "Sources/CLCMSSystem", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        // A tiny C shim that owns libjpeg's setjmp/longjmp error path.
        .target(
            name: "CJPEGShim",
            dependencies: ["CLibJPEG"],
            path: "Sources/CJPEGShim"
        ),
        // The C layout of the header a run-time plugin declares itself with.
        .target(name: "CNinepipePlugin", path: "Sources/CNinepipePlugin"),
        // dladdr for the plugin loader: which loaded object holds a symbol.
        .target(name: "CPluginLoading", path: "Sources/CPluginLoading", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "NinepipeCore",
            dependencies: ["CZlib", "CJPEGShim", "CNinepipePlugin", "CLazyLoading"] + optionalCodecs,
            path: "Sources/Core",
            linkerSettings: [.linkedLibrary("m")],
            // PluginExport.interfaceFingerprint, which run-time plugins are checked against.
            plugins: ["CoreFingerprint"]
        ),
        .target(
            name: "NinepipePlugins",
            dependencies: ["NinepipeCore"],
            path: "Sources/Plugins"
        ),
        .target(
            name: "NinepipeHost",
            dependencies: ["NinepipeCore", "NinepipePlugins", "CPluginLoading"],
            path: "Sources/Host"
        ),
        .target(
            name: "NinepipeCLI",
            dependencies: ["NinepipeCore", "NinepipePlugins", "NinepipeHost"],
            path: "Sources/CLI"
        ),
        .executableTarget(
            name: "ninepipe",
            dependencies: ["NinepipeCLI"],
            path: "Sources/ninepipe",
            // Export the executable's symbols so a plugin loaded with --plugin binds to this
            // process's one copy of NinepipeCore (see Plugins.md, "Loading plugins at run time").
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        // Build-tool plugin: NinepipeCore's interface fingerprint, from its sources (Scripts/core-fingerprint.sh).
        .plugin(name: "CoreFingerprint", capability: .buildTool(), path: "Plugins/CoreFingerprint"),
        // Build-tool plugin: a target's nine-patches and renders, generated from its ninepipe.json.
        .plugin(name: "NinepipeAssets", capability: .buildTool(), dependencies: ["ninepipe"], path: "Plugins/NinepipeAssets"),
        // Command plugin: `swift package --allow-writing-to-package-directory ninepipe-assets ARGS…` runs ninepipe.
        .plugin(
            name: "NinepipeAssetsCommand",
            capability: .command(
                intent: .custom(verb: "ninepipe-assets", description: "Run ninepipe (assets, run, ninepatch …) on files of this package"),
                permissions: [.writeToPackageDirectory(reason: "ninepipe writes the generated images and asset catalogs into the package")]),
            dependencies: ["ninepipe"],
            path: "Plugins/NinepipeAssetsCommand"),
        // Helpers shared by the test targets (not a product).
        .target(name: "NinepipeTestSupport", dependencies: ["NinepipeCore"], path: "Tests/TestSupport"),
        .testTarget(name: "NinepipeCoreTests", dependencies: ["NinepipeCore", "NinepipeTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "NinepipePluginsTests", dependencies: ["NinepipePlugins", "NinepipeTestSupport"]),
        .testTarget(
            name: "NinepipeHostTests",
            dependencies: ["NinepipeHost", "NinepipeTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "NinepipeCLITests", dependencies: ["NinepipeCLI", "NinepipeHost", "NinepipePlugins", "NinepipeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
