import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The README said directory inputs read PNG and JPEG while the program read WebP,
/// HEIC, AVIF and GIF in folders too. The sentences that list formats and extensions are checked
/// against what the program says of itself (`ninepipe --version`, the extension table). And
/// the README is an index under 12 KB that links every page of the manual in Docs/.
@Suite("README facts")
struct ReadmeFactsTests {
    static let root = Repository.root

    /// README.md and every Docs/ page, one after the other (the manual the README points into).
    static let readme: String = {
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        return (["README.md"] + pages).compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n\n")
    }()

    @Test("README stays under 12 KB and links every Docs/ page")
    func readmeIndex() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.utf8.count <= 12 * 1024, "README.md is \(readme.utf8.count) bytes")
        #expect(readme.contains("swift test"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Docs").path).filter { $0.hasSuffix(".md") }
        #expect(pages.count >= 10)
        for page in pages { #expect(readme.contains("](Docs/\(page))"), "README does not link Docs/\(page)") }
        // Relative links between the pages lead to files that exist.
        for page in pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent("Docs/" + page), encoding: .utf8)
            for match in text.matches(of: /\]\(([^)#:]+\.md)/) {
                let target = Self.root.appendingPathComponent("Docs").appendingPathComponent(String(match.1)).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "Docs/\(page) links \(match.1), which does not exist")
            }
        }
    }

    /// The README paragraph (a `- ` list item, up to the next item) that starts with `prefix`.
    static func item(startingWith prefix: String) -> String? {
        guard let start = readme.range(of: "\n" + prefix) else { return nil }
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n- ")?.lowerBound ?? rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        return String(rest[..<end]).replacingOccurrences(of: "\n  ", with: " ")
    }

    /// The backticked extensions (`.png`) in `text`, lower case.
    static func extensions(in text: String) -> Set<String> {
        Set(
            text.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                .filter { $0.hasPrefix(".") && !$0.contains(" ") }.map { String($0.dropFirst()).lowercased() })
    }

    /// The formats `ninepipe --version` says this build reads.
    static func readableFormats() -> [ImageFormat] {
        let version = TestConsole.run(["--version"]).out
        let line = version.split(separator: "\n").first { $0.hasPrefix("formats: ") } ?? ""
        return line.dropFirst("formats: ".count).split(separator: ",").compactMap { item in
            let name = item.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            // The built-in formats (a test may have registered one of its own meanwhile).
            return ImageCodecRegistry.builtIn.formats.first { $0.description == name }
        }
    }

    @Test("the batch inputs sentence lists the extension of every format --version reads, and nothing else")
    func batchInputs() throws {
        let sentence = try #require(Self.item(startingWith: "- Inputs: files, directories"), "README lost its batch inputs sentence")
        let listed = Self.extensions(in: sentence)
        let formats = Self.readableFormats()
        #expect(formats.count >= 2, "could not read the formats from --version")
        for format in formats {
            let names = ImageCodecRegistry.builtIn.extensions.filter { $0.value == format }.keys
            for name in names { #expect(listed.contains(name), "README's batch inputs sentence leaves out .\(name) (\(format))") }
        }
        for name in listed { #expect(ImageCodecRegistry.builtIn.extensions[name] != nil, "README lists .\(name), which no format reads") }
        // What a folder contributes is what the collector takes: every listed extension.
        let directory = NSTemporaryDirectory() + "readme-inputs-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in listed { _ = FileManager.default.createFile(atPath: "\(directory)/x-\(name).\(name)", contents: Data([0])) }
        let collected = try InputCollector.collect([directory], recursive: false)
        #expect(collected.count == listed.count, "\(collected.map(\.path))")
    }

    @Test("the save sentence lists the extensions save accepts")
    func saveExtensions() throws {
        let sentence = try #require(Self.item(startingWith: "- `save` picks the format"), "README lost its save sentence")
        let written = Set(ImageCodecRegistry.builtIn.writableFormats.flatMap(\.fileExtensions))
        let listed = Self.extensions(in: sentence)
        // In a build without some formats the README (written for the full build) says more.
        #expect(written.isSubset(of: listed), "README's save sentence leaves out \(written.subtracting(listed).sorted())")
        for name in listed { #expect(ImageCodecRegistry.builtIn.extensions[name].map(ImageCodecRegistry.builtIn.writes) != false, ".\(name) is not writable") }
    }

    @Test("the formats table has a row for every format --version reads")
    func formatsTable() {
        for format in Self.readableFormats() {
            let name = format == .avif || format == .heic ? "HEIC, AVIF" : format.description
            #expect(Self.readme.contains("\n  | \(name) "), "README's formats table has no row for \(format)")
        }
    }
}
