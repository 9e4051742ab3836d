// swift-tools-version: 6.0
// libFuzzer targets over Ninepipe's decoders, nine-patch code, DSL and command line. Not part of the main
// build: `bash Scripts/fuzz.sh TARGET [SECONDS]` builds them with -sanitize=fuzzer,address.
import PackageDescription

let package = Package(
    name: "NinepipeFuzz",
    dependencies: [.package(name: "Ninepipe", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzHEIF", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzGIF", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzSVG", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzVector", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzNinePatch", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzDSL", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzInfo", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzFrame", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe")]),
        .executableTarget(
            name: "FuzzCLI",
            dependencies: ["FuzzSupport", .product(name: "NinepipeHost", package: "Ninepipe"), .product(name: "NinepipeCLI", package: "Ninepipe")]),
    ],
    swiftLanguageModes: [.v6]
)
