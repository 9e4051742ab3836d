import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

/// `assets … --report FILE`: one JSON line per asset and per file left out before converting, so
/// every file under the tree's drawable, mipmap and color folders is accounted for.
@Suite("assets --report", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
struct AssetReportTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func tree() throws -> String {
        let folder = try TemporaryFolder.make("asset-report")
        let png = try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [9, 9, 9]))
        for file in [
            "drawable-xhdpi/card.png", "drawable-night-xhdpi/card.png", "drawable-xhdpi/dot.png", "mipmap-hdpi/ic_launcher.png", "drawable-hdpi-night/x.png",
        ] {
            let path = folder + "/res/" + file
            try FileManager.default.createDirectory(atPath: FileIO.parentDirectory(of: path), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(png))
        }
        // dot.xml supersedes the PNG of the same name; oval.xml has no size; clip.xml draws
        // nothing at rest; notes.txt is no image; color/tint.xml is a colour state list.
        try TemporaryFolder.write(
            ##"<vector \##(Self.android) android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4"><path android:fillColor="#FF0000FF" android:pathData="M0,0h4v4h-4z"/></vector>"##,
            to: folder + "/res/drawable/dot.xml")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android) android:shape="oval"><solid android:color="#FFFF0000"/></shape>"##, to: folder + "/res/drawable/oval.xml")
        try TemporaryFolder.write(
            ##"<clip \##(Self.android) android:drawable="@drawable/card" android:gravity="left"/>"##, to: folder + "/res/drawable/clip.xml")
        try TemporaryFolder.write("notes", to: folder + "/res/drawable/notes.txt")
        try TemporaryFolder.write(
            ##"<selector \##(Self.android)><item android:color="#FF00FF00"/></selector>"##, to: folder + "/res/color/tint.xml")
        return folder
    }

    @Test("every file under drawable*, mipmap* and color* is in the report: converted, left out or skipped, each with its reason")
    func everyFileAccountedFor() throws {
        let folder = try tree()
        let result = TestConsole.run(["assets", "ios", folder + "/res", "--output", folder + "/A.xcassets", "--report", folder + "/report.jsonl"])
        #expect(result.status == 0, "\(result.err)")
        let lines = try String(contentsOfFile: folder + "/report.jsonl", encoding: .utf8).split(separator: "\n")
        let records = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        var accounted: [String: String] = [:]  // file → status
        for record in records {
            let status = try #require(record["status"] as? String)
            if let path = record["path"] as? String { accounted[path] = status }
            for configuration in record["configurations"] as? [[String: Any]] ?? [] {
                for source in configuration["sources"] as? [String] ?? [] { accounted[source] = status }
            }
        }
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder + "/res"))
        let files = enumerator.compactMap { $0 as? String }.filter { !FileIO.isDirectory(folder + "/res/" + $0) }.map { folder + "/res/" + $0 }.sorted()
        #expect(files.count == 10)
        #expect(files.filter { accounted[$0] == nil }.isEmpty, "unaccounted: \(files.filter { accounted[$0] == nil }) in \(lines)")
        #expect(accounted[folder + "/res/drawable-xhdpi/card.png"] == "ok" && accounted[folder + "/res/drawable-night-xhdpi/card.png"] == "ok")
        #expect(accounted[folder + "/res/drawable/oval.xml"] == "left-out")
        for file in [
            "drawable-xhdpi/dot.png", "mipmap-hdpi/ic_launcher.png", "drawable-hdpi-night/x.png", "drawable/clip.xml", "drawable/notes.txt", "color/tint.xml",
        ] {
            #expect(accounted[folder + "/res/" + file] == "skipped", "\(file)")
        }
        let card = try #require(records.first { $0["name"] as? String == "card" })
        #expect((card["configurations"] as? [[String: Any]])?.compactMap { $0["configuration"] as? String } == ["standard", "dark"])
        #expect((card["written"] as? [String])?.contains(folder + "/A.xcassets/card.imageset/Contents.json") == true, "\(card)")
        let dotPNG = try #require(records.first { $0["path"] as? String == folder + "/res/drawable-xhdpi/dot.png" })
        #expect((dotPNG["reason"] as? String)?.hasPrefix("a bitmap standing in for \(folder)/res/drawable/dot.xml") == true, "\(dotPNG)")
    }

    @Test("the report is opened only once the run starts: a refused run leaves it as it was, and an input is never the report")
    func reportNeverClobbers() throws {
        let folder = try tree()
        try TemporaryFolder.write("kept\n", to: folder + "/report.jsonl")
        // The output is the tree itself: refused before anything is written.
        let refused = TestConsole.run(["assets", "android", folder + "/res", "--output", folder + "/res", "--report", folder + "/report.jsonl"])
        #expect(refused.status != 0)
        #expect(try String(contentsOfFile: folder + "/report.jsonl", encoding: .utf8) == "kept\n", "\(refused.err)")
        let input = folder + "/res/drawable/dot.xml"
        let before = try FileIO.read(input)
        let onInput = TestConsole.run(["assets", "ios", folder + "/res", "--output", folder + "/A.xcassets", "--report", input])
        #expect(onInput.status == 2 && onInput.err.contains("--report \(input): that is one of the inputs"), "\(onInput.err)")
        #expect(try FileIO.read(input) == before)
    }

}
