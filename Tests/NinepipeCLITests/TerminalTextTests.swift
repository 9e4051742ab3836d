import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore

/// File names holding newlines or ESC sequences were printed raw.
@Suite("names printed escaped")
struct TerminalTextTests {
    @Test("per-file lines, info, assets lines and failures print such a name quoted, with no raw control character")
    func hostileNames() throws {
        let dir = try TemporaryFolder.make("terminal")
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Image(width: 12, height: 8, layout: .rgb, depth: .eight, fill: [10, 20, 30]))
        let name = "evil\nok fake.png\u{1B}[31mred"
        _ = FileManager.default.createFile(atPath: dir + "/in/" + name + ".png", contents: Data(png))
        _ = FileManager.default.createFile(atPath: dir + "/in/broken\u{1B}]0;title\u{7}.png", contents: Data([0x89, 0x50, 0x4E, 0x47]))
        let runs = [
            TestConsole.run(["run", "-e", "invert", "in/", "--output", "out/"], in: dir),
            TestConsole.run(["info", "in/" + name + ".png"], in: dir),
            TestConsole.run(["assets", "web", "in/" + name + ".png", "--output", "web/"], in: dir),
        ]
        for result in runs {
            for text in [result.out, result.err] {
                #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(text.debugDescription)")
                #expect(!text.contains("\nok fake.png"), "\(text.debugDescription)")
            }
        }
        #expect(runs[0].out.contains(#"ok "in/evil\nok fake.png\e[31mred.png" → "out/evil\nok fake.png\e[31mred.png""#), "\(runs[0].out)")
        #expect(runs[0].err.contains(#"in/broken\e]0;title\x07.png"#), "\(runs[0].err)")
        #expect(runs[1].out.hasPrefix(#"file: "in/evil\nok fake.png\e[31mred.png""#), "\(runs[1].out)")
    }

    @Test("quoting", arguments: [("plain name.png", "plain name.png"), ("a\"b\nc", #""a\"b\nc""#), ("x\u{9B}y", #""x\x9by""#)])
    func quoting(text: String, expected: String) {
        #expect(TerminalText.quoted(text) == expected)
        #expect(TerminalText.escaped("line 1\nline 2\u{1B}", keepingLines: true) == "line 1\nline 2\\e")
    }
}
