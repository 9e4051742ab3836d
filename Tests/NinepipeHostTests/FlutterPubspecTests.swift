import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The asset folders in a Flutter project's `pubspec.yaml`: inserted between markers with every
/// other line kept (PyYAML reads the result as the same document plus the entries), replaced in
/// place on a rerun, and refused with file and line when the pubspec cannot be edited.
@Suite("assets flutter: pubspec.yaml")
struct FlutterPubspecTests {
    /// A pubspec as real ones are written: comments, an anchor and an alias, a list whose dashes
    /// sit at the key's own indentation.
    static let pubspec = """
        name: demo_app
        description: A demo. # trailing comment
        publish_to: 'none'
        version: 1.0.0+1

        environment:
          sdk: ^3.4.0

        dependencies: &shared
          flutter:
            sdk: flutter
          cupertino_icons: ^1.0.8

        dev_dependencies:
          <<: *shared
          flutter_lints: ^4.0.0

        # The following section is specific to Flutter packages.
        flutter:
          uses-material-design: true

          # To add assets to your application, add an assets section:
          assets:
          - assets/fonts/
          - assets/data.json

          fonts:
            - family: Inter
              fonts:
                - asset: assets/fonts/Inter.ttf

        """

    /// A Python with PyYAML, or `nil`.
    static let python: String? = ["python3", "/usr/bin/python3"].first { candidate in
        (try? ChildProcess.run("/usr/bin/env", [candidate, "-c", "import yaml"]).status) == 0
    }

    /// `text` parsed by PyYAML, as JSON.
    func parsed(_ text: String, python: String) throws -> [String: Any] {
        let file = try TemporaryFolder.make("yaml") + "/pubspec.yaml"
        try TemporaryFolder.write(text, to: file)
        let json = try ChildProcess.output(
            of: "/usr/bin/env", [python, "-c", "import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", file])
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
    }

    @Test("entries inserted at the top of the assets list, every other line as it was; PyYAML reads the same document plus them; a rerun changes nothing")
    func edit() throws {
        let listing = PubspecAssets.Listing(images: true, vectors: true)
        let edited = try PubspecAssets.edited(Self.pubspec, path: "pubspec.yaml", listing: listing)
        // Only lines were added, after `assets:`, at its items' indentation.
        let before = Self.pubspec.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
        let added = after.count - before.count
        let at = try #require(after.firstIndex { $0.hasPrefix("  - # ninepipe") || $0.contains("# ninepipe: begin") })
        #expect(Array(after[..<at]) == Array(before[..<at]) && Array(after[(at + added)...]) == Array(before[at...]))
        #expect(after[at] == "  " + PubspecAssets.begin && after[at + 1] == "  - assets/images/" && after[at + added - 1] == "  # ninepipe: end")
        #expect(try PubspecAssets.edited(edited, path: "pubspec.yaml", listing: listing) == edited)
        // Fewer folders next time: the markers' contents are replaced.
        let imagesOnly = try PubspecAssets.edited(edited, path: "pubspec.yaml", listing: .init(images: true, vectors: false))
        #expect(imagesOnly == (try PubspecAssets.edited(Self.pubspec, path: "pubspec.yaml", listing: .init(images: true, vectors: false))))
        // Without `assets:`, one is added at the end of the section, before its trailing blank lines.
        let bare = "name: x\nflutter:\n  uses-material-design: true\n\nother: 1\n"
        #expect(
            try PubspecAssets.edited(bare, path: "p", listing: .init(images: true, vectors: false))
                == "name: x\nflutter:\n  uses-material-design: true\n  assets:\n    \(PubspecAssets.begin)\n    - assets/images/\n    # ninepipe: end\n\nother: 1\n"
        )
        guard let python = try Requirement.found(Self.python, "python3 with PyYAML") else {
            try Test.cancel("no PyYAML (apt-get install python3-yaml): the edited pubspec is not parsed back")
        }
        let original = try parsed(Self.pubspec, python: python)
        var document = try parsed(edited, python: python)
        var flutter = document["flutter"] as? [String: Any] ?? [:]
        let assets = flutter["assets"] as? [Any] ?? []
        #expect(assets.count == 4 && assets[0] as? String == "assets/images/" && assets[2] as? String == "assets/fonts/", "\(assets)")
        let vectors = assets[1] as? [String: Any]
        #expect(vectors?["path"] as? String == "assets/vectors/")
        #expect(((vectors?["transformers"] as? [[String: Any]])?.first?["package"]) as? String == "vector_graphics_compiler")
        flutter["assets"] = Array(assets.dropFirst(2))
        document["flutter"] = flutter
        #expect(NSDictionary(dictionary: document) == NSDictionary(dictionary: original))
        #expect(try parsed(PubspecAssets.snippet(listing), python: python)["flutter"] != nil)
    }

    @Test("a pubspec it cannot edit is refused naming the file and line before anything is written")
    func refusals() throws {
        let cases: [(String, String)] = [
            ("name: x\ndependencies:\n  a: 1\n", "pubspec.yaml: it has no flutter: section"),
            ("name: x\nflutter:\n  assets: [a/]\n", "pubspec.yaml:3: assets: holds a value on its own line"),
            ("name: x\nflutter: {}\n", "pubspec.yaml:2: flutter: holds a value on its own line"),
            ("name: x\nflutter:\n\tassets:\n", "pubspec.yaml:3: a tab in the indentation"),
            ("flutter:\n  assets:\n    # ninepipe: begin\n    - a/\n", "pubspec.yaml:3: the ninepipe: begin marker has no ninepipe: end after it"),
        ]
        for (text, message) in cases {
            let folder = try TemporaryFolder.make("pubspec-refused")
            try TemporaryFolder.write(text, to: folder + "/app/pubspec.yaml")
            try FileIO.writeAtomically(try PNGEncoder().encode(AssetFixtures.picture(width: 4, height: 4)), to: folder + "/dot.png")
            #expect {
                try AssetHarness.run([folder + "/dot.png"], target: .flutter, output: folder + "/app")
            } throws: { error in
                "\(error)".hasPrefix(folder + "/app/" + message)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/app") == ["pubspec.yaml"], "nothing written: \(message)")
            #expect(try String(contentsOfFile: folder + "/app/pubspec.yaml", encoding: .utf8) == text)
        }
        // A pubspec that is not UTF-8.
        let folder = try TemporaryFolder.make("pubspec-latin1")
        try FileManager.default.createDirectory(atPath: folder + "/app", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/app/pubspec.yaml", contents: Data([0x6E, 0x3A, 0x20, 0xE9, 0x0A]))
        #expect(throws: AssetError.projectFile(path: folder + "/app/pubspec.yaml", line: 0, reason: "it is not UTF-8 text, as YAML and pub require")) {
            _ = try PubspecAssets.read(in: folder + "/app")
        }
    }
}
