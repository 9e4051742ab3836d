import Foundation
import Testing
import NinepipeTestSupport
@testable import NinepipeHost
import NinepipeCore

/// Issue 12: a batch could not pass `load` options (`-e 'load ninepatch=none | …'` → "'load'
/// needs 'path'"), and a batch writing `{name}.9.png` or mirroring `.9.png` inputs wrote chunks
/// under a `.9.png` name with no frame, which Ninepipe itself then misread.
@Suite("batch load options and .9.png outputs")
struct BatchLoadOptionsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    func workspace(with files: [String: String]) throws -> String {
        let directory = try TemporaryFolder.make("batchload")
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        for (name, source) in files {
            try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(source).path, toPath: directory + "/in/" + name)
        }
        return directory
    }

    @Test("a batch pipeline's first load may carry options without a path; elsewhere a pathless load is refused at its place")
    func pathlessLoad() throws {
        let dir = try workspace(with: ["photo.jpg": "NinepipeHostTests/Fixtures/metadata/gps.jpg"])
        let kept = TestConsole.run(["run", "-e", "load orient=keep | resize width=10", dir + "/in", "--output", dir + "/kept/"])
        #expect(kept.status == 0, "\(kept.err)")
        let keptInfo = try ImageCodecs.info(try FileIO.read(dir + "/kept/photo.jpg"))
        // resize measures the displayed image: 10 wide when shown upright, so 15×10 as stored.
        #expect(keptInfo.width == 15 && keptInfo.height == 10 && keptInfo.metadata.orientation == .right)
        let upright = TestConsole.run(["run", "-e", "load | resize width=10", dir + "/in", "--output", dir + "/upright/"])
        #expect(upright.status == 0, "\(upright.err)")
        let uprightInfo = try ImageCodecs.info(try FileIO.read(dir + "/upright/photo.jpg"))
        #expect(uprightInfo.width == 10 && uprightInfo.height == 15 && uprightInfo.metadata.orientation == .up)

        let single = TestConsole.run(["run", "-e", #"load orient=keep | save "x.png""#])
        #expect(single.status == 2 && single.err.contains("1:1: error: 'load' needs 'path'"), "\(single.err)")
        let late = TestConsole.run(["run", "-e", "orient | load orient=keep", dir + "/in", "--output", dir + "/late/"])
        #expect(late.status == 2 && late.err.contains("1:10: error: a load without a path reads the batch input, so it must be the first step"), "\(late.err)")
        let own = TestConsole.run(["run", "-e", #"load "a.png" | orient"#, dir + "/in", "--output", dir + "/own/"])
        #expect(own.status == 2 && own.err.contains("keep its options without the path"), "\(own.err)")
    }

    @Test("batch outputs named .9.png get the frame drawn, for --output DIR/ mirroring and for save \"{name}.png\" alike")
    func framedBatchOutputs() throws {
        let dir = try workspace(with: ["button.9.png": "NinepipeCoreTests/Fixtures/aapt-button.9.png"])
        let result = TestConsole.run(["run", "-e", #"ninepatch width=60 height=40 | save "\#(dir)/named/{name}.png""#,
                                      dir + "/in", "--output", dir + "/mirror/"])
        #expect(result.status == 0, "\(result.err)")
        for output in ["mirror/button.9.png", "named/button.9.png"] {
            let path = dir + "/" + output
            let raw = try ImageCodecs.decode(try FileIO.read(path))
            #expect(raw.width == 62 && raw.height == 42, "\(output) has no 1-pixel frame")
            #expect(!NinePatchSource.isCompiled(raw), "\(output) carries chunks under a .9.png name")
            let read = try NinePatchSource.auto.resolve(raw, path: path)
            #expect(read.width == 60 && read.metadata.ninePatch?.chunk?.xDivs.isEmpty == false)
        }
        let jpeg = TestConsole.run(["run", "-e", #"ninepatch width=60 height=40 | save "\#(dir)/{name}.jpg""#, dir + "/in", "--output", dir + "/j/"])
        #expect(jpeg.status == 0, "a .9.jpg name is no nine-patch source: \(jpeg.err)")
    }
}
