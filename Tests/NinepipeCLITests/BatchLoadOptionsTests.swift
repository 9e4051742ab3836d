import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// A batch could not pass `load` options (`-e 'load ninepatch=none | …'` → "'load'
/// needs 'path'"), and a batch writing `{name}.9.png` or mirroring `.9.png` inputs wrote chunks
/// under a `.9.png` name with no frame, which Ninepipe itself then misread.
@Suite("batch load options and .9.png outputs")
struct BatchLoadOptionsTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests")

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
        let keptInfo = try ImageCodecRegistry.builtIn.info(try FileIO.read(dir + "/kept/photo.jpg"))
        // resize measures the displayed image: 10 wide when shown upright, so 15×10 as stored.
        #expect(keptInfo.width == 15 && keptInfo.height == 10 && keptInfo.metadata.orientation == .right)
        let upright = TestConsole.run(["run", "-e", "load | resize width=10", dir + "/in", "--output", dir + "/upright/"])
        #expect(upright.status == 0, "\(upright.err)")
        let uprightInfo = try ImageCodecRegistry.builtIn.info(try FileIO.read(dir + "/upright/photo.jpg"))
        #expect(uprightInfo.width == 10 && uprightInfo.height == 15 && uprightInfo.metadata.orientation == .up)

        let single = TestConsole.run(["run", "-e", #"load orient=keep | save "x.png""#])
        #expect(single.status == 2 && single.err.contains("1:1: error: 'load' needs 'path'"), "\(single.err)")
        let late = TestConsole.run(["run", "-e", "orient | load orient=keep", dir + "/in", "--output", dir + "/late/"])
        #expect(late.status == 2 && late.err.contains("1:10: error: a load without a path reads the batch input, so it must be the first step"), "\(late.err)")
        let own = TestConsole.run(["run", "-e", #"load "a.png" | orient"#, dir + "/in", "--output", dir + "/own/"])
        #expect(own.status == 2 && own.err.contains("keep its options without the path"), "\(own.err)")
    }

    /// `-e 'thumbnail size=256 | save quality=85' photos/ --output thumbs/` failed with
    /// "'save' needs 'path'". A batch pipeline's last save may leave the path out: its options
    /// say how each result is written to --output.
    @Test("a batch pipeline's last save without a path sets quality, format and metadata of the --output files")
    func pathlessSave() throws {
        let dir = try workspace(with: [
            "photo.jpg": "NinepipeCoreTests/Fixtures/photos/rocket.jpg",
            "cat.png": "NinepipeCoreTests/Fixtures/photos/chelsea.png",
            "gps.jpg": "NinepipeHostTests/Fixtures/metadata/gps.jpg",
        ])
        let plain = TestConsole.run(["run", "-e", "thumbnail size=64", dir + "/in", "--output", dir + "/default/"])
        #expect(plain.status == 0, "\(plain.err)")
        let quality = TestConsole.run(["run", "-e", "thumbnail size=64 | save quality=85", dir + "/in", "--output", dir + "/q85/"])
        #expect(quality.status == 0, "\(quality.err)")
        let defaultBytes = try FileIO.read(dir + "/default/photo.jpg")
        let q85Bytes = try FileIO.read(dir + "/q85/photo.jpg")
        #expect(q85Bytes.count < defaultBytes.count, "q85 \(q85Bytes.count) bytes vs default \(defaultBytes.count)")
        let q85PNG = try FileIO.read(dir + "/q85/cat.png")
        let defaultPNG = try FileIO.read(dir + "/default/cat.png")
        #expect(q85PNG == defaultPNG, "a PNG output ignores quality=")
        // format= changes the extension of the mirrored names; strip= reaches the files.
        let jpeg = TestConsole.run(["run", "-e", "resize width=64 | save format=jpeg quality=85 strip=exif", dir + "/in", "--output", dir + "/jpeg/"])
        #expect(jpeg.status == 0, "\(jpeg.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/jpeg").sorted()
        #expect(names == ["cat.jpg", "gps.jpg", "photo.jpg"], "\(names)")
        #expect(try ImageCodecRegistry.builtIn.info(try FileIO.read(dir + "/jpeg/cat.jpg")).format == .jpeg)
        let kept = TestConsole.run(["run", "-e", "resize width=64", dir + "/in/gps.jpg", "--output", dir + "/kept/"])
        #expect(kept.status == 0, "\(kept.err)")
        let keptEXIF = try ImageCodecRegistry.builtIn.info(try FileIO.read(dir + "/kept/gps.jpg")).metadata.exif
        #expect(keptEXIF != nil, "resize without strip= should keep EXIF")
        #expect(try ImageCodecRegistry.builtIn.info(try FileIO.read(dir + "/jpeg/gps.jpg")).metadata.exif == nil, "strip=exif kept EXIF")
        // Templates: {ext} follows format=; a spelled extension that disagrees is refused before anything runs.
        let template = TestConsole.run(["run", "-e", "thumbnail size=64 | save format=png", dir + "/in", "--output", dir + "/t/{name}-{width}.{ext}"])
        #expect(template.status == 0, "\(template.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/t/photo-64.png") && FileManager.default.fileExists(atPath: dir + "/t/cat-64.png"))
        let conflict = TestConsole.run(["run", "-e", "thumbnail size=64 | save format=jpeg", dir + "/in", "--output", dir + "/c/{name}.png"])
        #expect(
            conflict.status == 2 && conflict.err.contains("names PNG files, but the save asks for format=jpeg; end the name in .jpg or {ext}"),
            "\(conflict.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/c"))
        // Without --output, elsewhere than last, or in a single run: clear errors at their place.
        let noOutput = TestConsole.run(["run", "-e", "thumbnail size=64 | save quality=85", dir + "/in"])
        #expect(noOutput.status == 2 && noOutput.err.contains("ends in a save without a path, which writes each result to --output"), "\(noOutput.err)")
        let middle = TestConsole.run(["run", "-e", "save quality=85 | thumbnail size=64", dir + "/in", "--output", dir + "/m/"])
        #expect(
            middle.status == 2 && middle.err.contains("1:1: error: a save without a path writes each batch result to --output, so it must be the last step"),
            "\(middle.err)")
        let single = TestConsole.run(["run", "-e", #"load "x.png" | save quality=85"#])
        #expect(single.status == 2 && single.err.contains("'save' needs 'path'"), "\(single.err)")
        // A dry run lists the names the format gives.
        let dry = TestConsole.run(["run", "-e", "thumbnail size=64 | save format=webp", dir + "/in", "--output", dir + "/d/", "--dry-run"])
        #expect(dry.out.contains("cat.png → \(dir)/d/cat.webp") || !ImageCodecRegistry.builtIn.reads(.webp), "\(dry.out)")
    }

    @Test("batch outputs named .9.png get the frame drawn, for --output DIR/ mirroring and for save \"{name}.png\" alike")
    func framedBatchOutputs() throws {
        let dir = try workspace(with: ["button.9.png": "NinepipeCoreTests/Fixtures/aapt-button.9.png"])
        let result = TestConsole.run([
            "run", "-e", #"ninepatch width=60 height=40 | save "\#(dir)/named/{name}.png""#,
            dir + "/in", "--output", dir + "/mirror/",
        ])
        #expect(result.status == 0, "\(result.err)")
        for output in ["mirror/button.9.png", "named/button.9.png"] {
            let path = dir + "/" + output
            let raw = try ImageCodecRegistry.builtIn.decode(try FileIO.read(path))
            #expect(raw.width == 62 && raw.height == 42, "\(output) has no 1-pixel frame")
            #expect(!NinePatchSource.isCompiled(raw), "\(output) carries chunks under a .9.png name")
            let read = try NinePatchSource.auto.resolve(raw, path: path)
            #expect(read.width == 60 && read.metadata.ninePatch?.chunk?.xDivs.isEmpty == false)
        }
        let jpeg = TestConsole.run(["run", "-e", #"ninepatch width=60 height=40 | save "\#(dir)/{name}.jpg""#, dir + "/in", "--output", dir + "/j/"])
        #expect(jpeg.status == 0, "a .9.jpg name is no nine-patch source: \(jpeg.err)")
    }
}
