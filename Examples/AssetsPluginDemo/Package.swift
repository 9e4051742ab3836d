// swift-tools-version: 6.1
// A package that generates its images while it builds, with Ninepipe's build-tool plugin:
// Sources/Demo/ninepipe.json says what to make; the results are the target's resources.
import PackageDescription

let package = Package(
    name: "AssetsPluginDemo",
    platforms: [.macOS(.v15)],
    dependencies: [
        // A real project: .package(url: "https://…/ninepipe.git", from: "0.1.0")
        .package(name: "Ninepipe", path: "../..")
    ],
    targets: [
        .target(
            name: "Demo",
            exclude: ["button.9.png", "card.9.png", "ninepipe.json"],
            plugins: [.plugin(name: "NinepipeAssets", package: "Ninepipe")]
        ),
        .testTarget(name: "DemoTests", dependencies: ["Demo"]),
    ],
    swiftLanguageModes: [.v6]
)
