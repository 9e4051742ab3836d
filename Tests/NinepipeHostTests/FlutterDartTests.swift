import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The generated Dart without a Dart SDK: names made valid lower-camel identifiers (keywords and
/// leading digits handled, clashes refused naming both sources), and every generated file
/// well-formed (brackets balanced outside strings and comments, lines within 80 columns but
/// for long strings, every asset path it names written).
@Suite("assets flutter: generated Dart")
struct FlutterDartTests {
    @Test("names: lower camel case, a leading digit and a reserved word handled, nothing left refused")
    func names() throws {
        let cases = [
            ("ic_arrow_back", "icArrowBack", "ic_arrow_back"), ("Big Button", "bigButton", "big_button"), ("1st-place", "image1stPlace", "1st_place"),
            ("class", "classImage", "class"), ("ICON", "icon", "icon"), ("btn_default_normal", "btnDefaultNormal", "btn_default_normal"),
            ("logo@2x", "logo2x", "logo_2x"),
        ]
        for (name, identifier, stem) in cases {
            #expect(try DartName.identifier(name) == identifier, "\(name)")
            #expect(try DartName.fileStem(name) == stem, "\(name)")
        }
        #expect(throws: AssetError.invalidTargetName(asset: "ü", target: "Dart", reason: "it has no ASCII letter or digit")) { try DartName.identifier("ü") }
        #expect(DartName.string(#"it's $5 \ "x""#) == #"'it\'s \$5 \\ "x"'"#)
        #expect(DartName.number(12) == "12.0" && DartName.number(6.5) == "6.5" && DartName.number(1.0 / 3) == "0.333")
    }

    @Test("two sources that become one file name or one identifier are refused naming both, before anything is written")
    func clashes() throws {
        let folder = try TemporaryFolder.make("flutter-clash")
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for name in ["ic-back.png", "ic_back.png"] {
            try FileIO.writeAtomically(try PNGEncoder().encode(AssetFixtures.picture(width: 4, height: 4)), to: folder + "/in/" + name)
        }
        #expect(throws: AssetError.targetNameClash(first: "ic-back", second: "ic_back", name: "ic_back", target: "Flutter asset file")) {
            try AssetHarness.run([folder + "/in"], target: .flutter, output: folder + "/app")
        }
        try FileManager.default.removeItem(atPath: folder + "/in/ic-back.png")
        try FileIO.writeAtomically(try PNGEncoder().encode(AssetFixtures.picture(width: 4, height: 4)), to: folder + "/in/icBack.png")
        #expect(throws: AssetError.targetNameClash(first: "icBack", second: "ic_back", name: "icBack", target: "Dart")) {
            try AssetHarness.run([folder + "/in"], target: .flutter, output: folder + "/app")
        }
        #expect(!FileIO.exists(folder + "/app"))
    }

    /// The problems of a Dart source: unbalanced brackets outside strings and comments, code
    /// lines over 80 columns not made long by a string (`dart format` wraps neither strings nor
    /// comments).
    static func problems(in dart: String) -> [String] {
        var problems: [String] = []
        var stack: [Character] = []
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        for (number, line) in dart.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let isComment = line.drop { $0 == " " }.hasPrefix("//")
            if line.count > 80 && !line.contains("'") && !isComment { problems.append("line \(number + 1) is \(line.count) columns") }
            var quote: Character?
            var previous: Character = " "
            for character in line {
                if let open = quote {
                    if character == open && previous != "\\" { quote = nil }
                } else if character == "/" && previous == "/" {
                    break
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if "([{".contains(character) {
                    stack.append(character)
                } else if let open = pairs[character] {
                    if stack.popLast() != open { problems.append("line \(number + 1): unbalanced \(character)") }
                }
                previous = previous == "\\" && character == "\\" ? " " : character
            }
            if quote != nil { problems.append("line \(number + 1): a string left open") }
        }
        if !stack.isEmpty { problems.append("unclosed \(String(stack))") }
        return problems
    }

    @Test("the generated files are well-formed, say they are generated, and every asset path they name exists")
    func wellFormed() throws {
        let tests = FlutterAssetTests()
        let folder = try tests.tree()
        let app = folder + "/app"
        #expect(try tests.convert(folder, into: app).succeeded)
        for file in ["assets.g.dart", "ninepatches.g.dart", "shapes.g.dart"] {
            let dart = try String(contentsOfFile: app + "/lib/ninepipe/" + file, encoding: .utf8)
            #expect(dart.hasPrefix("// GENERATED by `ninepipe assets flutter`"), "\(file)")
            #expect(Self.problems(in: dart).isEmpty, "\(file): \(Self.problems(in: dart))")
            for match in dart.matches(of: /'(assets\/[^']+)'/) {
                #expect(FileIO.isRegularFile(app + "/" + match.1), "\(file) names \(match.1), which was not written")
            }
            for match in dart.matches(of: /static const (\w+) =/) {
                let name = String(match.1)
                #expect(name.first?.isLowercase == true && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && !DartName.reserved.contains(name))
            }
        }
        // The checker finds what it looks for.
        #expect(Self.problems(in: "f(a, [b);\n") == ["line 1: unbalanced )", "unclosed ("])
        #expect(Self.problems(in: "g('(', \"[\"); // )\n").isEmpty)
    }
}

extension FlutterDartTests {
    /// A file's name is text a generated comment quotes: a line break in it would end a `///`
    /// comment (and `*/`, which no file name holds but text may, a KDoc one), letting the name
    /// write code.
    @Test("a file named with line breaks writes no code into the generated Dart or Kotlin")
    func hostileNames() throws {
        let folder = try TemporaryFolder.make("hostile-names")
        let name = "btn\nvoid main() {}\nfun x() {}"
        try FileManager.default.createDirectory(atPath: folder + "/in/drawable-mdpi", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Repository.path("Tests/NinepipeCoreTests/Fixtures/framework-res/btn_default_normal.9.png"),
            toPath: folder + "/in/drawable-mdpi/" + name + ".9.png")
        #expect(DartName.comment(name) == "btn?void main() {}?fun x() {}" && DartName.comment("a */ b `c`") == "a *? b 'c'")
        let flutter = try AssetHarness.run([folder + "/in"], target: .flutter, output: folder + "/app")
        #expect(flutter.succeeded, "\(flutter.text)")
        let compose = try AssetHarness.run([folder + "/in"], target: .compose, output: folder + "/c/composeResources")
        #expect(compose.succeeded, "\(compose.text)")
        for file in [folder + "/app/lib/ninepipe/assets.g.dart", folder + "/app/lib/ninepipe/ninepatches.g.dart", folder + "/c/kotlin/ninepipe/NinePatches.kt"]
        {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("\nvoid main") && !text.contains("\nfun x"), "\(file)")
        }
    }
}
