import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// `save` onto a symbolic link replaced the link (and as root turned `/dev/stdout`
/// into a regular file); `load "-"`, `load "/dev/stdin"` and `save "-"` did not stream.
extension CommandLineTests {
    /// Runs the built executable with `input` on standard input; returns status, stdout, stderr.
    func runExecutable(_ arguments: [String], input: Data = Data(), in directory: String) throws -> (Int32, Data, String) {
        let result = try ChildProcess.run(Repository.builtExecutable.path, arguments, input: input, in: directory)
        return (result.status, result.out, result.err)
    }

    @Test("load \"-\" and save \"-\" stream through pipes: PNG in, JPEG out, and back; /dev/stdin and /dev/stdout too")
    func streams() throws {
        _ = try Requirement.executable()
        let dir = try workspace()
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/in.png"))
        let (status, jpeg, err) = try runExecutable(["run", "-e", #"load "-" | resize width=20 | save "-" format=jpeg"#], input: png, in: dir)
        #expect(status == 0, "\(err)")
        let decoded = try ImageCodecRegistry.builtIn.decode([UInt8](jpeg))
        #expect(ImageCodecRegistry.builtIn.format(sniffing: [UInt8](jpeg)) == .jpeg && decoded.width == 20)
        let (again, back, err2) = try runExecutable(["run", "-e", #"load "/dev/stdin" | save "/dev/stdout" format=png"#], input: jpeg, in: dir)
        #expect(again == 0, "\(err2)")
        #expect(try ImageCodecRegistry.builtIn.decode([UInt8](back)).width == 20)
        // Without format= a stream gets the input's format.
        let (same, sameBytes, err3) = try runExecutable(["run", "-e", #"load "-" | resize width=9 | save "-""#], input: jpeg, in: dir)
        #expect(same == 0 && ImageCodecRegistry.builtIn.format(sniffing: [UInt8](sameBytes)) == .jpeg, "\(err3)")
        let (samePNG, pngBytes, _) = try runExecutable(["run", "-e", #"load "-" | save "/dev/stdout""#], input: png, in: dir)
        #expect(samePNG == 0 && ImageCodecRegistry.builtIn.format(sniffing: [UInt8](pngBytes)) == .png)
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline(#"resize width=4 | save "-""#)
        #expect {
            try PipelineRunner().run(pipeline, input: Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [1, 2, 3]))
        } throws: { error in
            "\(error)".contains(#": "-" is a stream with no extension, and no file was loaded"#)
        }
    }

    @Test("save onto a symbolic link replaces the link, never writing through it; --follow-output-links writes its target")
    func saveThroughLink() throws {
        let dir = try workspace()
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        try "keep me".write(toFile: dir + "/real/target.png", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/real/second.png", withDestinationPath: "target.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "real/second.png")
        let result = TestConsole.run(["run", "-e", #"load "in.png" | resize width=7 | save "link.png""#], in: dir)
        #expect(result.status == 0, "\(result.err)")
        let replaced = try FileManager.default.attributesOfItem(atPath: dir + "/link.png")
        #expect(replaced[.type] as? FileAttributeType == .typeRegular, "link.png should be a file now")
        #expect(try decode(dir + "/link.png").width == 7)
        #expect(try String(contentsOfFile: dir + "/real/target.png", encoding: .utf8) == "keep me")
        // As before on request: the chain is followed, the links stay links.
        try FileManager.default.removeItem(atPath: dir + "/link.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "real/second.png")
        let followed = TestConsole.run(["run", "--follow-output-links", "-e", #"load "in.png" | resize width=5 | save "link.png""#], in: dir)
        #expect(followed.status == 0, "\(followed.err)")
        for link in ["link.png", "real/second.png"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/" + link)
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "\(link) is no longer a link")
        }
        #expect(try decode(dir + "/real/target.png").width == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/real").sorted() == ["second.png", "target.png"])
    }

    @Test("a link planted in a batch's or assets' output folder does not redirect the write outside it")
    func plantedOutputLink() throws {
        let dir = try workspace()
        for folder in ["in", "out", "victim", "web"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: dir + "/in.png", toPath: dir + "/in/photo.png")
        try "data".write(toFile: dir + "/victim/config.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out/photo.png", withDestinationPath: "../victim/config.txt")
        try FileManager.default.createSymbolicLink(atPath: dir + "/web/photo.png", withDestinationPath: "../victim/config.txt")
        let batch = TestConsole.run(["run", "-e", "invert", "in/", "--output", "out/"], in: dir)
        #expect(batch.status == 0, "\(batch.err)")
        let assets = TestConsole.run(["assets", "web", "in/photo.png", "--output", "web/"], in: dir)
        #expect(assets.status == 0, "\(assets.err)")
        #expect(try String(contentsOfFile: dir + "/victim/config.txt", encoding: .utf8) == "data")
        for output in ["out/photo.png", "web/photo.png"] {
            #expect(!FileIO.isSymbolicLink(dir + "/" + output), "\(output)")
            #expect(try decode(dir + "/" + output).width > 0, "\(output)")
        }
        // A rooted host replaces the link too, even one pointing inside its root.
        try FileManager.default.createSymbolicLink(atPath: dir + "/inside.png", withDestinationPath: "victim/config.txt")
        let pipeline = try PipelineCompiler().pipeline(#"load "in.png" | save "inside.png""#)
        try PipelineRunner(policy: .rooted(at: dir)).run(pipeline)
        #expect(!FileIO.isSymbolicLink(dir + "/inside.png"))
        #expect(try String(contentsOfFile: dir + "/victim/config.txt", encoding: .utf8) == "data")
    }

    @Test("a rooted host refuses a save through a link that leads out of its root")
    func rootedLinkOut() throws {
        let dir = try workspace()
        let outside = try TemporaryFolder.make("outside")
        try FileManager.default.createSymbolicLink(atPath: dir + "/escape.png", withDestinationPath: outside + "/stolen.png")
        let runner = PipelineRunner(policy: .rooted(at: dir))
        let pipeline = try PipelineCompiler().pipeline(#"load "in.png" | save "escape.png""#)
        #expect(throws: (any Error).self) { try runner.run(pipeline) }
        #expect(!FileManager.default.fileExists(atPath: outside + "/stolen.png"))
    }
}

/// Ctrl-C during a batch left `.NAME.ninepipe-XXXXXX` temporaries of ~20 MB behind.
extension CommandLineTests {
    @Test("SIGINT during a batch: no new files, the file in flight abandoned, no temporary left, summary printed, exit 130")
    func interruptedBatch() throws {
        _ = try Requirement.executable()
        let dir = try workspace()
        try FileManager.default.createDirectory(atPath: dir + "/many", withIntermediateDirectories: true)
        let photo = try PNGEncoder().encode(Image(width: 300, height: 200, layout: .rgb, depth: .eight, fill: [90, 120, 200]))
        for index in 0..<40 { _ = FileManager.default.createFile(atPath: "\(dir)/many/\(index).png", contents: Data(photo)) }
        let stderr = Pipe()
        let stdout = Pipe()
        let process = try ChildProcess.start(
            Repository.builtExecutable.path, ["run", "-e", "resize width=1200 filter=lanczos3", "many", "--output", "out/", "--jobs", "1"],
            in: dir, output: stdout, errors: stderr)
        // Not a terminal: one line per finished file on stdout. Interrupt after the first.
        var lines = Data()
        while !String(decoding: lines, as: UTF8.self).contains("\n") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            lines += chunk
        }
        kill(process.processIdentifier, SIGINT)  // as Ctrl-C sends
        _ = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(err)")
        #expect(err.contains("40 files: ") && err.contains("stopped by SIGINT:"), "\(err)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
        #expect(!written.contains { $0.contains(".ninepipe-") }, "temporaries left: \(written)")
        #expect(written.count >= 1 && written.count < 40, "\(written.count) outputs")
        for name in written { #expect(try decode(dir + "/out/" + name).width == 1200, "\(name) is not a whole image") }
    }
}
