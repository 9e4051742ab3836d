// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ninepipe",
    // Synchronization's Mutex and Atomic and task executors need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NinepipeCore", targets: ["NinepipeCore"]),
        // The same module as a shared library: what plugins loaded at run time link against.
        .library(name: "NinepipeCoreShared", type: .dynamic, targets: ["NinepipeCore"]),
        .library(name: "NinepipePlugins", targets: ["NinepipePlugins"]),
        .library(name: "NinepipeHost", targets: ["NinepipeHost"]),
        .executable(name: "ninepipe", targets: ["ninepipe"]),
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
        // A tiny C shim that owns libjpeg's setjmp/longjmp error path.
        .target(
            name: "CJPEGShim",
            dependencies: ["CLibJPEG"],
            path: "Sources/CJPEGShim"
        ),
        // The C layout of the header a run-time plugin declares itself with.
        .target(name: "CNinepipePlugin", path: "Sources/CNinepipePlugin"),
        .target(
            name: "NinepipeCore",
            dependencies: ["CZlib", "CJPEGShim", "CNinepipePlugin"],
            path: "Sources/Core",
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(
            name: "NinepipePlugins",
            dependencies: ["NinepipeCore"],
            path: "Sources/Plugins"
        ),
        .target(
            name: "NinepipeHost",
            dependencies: ["NinepipeCore", "NinepipePlugins"],
            path: "Sources/Host"
        ),
        .executableTarget(
            name: "ninepipe",
            dependencies: ["NinepipeHost"],
            path: "Sources/ninepipe",
            // Export the executable's symbols so a plugin loaded with --plugin binds to this
            // process's one copy of NinepipeCore (see Plugins.md, "Loading plugins at run time").
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        // Helpers shared by the test targets (not a product).
        .target(name: "NinepipeTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NinepipeCoreTests", dependencies: ["NinepipeCore", "NinepipeTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "NinepipePluginsTests", dependencies: ["NinepipePlugins", "NinepipeTestSupport"]),
        .testTarget(
            name: "NinepipeHostTests",
            dependencies: ["NinepipeHost", "NinepipeTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
