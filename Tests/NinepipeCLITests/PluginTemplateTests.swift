import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI

/// `ninepipe plugins new NAME` writes a plugin package as `swift package init` writes
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

    @Test("a URL that would write code into Package.swift is refused (exit 2, nothing written); every interpolated string is a safe literal")
    func urlInjection() throws {
        let dir = try TemporaryFolder.make("template-url")
        let hostile = [
            #"https://example.org/x", exact: "0.0.0"), .package(url: "https://evil.example/p"#,
            "https://example.org/ninepipe\nlet x = 1",
            "https://example.org/nine pipe.git",
            "javascript://example.org/ninepipe",
            "https://example.org/..",
            "https://example.org/ninepipe\\",
        ]
        for url in hostile {
            let result = TestConsole.run(["plugins", "new", "demo", "--ninepipe", url, "-o", "d"], in: dir)
            #expect(result.status == 2 && result.err.contains("not a git URL plugins new writes into Package.swift"), "\(url): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/d"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // Accepted forms, and what the manifest names.
        for (url, package) in [("git@github.com:someone/ninepipe-fork.git", "ninepipe-fork"), ("ssh://git@host:2222/a/Ninepipe", "Ninepipe")] {
            #expect(PluginTemplate.isValidURL(url), "\(url)")
            #expect(PluginTemplate(stepName: "demo", dependency: .url(url)).packageName == package)
        }
        // A literal holds any text without ending early.
        #expect(PluginTemplate.literal("a\"b\\c\nd\u{2028}") == #""a\"b\\c\u{a}d\u{2028}""#)
        // A checkout path with a quote and a line break is written as one literal.
        let odd = dir + "/odd \"path\"\nx"
        let template = PluginTemplate(stepName: "demo", dependency: .path(odd))
        let manifest = try #require(template.files.first { $0.path == "Package.swift" }?.text)
        #expect(manifest.contains(#"path: "\#(dir)/odd \"path\"\u{a}x")"#), "\(manifest)")
    }

    @Test("the package is staged in a folder no one can guess: a link planted at the old predictable name is never followed")
    func staging() throws {
        let dir = try TemporaryFolder.make("template-staging")
        let elsewhere = try TemporaryFolder.make("template-elsewhere")
        // The name the staging folder used to have, as a link to another user's folder.
        try FileManager.default.createSymbolicLink(atPath: dir + "/.demo.ninepipe-\(getpid())", withDestinationPath: elsewhere)
        let result = TestConsole.run(["plugins", "new", "demo", "--ninepipe", Repository.root.path], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/demo/Package.swift"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == [".demo.ninepipe-\(getpid())", "demo"], "\(names)")
        // The package is the user's own, with the usual modes.
        for path in ["demo", "demo/Package.swift"] {
            let mode = try FileManager.default.attributesOfItem(atPath: dir + "/" + path)[.posixPermissions] as? Int
            #expect(mode.map { $0 & 0o044 == 0o044 && $0 & 0o022 == 0 } == true, "\(path): \(String(mode ?? 0, radix: 8))")
        }
    }
}
