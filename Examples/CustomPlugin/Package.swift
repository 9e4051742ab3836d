// swift-tools-version: 6.0
// A third-party transform plugin for Ninepipe, in its own package.
//
//   swift build -c release     → .build/release/libSepiaPlugin.so
//   ninepipe --plugin .build/release/libSepiaPlugin.so run -e 'load "in.png" | sepia | save "s.png"'
//   swift test                 → the transform contract (TransformVerifier) and golden pixels
import PackageDescription

let package = Package(
    name: "SepiaPlugin",
    products: [
        // A shared library `ninepipe --plugin` can load.
        .library(name: "SepiaPlugin", type: .dynamic, targets: ["SepiaPlugin"])
    ],
    dependencies: [
        // A real plugin would use .package(url: "https://…/ninepipe.git", exact: "0.1.0").
        .package(name: "Ninepipe", path: "../..")
    ],
    targets: [
        // Only the core, as the shared library: the process that loads the plugin then has exactly
        // one copy of NinepipeCore (the host's own; see Plugins.md).
        .target(name: "SepiaPlugin", dependencies: [.product(name: "NinepipeCoreShared", package: "Ninepipe")]),
        .testTarget(name: "SepiaPluginTests", dependencies: ["SepiaPlugin"]),
    ],
    swiftLanguageModes: [.v6]
)
