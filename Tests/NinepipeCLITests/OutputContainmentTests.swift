import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// `{name}` of a file named `...png` is `..`, so
/// `--output 'out/{name}/{width}.png'` wrote `out/../40.png`.
@Suite("outputs stay inside their template's folder")
struct OutputContainmentTests {
    @Test("the review's reproduction: the batch is refused before anything runs (exit 1), nothing written outside out/ or in it")
    func dotDotName() throws {
        let dir = try TemporaryFolder.make("containment")
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Image(width: 40, height: 20, layout: .rgb, depth: .eight, fill: [10, 20, 30]))
        for name in ["...png", "ok.png"] { _ = FileManager.default.createFile(atPath: dir + "/in/" + name, contents: Data(png)) }
        let result = TestConsole.run(["run", "-e", "invert", "in/...png", "in/ok.png", "--output", "out/{name}/{width}.png"], in: dir)
        #expect(result.status == 1)
        #expect(result.err.contains("the output for in/...png would be out/../{width}.png, outside out/"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/40.png"))
        // Found before anything runs: nothing written at all.
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        // The same names under a template that keeps them in: written.
        let kept = TestConsole.run(["run", "-e", "invert", "in/...png", "--output", "out/x-{name}.png"], in: dir)
        #expect(kept.status == 0, "\(kept.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/x-...png"))
    }

    @Test(
        "the expanded path is checked against the folder before the first placeholder",
        arguments: [
            ("out/{name}.png", "out/a.png", true), ("out/{name}/{width}.png", "out/../40.png", false),
            ("out/{dir}/{name}.png", "out/2024/june/a.png", true), ("{name}.png", "../a.png", false), ("{name}.png", "a.png", true),
            ("../shared/{name}.png", "../shared/a.png", true), ("../shared/{name}.png", "../../a.png", false), ("/srv/{name}", "/srv/a", true),
            ("/srv/{name}", "/etc", false), ("out/{name}", "out", false), ("out/{name}", "out/.", false), ("plain.png", "../x.png", true),
        ])
    func containment(pattern: String, expanded: String, inside: Bool) {
        let refused = (try? OutputTemplate.checkStaysInside(expanded, pattern: pattern, input: "x")) == nil
        #expect(refused != inside, "\(pattern) → \(expanded)")
    }
}
