// swift-tools-version: 6.0
// A run-time plugin that calls the built-ins' building blocks: `glow` shrinks with Resampler,
// blurs with GaussianBlur, enlarges back and screens the result over the image.
//
//   swift build -c release     → .build/release/libGlowPlugin.so
//   ninepipe --plugin .build/release/libGlowPlugin.so run -e 'load "in.png" | glow radius=12 | save "g.png"'
//   swift test                 → the transform contract (TransformVerifier) and exact pixels
import PackageDescription

let package = Package(
    name: "GlowPlugin",
    products: [
        // A shared library `ninepipe --plugin` can load.
        .library(name: "GlowPlugin", type: .dynamic, targets: ["GlowPlugin"])
    ],
    dependencies: [
        // A real plugin would use .package(url: "https://…/ninepipe.git", exact: "0.1.0").
        .package(name: "Ninepipe", path: "../..")
    ],
    targets: [
        // The building blocks (Resampler, GaussianBlur, …) as the shared library: the plugin
        // calls the host's copy of them, and of the core beneath them. (The NinepipePlugins
        // product would copy both into the plugin, and the host would refuse it.)
        .target(name: "GlowPlugin", dependencies: [.product(name: "NinepipePluginsShared", package: "Ninepipe")]),
        .testTarget(name: "GlowPluginTests", dependencies: ["GlowPlugin"]),
    ],
    swiftLanguageModes: [.v6]
)
