import NinepipeCore

/// The package `ninepipe plugins new NAME` writes: a run-time plugin with one step, ready to
/// build, test and load.
struct PluginTemplate {
    /// Where the package finds Ninepipe.
    enum Dependency {
        /// A Ninepipe checkout on this machine.
        case path(String)
        /// Ninepipe's git repository, at exactly this ninepipe's version.
        case url(String)
    }

    /// The step's name (`demo`, `soft-glow`).
    let stepName: String
    /// Where Ninepipe comes from.
    let dependency: Dependency

    /// Whether `name` can name a step: a lower-case word of letters, digits, `-` and `_` that starts
    /// with a letter (what the step registry accepts), at most 40 characters.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 40 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    /// The Swift type of the step: `soft-glow` → `SoftGlow`.
    var typeName: String {
        stepName.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The package, target and library name: `SoftGlowPlugin` (built as `libSoftGlowPlugin.so`).
    var moduleName: String { typeName + "Plugin" }

    /// Every file, by its path inside the package.
    var files: [(path: String, text: String)] {
        [
            ("Package.swift", packageManifest),
            ("Sources/\(moduleName)/\(typeName).swift", transform),
            ("Sources/\(moduleName)/PluginEntry.swift", entryPoints),
            ("Tests/\(moduleName)Tests/\(typeName)Tests.swift", tests),
            ("README.md", readme),
            (".gitignore", ".build/\n.swiftpm/\n"),
        ]
    }

    private var dependencyLine: String {
        switch dependency {
        case .path(let path): ".package(name: \"Ninepipe\", path: \(Self.literal(path)))"
        case .url(let url): ".package(url: \(Self.literal(url)), exact: \(Self.literal(PluginExport.coreVersion)))"
        }
    }

    /// The package identity SwiftPM gives the dependency: `Ninepipe` for a checkout, else the
    /// URL's last path component without `.git` (``isValidURL(_:)`` keeps it to safe characters).
    var packageName: String {
        switch dependency {
        case .path: "Ninepipe"
        case .url(let url): Self.repositoryName(url)
        }
    }

    /// The last path component of a git URL, without a trailing `/` or `.git`.
    static func repositoryName(_ url: String) -> String {
        let last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? ""
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }

    /// Whether `url` can be Ninepipe's git URL in the written manifest: `https://`, `http://`,
    /// `ssh://`, `git://` or `file://` (or scp-like `git@host:path`), at most 1000 characters of
    /// letters, digits and `-._~:/@%+=`, and ending in a repository name of letters, digits,
    /// `-`, `_` and `.`. Anything else is refused, never written into `Package.swift`.
    static func isValidURL(_ url: String) -> Bool {
        let schemes = ["https://", "http://", "ssh://", "git://", "file://", "git@"]
        guard url.count <= 1000, schemes.contains(where: { url.hasPrefix($0) }) else { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/@%+=".unicodeScalars)
        guard url.unicodeScalars.allSatisfy(allowed.contains) else { return false }
        let name = repositoryName(url)
        let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.".unicodeScalars)
        return !name.isEmpty && name != "." && name != ".." && name.unicodeScalars.allSatisfy(nameCharacters.contains)
    }

    /// `text` as a Swift string literal: backslashes, quotes and every control character
    /// escaped, so no text can end the literal or the line.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private var packageManifest: String {
        """
        // swift-tools-version: 6.0
        // The Ninepipe plugin `\(stepName)`, made by `ninepipe plugins new \(stepName)`.
        //
        //   swift build -c release   → .build/release/lib\(moduleName).so
        //   swift test               → the transform contract (TransformVerifier) and golden pixels
        import PackageDescription

        let package = Package(
            name: "\(moduleName)",
            platforms: [.macOS(.v15)],
            products: [
                // A shared library `ninepipe --plugin` loads.
                .library(name: "\(moduleName)", type: .dynamic, targets: ["\(moduleName)"])
            ],
            dependencies: [
                \(dependencyLine)
            ],
            targets: [
                // Only the core, as the shared library: the process that loads the plugin then has
                // exactly one copy of NinepipeCore, the host's. To call the built-ins' building
                // blocks (Resampler, GaussianBlur, …), depend on NinepipePluginsShared instead.
                .target(name: "\(moduleName)", dependencies: [.product(name: "NinepipeCoreShared", package: \(Self.literal(packageName)))]),
                .testTarget(name: "\(moduleName)Tests", dependencies: ["\(moduleName)"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    private var transform: String {
        """
        import NinepipeCore

        /// `\(stepName) [amount=0…1]`: blends each colour channel toward its inverse by `amount`,
        /// keeping alpha and the image's depth (16-bit stays 16-bit). A starting point: replace the
        /// loop in `apply` with your effect, and the parameters with yours.
        public struct \(typeName): TransformPlugin {
            public static let name = "\(stepName)"
            public static let version = "0.1.0"
            public static let summary = "Blend each colour channel toward its inverse by amount"
            public static let parameters: [ParameterSpec] = [
                ParameterSpec("amount", .number(0...1), default: .number(1), summary: "0 = unchanged, 1 = inverted")
            ]

            /// How far toward the inverse, 0…1.
            public var amount: Double

            /// Reads the validated parameters of a pipeline's `\(stepName) amount=0.5`.
            public init(arguments: Arguments) throws {
                amount = try arguments.number("amount")
            }

            /// The step for Swift callers and tests.
            public init(amount: Double = 1) { self.amount = amount }

            /// The whole image at once (large images stream through `bands(from:context:)`).
            public func apply(to image: Image, context: TransformContext) throws -> Image {
                // Colour effects work on straight colour: premultiplied colour is divided back first.
                var result = image.alphaMode == .premultiplied ? image.unpremultiplied() : image
                let channels = result.layout.channelCount
                let colorChannels = result.layout.hasAlpha ? channels - 1 : channels
                let amount = self.amount
                func blend<Sample: FixedWidthInteger & UnsignedInteger>(_ samples: inout [Sample]) {
                    let maximum = Double(Sample.max)
                    for index in samples.indices where index % channels < colorChannels {
                        let value = Double(samples[index])
                        samples[index] = Sample((value + (maximum - 2 * value) * amount).rounded())
                    }
                }
                try context.checkCancellation()
                result.editSamples(eight: { blend(&$0) }, sixteen: { blend(&$0) })
                return result
            }
        }

        extension \(typeName): BandTransform {
            /// Each pixel alone decides its result, so each band of rows is done as `apply` does it:
            /// a large image streams through the step, a few rows at a time.
            public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
                try RowwiseBandSource(input) { try apply(to: $0, context: context) }
            }
        }

        """
    }

    private var entryPoints: String {
        """
        import NinepipeCore

        // The two C entry points `ninepipe --plugin lib\(moduleName).so` looks for.

        /// What this library was built with, checked by the host before it touches any Swift type.
        @_cdecl("ninepipe_plugin_header")
        public func ninepipePluginHeader() -> UnsafeRawPointer { PluginExport.header() }

        /// The steps this library adds.
        @_cdecl("ninepipe_plugin_transforms")
        public func ninepipePluginTransforms() -> UnsafeMutableRawPointer { PluginExport.transforms([\(typeName).self]) }

        """
    }

    private var tests: String {
        """
        import NinepipeCore
        import Testing

        @testable import \(moduleName)

        @Suite("\(stepName)")
        struct \(typeName)Tests {
            @Test("keeps the transform contract: every layout, 8 and 16 bits, odd sizes, whole and streamed")
            func contract() {
                for amount in [0, 0.5, 1] {
                    #expect(TransformVerifier.problems(in: \(typeName)(amount: amount)) == [], "amount \\(amount)")
                }
            }

            @Test("amount 1 inverts the colour and keeps alpha")
            func pixels() throws {
                let image = Image(width: 2, height: 1, layout: .rgba, samples: [UInt8]([0, 100, 255, 128, 10, 20, 30, 255]))
                let result = try \(typeName)(amount: 1).apply(to: image, context: TransformContext())
                #expect(result.storage == PixelStorage.eight([255, 155, 0, 128, 245, 235, 225, 255]))
            }
        }

        """
    }

    private var readme: String {
        """
        # \(moduleName)

        The Ninepipe step `\(stepName)`, as a plugin loaded at run time.

        ```sh
        swift build -c release     # .build/release/lib\(moduleName).so
        swift test                 # TransformVerifier and golden pixels
        ninepipe --plugin .build/release/lib\(moduleName).so plugins \(stepName)
        ninepipe --plugin .build/release/lib\(moduleName).so run -e 'load "in.png" | \(stepName) amount=0.5 | save "out.png"'
        ```

        Edit `Sources/\(moduleName)/\(typeName).swift`: the parameters (checked before your
        initialiser runs), `apply` (the whole image) and `bands` (the streamed path; delete it if
        your effect needs the whole image). Keep `swift test` green: TransformVerifier runs the step
        on every layout, at 8 and 16 bits and odd sizes, whole and streamed.

        The plugin loads into the `ninepipe` built from the same Ninepipe sources (\(PluginExport.coreVersion)) with
        the same Swift toolchain; the host checks both, and an interface fingerprint of those sources, and
        refuses anything else with what to rebuild. Copied alone into a folder, the `.so` loads into a
        source build's `ninepipe` and into the release tarball's; build it for the tarball, which has
        no libheif, with `NINEPIPE_WITHOUT=heif swift build -c release`. See Plugins.md in Ninepipe's
        repository.

        """
    }
}
