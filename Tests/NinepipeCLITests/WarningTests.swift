import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeHost

/// `save … background=#f0f0f0` warned on every file that it flattened onto the colour
/// the user asked for; one batch printed ~280 identical warnings; `--quiet` kept them; on a
/// terminal they were glued to the progress bar's line.
@Suite("warnings that help")
struct WarningTests {
    /// `in/` with `count` half-transparent PNGs.
    func workspace(count: Int) throws -> String {
        let directory = try TemporaryFolder.make("warn")
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Image(width: 6, height: 4, layout: .rgba, depth: .eight, fill: [200, 40, 40, 128]))
        for index in 0..<count { _ = FileManager.default.createFile(atPath: "\(directory)/in/\(index).png", contents: Data(png)) }
        return directory
    }

    func warningLines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning: ") } }

    @Test("flattening onto a background= the user chose is not warned about; onto the default it is")
    func explicitBackground() throws {
        let dir = try workspace(count: 1)
        let chosen = TestConsole.run(["run", "-e", "load \"\(dir)/in/0.png\" | save \"\(dir)/a.jpg\" background=#f0f0f0"])
        #expect(chosen.status == 0 && chosen.err.isEmpty, "\(chosen.err)")
        let implied = TestConsole.run(["run", "-e", "load \"\(dir)/in/0.png\" | save \"\(dir)/b.jpg\""])
        #expect(implied.status == 0 && warningLines(implied.err).count == 1 && implied.err.contains("transparent pixels were flattened"), "\(implied.err)")
        let quiet = TestConsole.run(["run", "-q", "-e", "load \"\(dir)/in/0.png\" | save \"\(dir)/c.jpg\""])
        #expect(quiet.status == 0 && quiet.err.isEmpty, "--quiet: \(quiet.err)")
    }

    @Test("a batch shows each kind of warning once and counts the files in the summary; --verbose shows all, --quiet none")
    func groupedInBatch() throws {
        let dir = try workspace(count: 6)
        let arguments = ["run", "-e", "orient", dir + "/in", "--output", dir + "/out/{name}.jpg", "--jobs", "2"]
        let grouped = TestConsole.run(arguments)
        #expect(grouped.status == 0, "\(grouped.err)")
        let lines = warningLines(grouped.err)
        #expect(lines.count == 2, "\(grouped.err)")
        #expect(lines.first?.hasSuffix(".jpg: JPEG has no alpha channel: transparent pixels were flattened onto #ffffffff") == true, "\(lines)")
        #expect(lines.last == "warning: 6 files: JPEG has no alpha channel: transparent pixels were flattened onto #ffffffff", "\(lines)")
        #expect(grouped.err.contains("6 files: 6 ok, 0 failed, 0 skipped, 6 warnings in "), "\(grouped.err)")

        let verbose = TestConsole.run(arguments + ["--verbose"])
        #expect(warningLines(verbose.err).count == 6, "\(verbose.err)")
        let quiet = TestConsole.run(arguments + ["--quiet"])
        #expect(quiet.status == 0 && warningLines(quiet.err).isEmpty, "\(quiet.err)")
    }

    @Test("on a terminal the progress bar is cleared before a warning or an error is printed")
    func barClearedFirst() throws {
        let dir = try workspace(count: 8)
        _ = FileManager.default.createFile(atPath: dir + "/in/broken.png", contents: Data("not a png".utf8))
        let console = TestConsole()
        let status = CommandLineTool().run(
            ["run", "-e", "orient", dir + "/in", "--output", dir + "/out/{name}.jpg", "--jobs", "1", "--verbose"],
            console: console.console(terminal: true))
        #expect(status == 1)
        #expect(warningLines(console.err.replacingOccurrences(of: "\u{1B}[1;35mwarning:\u{1B}[0m", with: "warning:")).count == 8)
        #expect(console.linesGluedToBar.isEmpty, "printed over the bar: \(console.linesGluedToBar)")
    }
}
