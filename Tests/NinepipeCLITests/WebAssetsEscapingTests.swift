import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// An input named `a");} body{background:url("\2f\2f evil.example\2f x")} .q{x:url("b.png`
/// put a top-level `body{…}` rule into the CSS `assets web` wrote.
@Suite("assets web escapes names")
struct WebAssetsEscapingTests {
    /// The top-level rules of `css` as CSS tokenizes it (strings and comments skipped), and the
    /// values of its strings with their escapes undone.
    static func scan(_ css: String) -> (rules: Int, strings: [String]) {
        let scalars = Array(css.unicodeScalars)
        var index = 0
        var depth = 0
        var rules = 0
        var strings: [String] = []
        while index < scalars.count {
            let c = scalars[index]
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            if c == "\"" || c == "'" {
                var value = String.UnicodeScalarView()
                index += 1
                while index < scalars.count, scalars[index] != c {
                    if scalars[index] == "\\", index + 1 < scalars.count {
                        var hex = ""
                        var next = index + 1
                        while next < scalars.count, hex.count < 6, scalars[next].properties.isASCIIHexDigit {
                            hex.unicodeScalars.append(scalars[next])
                            next += 1
                        }
                        if !hex.isEmpty, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                            value.append(scalar)
                            index = next < scalars.count && scalars[next] == " " ? next + 1 : next
                        } else {
                            value.append(scalars[index + 1])
                            index += 2
                        }
                        continue
                    }
                    value.append(scalars[index])
                    index += 1
                }
                strings.append(String(value))
                index += 1
                continue
            }
            if c == "{" {
                if depth == 0 { rules += 1 }
                depth += 1
            } else if c == "}" {
                depth -= 1
            }
            index += 1
        }
        return (rules, strings)
    }

    @Test("the review's name gives one rule whose url() strings are the file names")
    func hostileName() throws {
        let dir = try TemporaryFolder.make("css-escape")
        let png = try PNGEncoder().encode(Image(width: 12, height: 8, layout: .rgb, depth: .eight, fill: [10, 20, 30]))
        let names = [#"a");} body{background:url("\2f\2f evil.example\2f x")} .q{x:url("b"#, "c* d{color:red}", "new\nline", "back\\slash'q"]
        for name in names { _ = FileManager.default.createFile(atPath: dir + "/" + name + ".png", contents: Data(png)) }
        let result = TestConsole.run(["assets", "web"] + names.map { dir + "/" + $0 + ".png" } + ["--output", dir + "/web/"])
        #expect(result.status == 0, "\(result.err)")
        for name in names {
            let css = try String(contentsOfFile: dir + "/web/" + name + ".css", encoding: .utf8)
            let (rules, strings) = Self.scan(css)
            #expect(rules == 1, "\(name): \(css)")
            #expect(!strings.isEmpty && strings.allSatisfy { $0 == name + ".png" }, "\(name): \(strings)")
        }
        // assets.json names them exactly, as JSON.
        let manifest = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/web/assets.json"))) as? [String: Any])
        #expect("\(manifest)".contains("evil.example"))
    }

    @Test("CSS strings and comments", arguments: [("a\"b", #""a\"b""#), ("a\\b", #""a\\b""#), ("x\ny", "\"x\\a y\""), ("\u{0}", "\"\u{FFFD}\"")])
    func cssString(text: String, expected: String) {
        #expect(AssetConverter.cssString(text) == expected)
        #expect(!AssetConverter.cssComment("a*/b\n*//").contains("*/"))
    }
}
