import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI

/// Issue 43: `ninepipe plugins new NAME` writes a plugin package as `swift package init` writes
/// one. CI builds what it writes, runs its tests and loads it; this checks what is written.
@Suite("plugins new")
struct PluginTemplateTests {
    @Test("writes the manifest, the step, its entry points, a verifier test and a README, pointing at this checkout")
    func writesPackage() throws {
        let dir = try TemporaryFolder.make("template")
        let result = TestConsole.run(["plugins", "new", "soft-glow", "--ninepipe", Repository.root.path], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("next: cd soft-glow && swift build -c release && swift test"), "\(result.out)")
        let package = dir + "/soft-glow"
        let files = [
            "Package.swift", "Sources/SoftGlowPlugin/SoftGlow.swift", "Sources/SoftGlowPlugin/PluginEntry.swift",
            "Tests/SoftGlowPluginTests/SoftGlowTests.swift", "README.md", ".gitignore",
        ]
        for file in files { #expect(FileManager.default.fileExists(atPath: package + "/" + file), "\(file)") }
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(name: \"Ninepipe\", path: \"\(FileIO.realPath(Repository.root.path) ?? "")\")"), "\(manifest)")
        #expect(manifest.contains(".library(name: \"SoftGlowPlugin\", type: .dynamic") && manifest.contains("\"NinepipeCoreShared\""))
        let step = try String(contentsOfFile: package + "/Sources/SoftGlowPlugin/SoftGlow.swift", encoding: .utf8)
        #expect(step.contains("public static let name = \"soft-glow\"") && step.contains("extension SoftGlow: BandTransform"))
        let test = try String(contentsOfFile: package + "/Tests/SoftGlowPluginTests/SoftGlowTests.swift", encoding: .utf8)
        #expect(test.contains("TransformVerifier.problems(in: SoftGlow(amount: amount)) == []"))
        // Nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["soft-glow"])
    }

    @Test("a git URL asks for exactly this version; refusals: a bad name, a built-in's name, an existing folder, a folder that is no checkout")
    func refusals() throws {
        let dir = try TemporaryFolder.make("template")
        let url = TestConsole.run(["plugins", "new", "demo", "--ninepipe", "https://example.org/ninepipe.git", "-o", "d"], in: dir)
        #expect(url.status == 0, "\(url.err)")
        let manifest = try String(contentsOfFile: dir + "/d/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://example.org/ninepipe.git", exact: "\#(PluginExport.coreVersion)")"#))
        #expect(manifest.contains(#".product(name: "NinepipeCoreShared", package: "ninepipe")"#))
        let cases: [([String], String)] = [
            (["plugins", "new", "Soft"], "'Soft' cannot name a step"),
            (["plugins", "new", "resize"], "'resize' is already a step"),
            (["plugins", "new", "demo", "-o", "d"], "d exists; plugins new writes a new folder"),
            (["plugins", "new", "demo", "--ninepipe", dir], "not a Ninepipe checkout"),
            (["plugins", "new"], "plugins new takes the new step's name"),
        ]
        for (arguments, message) in cases {
            let result = TestConsole.run(arguments, in: dir)
            #expect(result.status == 2 && result.err.contains(message), "\(arguments): \(result.err)")
        }
        #expect(PluginTemplate(stepName: "my_soft-glow2", dependency: .path("/x")).typeName == "MySoftGlow2")
        // `plugins NAME` still shows a step.
        #expect(TestConsole.run(["plugins", "resize"]).out.hasPrefix("resize 1.0.0"))
    }
}
