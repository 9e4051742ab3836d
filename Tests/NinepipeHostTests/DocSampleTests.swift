import Foundation
import NinepipeTestSupport
import Testing

/// README's embedding sample did not compile as written. Every ```swift block of
/// README.md, Plugins.md and the Docs/ pages is type-checked against the modules `swift test` just built.
///
/// Per document, blocks become one `main.swift`: `import` lines move to the top, blocks that
/// declare types or functions stay at file scope, and blocks of statements become the body of
/// their own function (so `try` and `return` read as they would in the reader's code).
@Suite("documentation samples")
struct DocSampleTests {
    static let root = Repository.root

    /// The Swift blocks of a Markdown file, with the line each starts on; a block right after a
    /// `<!-- sample: excerpt … -->` line (a quoted declaration, a piece of Package.swift) is left out.
    static func blocks(in document: String) throws -> [(line: Int, code: [String])] {
        let lines = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8).components(separatedBy: "\n")
        var blocks: [(Int, [String])] = []
        var current: (Int, [String])?
        for (number, line) in lines.enumerated() {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                if number > 0, lines[number - 1].hasPrefix("<!-- sample: excerpt") { continue }
                current = (number + 2, [])
            } else if let block = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.1.append(line)
            }
        }
        return blocks
    }

    /// One `main.swift` for all of a document's blocks.
    static func program(_ blocks: [(line: Int, code: [String])], document: String) -> String {
        var imports: Set<String> = ["import Foundation"]
        var body: [String] = []
        let declaration = /^(public |final |private |fileprivate |internal )*(struct|enum|class|extension|protocol|func|@)/
        for (index, block) in blocks.enumerated() {
            let code = block.code.filter { line in
                if line.hasPrefix("import ") {
                    imports.insert(line)
                    return false
                }
                return true
            }
            let first = code.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("//") } ?? ""
            body.append("// \(document):\(block.line)")
            if first.firstMatch(of: declaration) != nil {
                body += code
            } else {
                body.append("func sample\(index)() throws {")
                body += code.map { "    " + $0 }
                body.append("}")
            }
        }
        return (imports.sorted() + body).joined(separator: "\n") + "\n"
    }

    /// README.md, Plugins.md, and every page of Docs/ and article of the DocC catalogs that has Swift blocks.
    static let documents: [String] = {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)) ?? []
        let docs = pages.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }.filter { page in
            (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8))?.contains("```swift") == true
        }
        // The DocC articles of each module's catalog.
        let catalogs = ["Core/NinepipeCore.docc", "Plugins/NinepipePlugins.docc", "Host/NinepipeHost.docc", "CLI/NinepipeCLI.docc"].flatMap { catalog in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/" + catalog).path)) ?? [])
                .filter { $0.hasSuffix(".md") }.sorted().map { "Sources/\(catalog)/\($0)" }
        }.filter { page in (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8))?.contains("```swift") == true }
        return ["README.md", "Plugins.md"] + docs + catalogs
    }()

    @Test("every Swift sample in README.md, Plugins.md and Docs/ type-checks", arguments: documents)
    func samplesCompile(document: String) throws {
        let build = Repository.buildFolder.path
        guard
            try Requirement.found(FileManager.default.fileExists(atPath: build + "/Modules/NinepipeHost.swiftmodule") ? true : nil, "\(build)/Modules")
                != nil
        else { try Test.cancel("\(build)/Modules not found; documentation samples not checked") }
        let blocks = try Self.blocks(in: document)
        #expect(!blocks.isEmpty)
        let directory = try TemporaryFolder.make("docs")
        let main = directory + "/main.swift"
        try Self.program(blocks, document: document).write(toFile: main, atomically: true, encoding: .utf8)
        let sources = Self.root.appendingPathComponent("Sources").path
        let arguments = [
            "swiftc", "-typecheck", "-I", build + "/Modules",
            "-Xcc", "-fmodule-map-file=\(sources)/CZlib/module.modulemap",
            "-Xcc", "-fmodule-map-file=\(sources)/CLibJPEG/module.modulemap",
            "-Xcc", "-fmodule-map-file=\(build)/CJPEGShim.build/module.modulemap",
            "-Xcc", "-fmodule-map-file=\(build)/CNinepipePlugin.build/module.modulemap",
            "-Xcc", "-fmodule-map-file=\(build)/CSVGShim.build/module.modulemap",
            "-Xcc", "-fmodule-map-file=\(build)/CPluginLoading.build/module.modulemap",
            "-Xcc", "-fmodule-map-file=\(build)/CHEIF.build/module.modulemap", "-Xcc", "-I\(sources)/CHEIF/include",
            "-Xcc", "-fmodule-map-file=\(build)/CWebP.build/module.modulemap", "-Xcc", "-I\(sources)/CWebP/include",
            "-Xcc", "-fmodule-map-file=\(build)/CGIF.build/module.modulemap", "-Xcc", "-I\(sources)/CGIF/include",
            "-Xcc", "-fmodule-map-file=\(build)/CLCMS.build/module.modulemap", "-Xcc", "-I\(sources)/CLCMS/include",
            "-Xcc", "-fmodule-map-file=\(build)/CISAL.build/module.modulemap", "-Xcc", "-I\(sources)/CISAL/include",
            "-Xcc", "-fmodule-map-file=\(build)/CLazyLoading.build/module.modulemap", "-Xcc", "-I\(sources)/CLazyLoading/include",
            "-Xcc", "-I\(sources)/CJPEGShim/include", "-Xcc", "-I\(sources)/CNinepipePlugin/include",
            "-Xcc", "-I\(sources)/CSVGShim/include", "-Xcc", "-I\(sources)/CPluginLoading/include", main,
        ]
        let result = try ChildProcess.run("/usr/bin/env", arguments)
        let output = String(decoding: result.out, as: UTF8.self) + result.err
        #expect(result.status == 0, "\(document) samples do not compile (\(main)):\n\(output)")
    }
}
