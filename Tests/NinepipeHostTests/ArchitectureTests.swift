import Foundation
import NinepipeHost
import NinepipePlugins
import NinepipeTestSupport
import Testing

/// The module boundaries hold. The libraries speak of policies and never of the
/// command line's flags; error text is never rewritten after the fact.
@Suite("architecture")
struct ArchitectureTests {
    static let sources = Repository.root.appendingPathComponent("Sources")

    /// Every Swift file under `Sources/folder`, as (path relative to Sources, lines).
    static func swiftFiles(under folder: String) throws -> [(path: String, lines: [Substring])] {
        let base = sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [(String, [Substring])] = []
        for case let name as String in walker where name.hasSuffix(".swift") {
            let text = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)
            files.append((folder + "/" + name, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("only Sources/CLI names command-line flags: Core, Plugins and Host say what was refused, in their own terms")
    func flagsOnlyInCLI() throws {
        // `--name` not preceded by a word character or a dash (so `a--b` and `---` do not count).
        let flag = /(^|[^\w-])--[a-z][a-z-]+/
        var found: [String] = []
        for folder in ["Core", "Plugins", "Host"] {
            for (path, lines) in try Self.swiftFiles(under: folder) {
                for (index, line) in lines.enumerated() where line.contains(flag) {
                    found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(try Self.swiftFiles(under: "CLI").count > 20, "Sources/CLI holds the command line")
        #expect(found.isEmpty, "flags outside Sources/CLI:\n\(found.joined(separator: "\n"))")
    }

    /// Core's messages said `load frames=first`, `icc=keep`, `ninepatch=border`; the
    /// pipeline language is Host's, so Core names the policy (a ``Remedy``) and Host words it.
    @Test("Core's code lines hold no pipeline parameter syntax: no step parameter written NAME=VALUE")
    func noPipelineWordsInCore() throws {
        let registry = NinepipeHost.PluginRegistry.standard
        let names = Set(registry.descriptors.flatMap { $0.parameters.map(\.name) })
        let assignment = /\b([a-z]+)=[A-Za-z0-9#.%]/
        var found: [String] = []
        for (path, lines) in try Self.swiftFiles(under: "Core") {
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in line.matches(of: assignment) where names.contains(String(match.output.1)) {
                    found.append("\(path):\(index + 1): \(match.output.0)")
                }
            }
        }
        #expect(names.contains("frames") && names.contains("icc") && names.contains("width"), "\(names.sorted())")
        #expect(try Self.swiftFiles(under: "Core").count > 150, "Sources/Core holds the core")
        #expect(found.isEmpty, "pipeline words in Core:\n\(found.joined(separator: "\n"))")
    }

    /// Fourteen hand-written Process blocks had drifted apart (pipes that could
    /// fill, environments lost); tests start programs through `ChildProcess` alone.
    @Test("test files start no Process themselves: ChildProcess in TestSupport does")
    func processesThroughTestSupport() throws {
        let tests = Repository.root.appendingPathComponent("Tests")
        var found: [String] = []
        let names = FileManager.default.enumerator(atPath: tests.path)?.allObjects.compactMap { $0 as? String } ?? []
        for name in names where name.hasSuffix(".swift") && !name.hasPrefix("TestSupport/") {
            let text = try String(contentsOf: tests.appendingPathComponent(name), encoding: .utf8)
            if text.contains("Process" + "()") { found.append(name) }
        }
        #expect(names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("TestSupport/") }.count > 100, "only \(names.count) test files found")
        #expect(found.isEmpty, "\(found)")
    }

    @Test("no Swift file under Sources rewrites text with replacingOccurrences (errors are typed; the CLI words them)")
    func noTextRewriting() throws {
        var found: [String] = []
        var scanned = 0
        for folder in ["Core", "Plugins", "Host", "CLI", "ninepipe"] {
            for (path, lines) in try Self.swiftFiles(under: folder) {
                scanned += 1
                for (index, line) in lines.enumerated() where line.contains("replacingOccurrences") {
                    found.append("\(path):\(index + 1)")
                }
            }
        }
        #expect(scanned > 300, "only \(scanned) files scanned: has Sources moved?")
        #expect(found.isEmpty, "\(found)")
    }
}

extension ArchitectureTests {
    @Test("every built-in step's type is named after the step and lives in Sources/Plugins/Steps/<Type>.swift")
    func stepsNamedAfterSteps() throws {
        #expect(Transforms.all.count > 15, "only \(Transforms.all.count) built-in steps")
        for plugin in Transforms.all {
            let type = String(describing: plugin)
            #expect(type.lowercased() == plugin.name, "the '\(plugin.name)' step's type is \(type)")
            let file = Self.sources.appendingPathComponent("Plugins/Steps/\(type).swift")
            #expect(FileManager.default.fileExists(atPath: file.path), "no \(file.path)")
        }
    }
}

extension ArchitectureTests {
    @Test("no concrete codec type is named outside Sources/Core/Codecs: formats are reached through the registry")
    func codecsOnlyInCodecs() throws {
        let concrete = /\b((PNG|JPEG|WebP|GIF|HEIF)[A-Z][A-Za-z]*|Inflater|Deflater|Zlib[A-Z][A-Za-z]*)\b/
        var found: [String] = []
        var scanned = 0
        for folder in ["Core", "Plugins", "Host", "CLI", "ninepipe"] {
            for (path, lines) in try Self.swiftFiles(under: folder) where !path.hasPrefix("Core/Codecs/") {
                scanned += 1
                for (index, line) in lines.enumerated() where line.contains(concrete) {
                    found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 200, "only \(scanned) files scanned: has Sources moved?")
        #expect(found.isEmpty, "codec types outside Sources/Core/Codecs:\n\(found.joined(separator: "\n"))")
    }
}

extension ArchitectureTests {
    @Test("Docs/Architecture.md's layout table names every folder of every module")
    func layoutDocumented() throws {
        let page = try String(contentsOf: Repository.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        for module in ["Core", "Plugins", "Host", "CLI"] {
            let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `Sources/\(module)") }.joined(separator: "\n")
            let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.appendingPathComponent(module).path).filter { name in
                var isFolder: ObjCBool = false
                let path = Self.sources.appendingPathComponent(module).appendingPathComponent(name).path
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue && !name.hasSuffix(".docc")
            }
            #expect(!folders.isEmpty)
            for folder in folders {
                #expect(rows.contains(folder), "Docs/Architecture.md does not place Sources/\(module)/\(folder)")
            }
        }
    }
}

extension ArchitectureTests {
    /// The interface fingerprint run-time plugins are checked against hashes sources,
    /// not which optional libraries (`NINEPIPE_WITHOUT`) a build compiled in, so those libraries
    /// must change no type's layout. `#if canImport(C…)` therefore wraps whole types (declared
    /// nowhere else) or members that store nothing: never a stored property or an enum case.
    @Test("optional C libraries change no layout: #if canImport(C…) wraps whole types or methods, never stored properties or cases")
    func optionalLibrariesKeepLayouts() throws {
        let optional = /^(\s*)#if canImport\(C[A-Z]/
        let stored = /^(@\w+ )*((public|package|internal|fileprivate|private)(\(set\))? )*(lazy |weak |unowned )*(let|var) [^{]*$/
        let type = /^(?:[a-z@]+ )*(?:struct|class|enum|actor) (\w+)/
        var found: [String] = []
        var conditionalTypes: [String: String] = [:]
        var allTypes: [String: [String]] = [:]
        var regions = 0
        for folder in ["Core", "Plugins"] {
            for (path, lines) in try Self.swiftFiles(under: folder) {
                // The open #if blocks: their indentation, and whether they test an optional C library.
                var open: [(indent: Int, optional: Bool)] = []
                for (index, line) in lines.enumerated() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    let indent = line.prefix { $0 == " " }.count
                    if let match = line.firstMatch(of: optional) {
                        open.append((match.output.1.count, true))
                        regions += 1
                        continue
                    }
                    if trimmed.hasPrefix("#if ") {
                        open.append((indent, false))
                        continue
                    }
                    if trimmed.hasPrefix("#endif") {
                        _ = open.popLast()
                        continue
                    }
                    if indent == 0, let match = line.firstMatch(of: type) {
                        let name = String(match.output.1)
                        allTypes[name, default: []].append("\(path):\(index + 1)")
                        if open.contains(where: { $0.optional && $0.indent == 0 }) { conditionalTypes[name] = "\(path):\(index + 1)" }
                    }
                    // Members of a top-level type sit at 4 spaces, where no local variable can.
                    guard let region = open.last(where: \.optional), region.indent == 4, indent == 4 else { continue }
                    let isCase = trimmed.hasPrefix("case ") && !trimmed.hasSuffix(":")
                    if trimmed.contains(stored) && !trimmed.contains("static ") || isCase {
                        found.append("\(path):\(index + 1): \(trimmed)")
                    }
                }
            }
        }
        for (name, place) in conditionalTypes.sorted(by: { $0.key < $1.key }) where (allTypes[name]?.count ?? 0) > 1 {
            found.append("\(place): \(name), declared under #if canImport(C…), is also declared at \(allTypes[name] ?? [])")
        }
        #expect(regions > 20, "the check found only \(regions) #if canImport(C…) blocks")
        #expect(found.isEmpty, "layout that depends on an optional library:\n\(found.joined(separator: "\n"))")
    }
}

extension ArchitectureTests {
    /// Targets are types: code outside `Sources/Host/Assets/Targets` reaches a target through
    /// `AssetTarget` (or names a built-in one by its static member, `.ios`), so adding a target
    /// touches no switch and no comparison elsewhere.
    @Test("no built-in target type is named outside Sources/Host/Assets/Targets, and no platform is compared or switched on")
    func targetsAreTypes() throws {
        let named = /\b(IOS|Android|Web)AssetTarget\b|\bAssetPlatform\b|\.platform\b/
        var found: [String] = []
        var scanned = 0
        for folder in ["Core", "Plugins", "Host", "CLI", "ninepipe"] {
            for (path, lines) in try Self.swiftFiles(under: folder) where !path.hasPrefix("Host/Assets/Targets/") {
                scanned += 1
                for (index, line) in lines.enumerated() where line.contains(named) {
                    found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 300, "only \(scanned) files scanned: has Sources moved?")
        #expect(found.isEmpty, "targets named outside their folder:\n\(found.joined(separator: "\n"))")
    }

    /// The host decides what an XML drawable is in one place: `DrawableKind` maps root element
    /// names to kinds, and every reader switches on the kind. (Core's readers name their own
    /// root, `<vector>` and `<shape>`, to refuse any other.)
    @Test("no root-element name of a drawable is compared or switched on in the host outside DrawableKind")
    func rootElementsInOnePlace() throws {
        let names = [
            "vector", "shape", "layer-list", "inset", "adaptive-icon", "selector", "ripple", "animated-vector", "animation-list", "bitmap",
            "nine-patch", "clip",
        ]  // Not `color`: it is a resource type and a values element too.
        let alternatives = names.joined(separator: "|")
        // `== "shape"`, `!= "ripple"`, `case "vector":`, `case "layer-list", "ripple":`.
        let comparison = try Regex("(==|!=|\\bcase\\b[^\\n:=]*?)\\s*\"(\(alternatives))\"")
        var found: [String] = []
        let files = try Self.swiftFiles(under: "Host") + Self.swiftFiles(under: "CLI")
        for (path, lines) in files where path != "Host/Resources/DrawableKind.swift" {
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(comparison) {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files.count > 120 && files.contains { $0.path == "Host/Resources/DrawableKind.swift" }, "\(files.count) files scanned")
        #expect(found.isEmpty, "root elements compared outside DrawableKind:\n\(found.joined(separator: "\n"))")
        // The rule would find what it is meant to.
        #expect(#"        case "layer-list", "ripple":"#.contains(comparison) && #"if root.name == "selector" {"#.contains(comparison))
        #expect(!#"entry["nine-patch"] = .bool(true)"#.contains(comparison))
    }

    /// A run is given its codecs (``AssetOptions/codecs``, ``AssetCollector/codecs``) as a
    /// pipeline is: the asset code reads no global registry, so which files are images and how
    /// they are decoded is the same everywhere in a run, and a tool's own codec takes part.
    @Test("the host's asset code reads no ImageCodecRegistry.builtIn except as a default value")
    func assetsUseTheRunsCodecs() throws {
        let files = try Self.swiftFiles(under: "Host/Assets") + Self.swiftFiles(under: "Host/Resources")
        var found: [String] = []
        for (path, lines) in files {
            for (index, line) in lines.enumerated() where line.contains("ImageCodecRegistry.builtIn") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                // `public var codecs = ImageCodecRegistry.builtIn`: the default a caller replaces.
                if trimmed.hasPrefix("///") || trimmed.hasPrefix("public var codecs = ImageCodecRegistry.builtIn") { continue }
                found.append("\(path):\(index + 1): \(trimmed)")
            }
        }
        #expect(files.count > 40, "\(files.count) files scanned")
        #expect(found.isEmpty, "the global registry read in the asset code:\n\(found.joined(separator: "\n"))")
    }

}
