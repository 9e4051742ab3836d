import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The files that make the project adoptable say true things, and stay in step: the
/// licence, the notice of linked libraries, one version everywhere, and the container image that
/// installs exactly the runtime packages the release smoke test proves.
@Suite("project files")
struct ProjectFilesTests {
    static let root = Repository.root

    static func text(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    /// The tests that run the built executable skip when it is missing: it must be where they look.
    @Test("the built ninepipe executable and modules are found beside the running tests")
    func builtProducts() {
        #expect(FileManager.default.isExecutableFile(atPath: Repository.builtExecutable.path), "\(Repository.builtExecutable.path)")
        #expect(FileManager.default.fileExists(atPath: Repository.buildFolder.appendingPathComponent("Modules/NinepipeHost.swiftmodule").path))
    }

    @Test("LICENSE is the Apache License 2.0; NOTICE, CHANGELOG, CONTRIBUTING and SECURITY exist")
    func licence() throws {
        let licence = try Self.text("LICENSE")
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
        #expect(licence.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION") && licence.contains("END OF TERMS AND CONDITIONS"))
        for name in ["NOTICE", "CHANGELOG.md", "CONTRIBUTING.md", "SECURITY.md"] {
            #expect(try Self.text(name).count > 500, "\(name) is missing or nearly empty")
        }
    }

    @Test("one version: the ABI header's NINEPIPE_VERSION is what --version says and the newest CHANGELOG entry")
    func version() throws {
        let version = PluginExport.coreVersion
        #expect(version == NINEPIPE_VERSION && !version.isEmpty)
        #expect(TestConsole.run(["--version"]).out.hasPrefix("ninepipe \(version)\n"))
        let changelog = try Self.text("CHANGELOG.md")
        let released = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(released?.hasPrefix("## [\(version)]") == true, "newest CHANGELOG entry: \(released ?? "none")")
        #expect(try Self.text("Scripts/version.sh").contains("NINEPIPE_VERSION"))
    }

    @Test("NOTICE names every library the built executable links (ldd)")
    func notice() throws {
        let notice = try Self.text("NOTICE")
        guard let ldd = try Requirement.tool("/usr/bin/ldd") else {
            try Test.cancel("ldd not found; the NOTICE check against the executable's libraries is skipped")
        }
        let result = try ChildProcess.run(ldd, [try Requirement.executable()])
        let listing = String(decoding: result.out, as: UTF8.self)
        // Each shared library, by the name NOTICE gives its project (or why it needs no entry).
        let projects: [(prefix: String, name: String)] = [
            ("libz.", "zlib"), ("libjpeg.", "libjpeg-turbo"), ("libwebp", "libwebp"), ("libgif.", "giflib"),
            ("liblcms2.", "LittleCMS"), ("libheif.", "libheif"), ("libde265.", "libde265"), ("libx265.", "x265"),
            ("libaom.", "libaom"), ("libdav1d.", "dav1d"), ("libnuma.", "x265"), ("libisal.", "ISA-L"),
            ("libswift", "Swift runtime"), ("libFoundation", "Foundation"), ("lib_FoundationICU", "ICU"),
            ("libdispatch", "Swift runtime"), ("libBlocksRuntime", "Swift runtime"),
            ("libc.", "glibc"), ("libm.", "glibc"), ("ld-linux", "glibc"), ("linux-vdso", "glibc"),
            ("libstdc++", "libstdc++"), ("libgcc_s", "libgcc"),
        ]
        let libraries = listing.split(separator: "\n").compactMap { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) }
        #expect(libraries.count > 3, "ldd listed nothing: \(listing)")
        // librsvg is loaded by the SVG helpers when an SVG is read, never linked; the optional
        // codec libraries are loaded when their format is first used, and nothing links
        // Foundation: each of them cost every run's start-up (issue 56).
        #expect(!listing.contains("librsvg") && !listing.contains("libcairo"), "the executable links librsvg: \(listing)")
        for loadedWhenUsed in ["libwebp", "libgif.", "liblcms2.", "libheif.", "libisal.", "libFoundation", "lib_FoundationICU"] {
            #expect(!listing.contains(loadedWhenUsed), "the executable links \(loadedWhenUsed), which start-up should not load: \(listing)")
        }
        for library in libraries {
            let name = library.split(separator: "/").last.map(String.init) ?? library
            guard let project = projects.first(where: { name.hasPrefix($0.prefix) }) else {
                Issue.record("\(name) is linked but NOTICE has no entry for it; add it (with its licence) to NOTICE and this table")
                continue
            }
            #expect(notice.contains(project.name), "NOTICE does not name \(project.name) (\(name))")
        }
    }

    @Test("the Dockerfile installs exactly Scripts/runtime-packages.txt and leaves out the formats the release script does")
    func container() throws {
        let dockerfile = try Self.text("Dockerfile")
        let release = try Self.text("Scripts/release.sh")
        let readme = try Self.text("README.md")
        let batch = try Self.text("Docs/Batch.md")
        #expect(dockerfile.contains("COPY Scripts/runtime-packages.txt /tmp/runtime-packages.txt"))
        #expect(dockerfile.contains("$(grep -v '^#' /tmp/runtime-packages.txt)"))
        #expect(release.contains("grep -v '^#' Scripts/runtime-packages.txt"))
        #expect(
            dockerfile.contains("NINEPIPE_WITHOUT=heif") && release.contains("NINEPIPE_WITHOUT=heif"),
            "the Dockerfile and release.sh leave out different formats")
        // The image's binary carries its Swift runtime; the tarball's shares the one it ships in
        // lib/ with plugins, and never looks in the building toolchain's folder.
        #expect(dockerfile.contains("--static-swift-stdlib"))
        #expect(release.contains("-no-toolchain-stdlib-rpath") && release.contains("'$ORIGIN/../lib'"))
        for line in [
            // The user by number: Kubernetes' runAsNonRoot cannot check a name.
            "FROM debian:bookworm-slim", "USER 10001:10001", "WORKDIR /data", "strip /out/bin/ninepipe", #"ENTRYPOINT ["ninepipe"]"#,
            #"org.opencontainers.image.version="${VERSION}""#,
        ] {
            #expect(dockerfile.contains(line), "Dockerfile lacks \(line)")
        }
        let build = "docker build --build-arg VERSION=$(bash Scripts/version.sh) -t ninepipe:$(bash Scripts/version.sh) ."
        #expect(
            dockerfile.contains(build) && readme.contains(build) && batch.contains(build),
            "the one build command differs between the Dockerfile, README and Docs/Batch.md")
        #expect(batch.contains("image: ninepipe:\(PluginExport.coreVersion)"), "Docs/Batch.md's Job should use the image this version builds")
        // Built for real by Scripts/container.sh (buildah), which CI runs; it checks the same user.
        let script = try Self.text("Scripts/container.sh")
        #expect(script.contains("bud --pull=never") && script.contains(#""User":"10001:10001""#) && script.contains("JOB_COMPLETION_INDEX"))
        #expect(try Self.text(".ci/run").contains("bash Scripts/container.sh"))
        let packages = try Self.text("Scripts/runtime-packages.txt").split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(packages.allSatisfy { !$0.hasSuffix("-dev") } && packages.contains("libjpeg62-turbo"))
    }
}
