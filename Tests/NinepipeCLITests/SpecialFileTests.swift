import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

#if canImport(Glibc)
import Glibc
#endif

/// Issue 39, item 6: a FIFO in an input folder, or at an output path, blocked a batch for ever,
/// and SIGTERM did not stop it.
@Suite("FIFOs and signals")
struct SpecialFileTests {
    func workspace() throws -> String {
        let dir = try TemporaryFolder.make("fifo")
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Image(width: 8, height: 8, layout: .rgb, depth: .eight, fill: [10, 20, 30]))
        _ = FileManager.default.createFile(atPath: dir + "/in/a.png", contents: Data(png))
        _ = FileManager.default.createFile(atPath: dir + "/in/b.png", contents: Data(png))
        return dir
    }

    @Test("a FIFO among a folder's images is never opened; one where an output goes fails that file only")
    func fifosInFolders() throws {
        let dir = try workspace()
        #expect(mkfifo(dir + "/in/pipe.png", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/out/b.png", 0o600) == 0)
        let started = ContinuousClock.now
        let result = TestConsole.run(["run", "-e", "invert", "in/", "--output", "out/"], in: dir)
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("2 files: 1 ok, 1 failed"), "\(result.err)")
        #expect(result.err.contains("out/b.png: cannot write: it is a FIFO, socket or device"), "\(result.err)")
        let assets = TestConsole.run(["assets", "web", "in/", "--output", "web/"], in: dir)
        #expect(assets.status == 0 && assets.err.contains("2 assets: 2 ok"), "\(assets.err)")
    }

    @Test("SIGTERM ends a run blocked opening a FIFO with exit 143 within the grace period")
    func sigtermWhileBlocked() throws {
        guard FileManager.default.isExecutableFile(atPath: Repository.builtExecutable.path) else {
            print("SKIP: \(Repository.builtExecutable.path) not built; FIFO signal test skipped")
            return
        }
        let dir = try workspace()
        #expect(mkfifo(dir + "/named.png", 0o600) == 0)
        let stderr = Pipe()
        let process = try ChildProcess.start(
            Repository.builtExecutable.path, ["run", "-e", #"load "named.png" | save "x.png""#], in: dir, errors: stderr)
        usleep(500_000)  // blocked in open() by now: the FIFO has no writer
        let signalled = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(ContinuousClock.now - signalled < .seconds(10))
        #expect(process.terminationStatus == 143)
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("stopped by SIGTERM"), "\(text)")
    }
}
