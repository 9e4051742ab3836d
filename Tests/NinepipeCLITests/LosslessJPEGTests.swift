import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// A pipeline that only turns and crops a JPEG and saves a JPEG moves its DCT
/// coefficients (`save … lossless=auto|always|never`), from the command line and in batches.
@Suite("lossless JPEG pipelines")
struct LosslessJPEGTests {
    static let photos = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures/photos")
    static let jpegtran = ChildProcess.tool("jpegtran")

    /// rocket.jpg (a real photo) cut losslessly to whole blocks (640×416) and tagged with
    /// `orientation`: a phone photo every turn of which is exact.
    static func phonePhoto(_ orientation: Orientation) throws -> [UInt8] {
        let rocket = [UInt8](try Data(contentsOf: photos.appendingPathComponent("rocket.jpg")))
        let aligned = try JPEGCodec().apply(LosslessEdit(crop: PixelRect(x: 0, y: 0, width: 640, height: 416)), to: rocket).bytes
        var file = LosslessEdit()
        file.recordedOrientation = orientation
        return try JPEGCodec().apply(file, to: aligned).bytes
    }

    static func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    static func read(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(
        "load | save of an orientation-6 photo equals jpegtran -rotate 90 -trim; tag 1; no larger than jpegtran -optimize",
        .enabled(if: Requirement.met(jpegtran != nil), "jpegtran is not installed (apt-get install libjpeg-turbo-progs)"))
    func upright() throws {
        let folder = try TemporaryFolder.make("lossless-upright")
        let input = try Self.phonePhoto(.right)
        try Self.write(input, folder + "/in.jpg")
        let run = TestConsole.run(["run", "--explain", "-e", #"load "in.jpg" | save "out.jpg""#], in: folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("explain: in.jpg: lossless: turned 90° clockwise"), "\(run.err)")
        let output = try Self.read(folder + "/out.jpg")
        let info = try ImageCodecRegistry.builtIn.info(output, limits: .default)
        #expect(info.width == 416 && info.height == 640 && info.metadata.orientation == .up)
        if let jpegtran = try Requirement.found(Self.jpegtran, "jpegtran (apt-get install libjpeg-turbo-progs)") {
            for (arguments, name) in [
                (["-copy", "all", "-rotate", "90", "-trim"], "plain"), (["-copy", "all", "-optimize", "-rotate", "90", "-trim"], "optimized"),
            ] {
                _ = try ChildProcess.output(of: jpegtran, arguments + ["-outfile", folder + "/\(name).jpg", folder + "/in.jpg"])
                let theirs = try Self.read(folder + "/\(name).jpg")
                #expect(try JPEGCoefficients(output) == JPEGCoefficients(theirs))
                // rocket.jpg has tables made for its data, so ours are too: jpegtran -optimize's size (within 1%).
                if name == "optimized" { #expect(abs(Double(output.count) / Double(theirs.count) - 1) < 0.01, "\(output.count) vs \(theirs.count)") }
                if name == "plain" { #expect(output.count <= theirs.count) }
            }
        }
        // The decoded pixels match decoding and turning (the same coefficients, turned).
        let lossless = try JPEGDecoder().decode(output)
        let turned = try JPEGDecoder().decode(input).uprighted()
        #expect(lossless.width == turned.width && lossless.height == turned.height)
        if case .eight(let a) = lossless.storage, case .eight(let b) = turned.storage {
            let mean = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count
            #expect(mean <= 2, "mean difference \(mean)")
        }
    }

    @Test("auto declines what would change the geometry, quality= and steps that need pixels; never decodes; always trims")
    func policies() throws {
        let folder = try TemporaryFolder.make("lossless-policies")
        try Self.write([UInt8](try Data(contentsOf: Self.photos.appendingPathComponent("phone6.jpg"))), folder + "/phone.jpg")
        let original = try Self.read(folder + "/phone.jpg")
        // 427 rows do not fill 16-pixel blocks: turning them exactly needs pixels.
        let auto = TestConsole.run(["run", "--explain", "-e", #"load "phone.jpg" | save "auto.jpg""#], in: folder)
        #expect(auto.status == 0 && auto.err.contains("decoded and encoded again: moving whole blocks would have kept 416×640"), "\(auto.err)")
        #expect(try ImageCodecRegistry.builtIn.info(Self.read(folder + "/auto.jpg"), limits: .default).width == 427)
        let always = TestConsole.run(["run", "-e", #"load "phone.jpg" | save "always.jpg" lossless=always"#], in: folder)
        #expect(always.status == 0 && always.err.contains("always.jpg: lossless edit kept 416×640 at 11,0 of the 427×640 at 0,0 asked"), "\(always.err)")
        let kept = try Self.read(folder + "/always.jpg")
        #expect(try ImageCodecRegistry.builtIn.info(kept, limits: .default).width == 416)
        #expect(
            try JPEGCoefficients(kept) == JPEGCoefficients(try JPEGCodec().apply(LosslessEdit(orientation: .right, allowsTrimming: true), to: original).bytes))
        // Pillow wrote phone6.jpg with the standard tables: they stay, as jpegtran keeps them (same size within 1%).
        if let jpegtran = try Requirement.found(Self.jpegtran, "jpegtran (apt-get install libjpeg-turbo-progs)") {
            _ = try ChildProcess.output(of: jpegtran, ["-copy", "all", "-rotate", "90", "-trim", "-outfile", folder + "/jpegtran.jpg", folder + "/phone.jpg"])
            let theirs = try Self.read(folder + "/jpegtran.jpg")
            #expect(abs(Double(kept.count) / Double(theirs.count) - 1) < 0.01, "\(kept.count) vs \(theirs.count)")
        }
        for (pipeline, reason) in [
            (#"load "phone.jpg" | orient | save "q.jpg" lossless=always quality=80"#, "quality=80 asks for a new encoding"),
            (#"load "phone.jpg" | resize width=100 | save "r.jpg" lossless=always"#, "resize needs the pixels"),
            (#"load "phone.jpg" shrink=2 | save "t.jpg" lossless=always"#, "load shrink=2 decodes a smaller picture"),
        ] {
            let refused = TestConsole.run(["run", "-e", pipeline], in: folder)
            #expect(refused.status == 2 && refused.err.contains("lossless=always cannot be honoured: \(reason)"), "\(pipeline): \(refused.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/q.jpg"))
        // A crop that chooses its window from the pixels is known only when the file is read.
        let smart = TestConsole.run(["run", "-e", #"load "phone.jpg" | crop width=64 height=64 gravity=entropy | save "s.jpg" lossless=always"#], in: folder)
        #expect(smart.status == 1 && smart.err.contains("crop chooses its rectangle from the pixels"), "\(smart.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.jpg"))
        let never = TestConsole.run(["run", "--explain", "-e", #"load "rocket.jpg" | save "never.jpg" lossless=never"#], in: folder)
        #expect(never.status == 1, "rocket.jpg is not in this folder: \(never.err)")
        try Self.write([UInt8](try Data(contentsOf: Self.photos.appendingPathComponent("rocket.jpg"))), folder + "/rocket.jpg")
        let copy = TestConsole.run(["run", "--explain", "-e", #"load "rocket.jpg" | save "copy.jpg""#], in: folder)
        #expect(copy.err.contains("lossless: copied"), "\(copy.err)")
        // rocket.jpg already has Huffman tables made for its data: the copy is the same bytes.
        let copied = try Self.read(folder + "/copy.jpg")
        let rocket = try Self.read(folder + "/rocket.jpg")
        #expect(copied == rocket)
        let reencoded = TestConsole.run(["run", "--explain", "-e", #"load "rocket.jpg" | save "never.jpg" lossless=never"#], in: folder)
        #expect(reencoded.err.contains("decoded and encoded again: lossless=never"), "\(reencoded.err)")
        #expect(try JPEGCoefficients(Self.read(folder + "/never.jpg")) != JPEGCoefficients(Self.read(folder + "/rocket.jpg")))
    }

    @Test("turn, then crop: the crop is cut from the turned picture, on the block grid when exact")
    func turnThenCrop() throws {
        let folder = try TemporaryFolder.make("lossless-crop")
        try Self.write(try Self.phonePhoto(.up), folder + "/in.jpg")
        let run = TestConsole.run(
            ["run", "--explain", "-e", #"load "in.jpg" | orient rotate=90 | crop x=32 y=48 width=200 height=100 | save "out.jpg""#], in: folder)
        #expect(run.status == 0 && run.err.contains("lossless: turned 90° clockwise, cut to 200×100 at 32,48"), "\(run.err)")
        let pixels = TestConsole.run(["run", "-e", #"load "in.jpg" | orient rotate=90 | crop x=32 y=48 width=200 height=100 | save "pixels.png""#], in: folder)
        #expect(pixels.status == 0)
        let lossless = try JPEGDecoder().decode(try Self.read(folder + "/out.jpg"))
        let decoded = try ImageCodecRegistry.builtIn.decode(try Self.read(folder + "/pixels.png"), options: DecodeOptions())
        #expect(lossless.width == decoded.width && lossless.height == decoded.height)
        // Off the grid, auto decodes (the geometry is exact) and says why.
        let off = TestConsole.run(["run", "--explain", "-e", #"load "in.jpg" | crop x=3 y=5 width=20 height=20 | save "off.jpg""#], in: folder)
        #expect(off.err.contains("decoded and encoded again") && off.err.contains("a crop starts on the block grid"), "\(off.err)")
        #expect(try ImageCodecRegistry.builtIn.info(Self.read(folder + "/off.jpg"), limits: .default).width == 20)
    }

    @Test("a batch of photos with mixed orientations, --jobs 2: every output upright and lossless; --dry-run says so")
    func batch() throws {
        let folder = try TemporaryFolder.make("lossless-batch")
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        let orientations = Orientation.allCases
        for orientation in orientations { try Self.write(try Self.phonePhoto(orientation), folder + "/photos/p\(orientation.rawValue).jpg") }
        try FileManager.default.copyItem(atPath: Self.photos.appendingPathComponent("chelsea.png").path, toPath: folder + "/photos/cat.png")
        let dry = TestConsole.run(["run", "-e", "save", "photos", "--output", "up/", "--dry-run"], in: folder)
        #expect(dry.out.contains("photos/p6.jpg → up/p6.jpg (lossless: turned 90° clockwise)"), "\(dry.out)")
        #expect(dry.out.contains("photos/p1.jpg → up/p1.jpg (lossless: copied)") && dry.out.contains("photos/cat.png → up/cat.png\n"), "\(dry.out)")
        let run = TestConsole.run(["run", "-q", "-e", "save", "photos", "--output", "up/", "--jobs", "2"], in: folder)
        #expect(run.status == 0, "\(run.err)")
        for orientation in orientations {
            let input = try Self.read(folder + "/photos/p\(orientation.rawValue).jpg")
            let output = try Self.read(folder + "/up/p\(orientation.rawValue).jpg")
            let info = try ImageCodecRegistry.builtIn.info(output, limits: .default)
            #expect(info.metadata.orientation == .up && (info.width, info.height) == (orientation.swapsDimensions ? (416, 640) : (640, 416)))
            let expected = try JPEGCodec().apply(LosslessEdit(orientation: orientation), to: input).bytes
            #expect(try JPEGCoefficients(output) == JPEGCoefficients(expected), "\(orientation)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/up/cat.png"))
    }

    @Test("strip= in the lossless path; a damaged JPEG fails with its name and writes nothing")
    func stripAndDamage() throws {
        let folder = try TemporaryFolder.make("lossless-strip")
        try Self.write([UInt8](try Data(contentsOf: Self.photos.appendingPathComponent("phone6.jpg"))), folder + "/phone.jpg")
        let run = TestConsole.run(["run", "-e", #"load "phone.jpg" | save "bare.jpg" lossless=always strip=all"#], in: folder)
        #expect(run.status == 0, "\(run.err)")
        let bare = try #require(JPEGSegments(try Self.read(folder + "/bare.jpg")))
        #expect(bare.segments.allSatisfy { !(0xE1...0xEF).contains($0.marker) && $0.marker != 0xFE })
        var damaged = [UInt8](try Data(contentsOf: Self.photos.appendingPathComponent("rocket.jpg")))
        damaged.removeSubrange(600..<damaged.count)
        try Self.write(damaged, folder + "/damaged.jpg")
        let failed = TestConsole.run(["run", "-e", #"load "damaged.jpg" | save "d.jpg" lossless=always"#], in: folder)
        #expect(failed.status == 1 && failed.err.contains("damaged.jpg"), "\(failed.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.jpg"))
    }
}
