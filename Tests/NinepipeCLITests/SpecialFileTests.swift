import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

#if canImport(Glibc)
import Glibc
#endif

/// A FIFO in an input folder, or at an output path, blocked a batch for ever,
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
        #expect(!HangGuard.hung(since: started))
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("2 files: 1 ok, 1 failed"), "\(result.err)")
        #expect(result.err.contains("out/b.png: cannot write: it is a FIFO, socket or device"), "\(result.err)")
        let assets = TestConsole.run(["assets", "web", "in/", "--output", "web/"], in: dir)
        #expect(assets.status == 0 && assets.err.contains("2 assets: 2 ok"), "\(assets.err)")
    }

    /// `ninepipe run` loading a FIFO nothing writes to, started and given time to block in open().
    func blockedRun() throws -> (process: Process, stderr: Pipe) {
        _ = try Requirement.executable()
        let dir = try workspace()
        #expect(mkfifo(dir + "/named.png", 0o600) == 0)
        let stderr = Pipe()
        let process = try ChildProcess.start(
            Repository.builtExecutable.path, ["run", "-e", #"load "named.png" | save "x.png""#], in: dir, errors: stderr)
        usleep(500_000)  // blocked in open() by now: the FIFO has no writer
        return (process, stderr)
    }

    /// Sends `process` SIGTERM, waits for it to end (never hanging), and returns its exit status
    /// and what it wrote to `stderr`.
    func terminated(_ process: Process, stderr: Pipe) -> (status: Int32, text: String) {
        let signalled = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(!HangGuard.hung(since: signalled))
        return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("SIGTERM ends a run blocked opening a FIFO with exit 143 within the grace period")
    func sigtermWhileBlocked() throws {
        let (process, stderr) = try blockedRun()
        let (status, text) = terminated(process, stderr: stderr)
        #expect(status == 143)
        #expect(text.contains("stopped by SIGTERM"), "\(text)")
    }

    /// The signal watcher sleeps in poll(2) on a pipe the handler writes to; the first signal
    /// gives files in flight the grace period, a second ends the run at once.
    @Test("a second signal ends a run blocked opening a FIFO at once, saying so, exit 143; after the first it is still waiting")
    func secondSignalWhileBlocked() throws {
        let (process, stderr) = try blockedRun()
        kill(process.processIdentifier, SIGTERM)
        usleep(300_000)
        // Within the 5 s grace period: a busy machine only makes it later, never earlier.
        #expect(process.isRunning, "the first signal ended the run before the grace period")
        let (status, text) = terminated(process, stderr: stderr)
        #expect(status == 143)
        #expect(text.contains("stopped by SIGTERM, then a second signal: ending now, without waiting for the file in flight"), "\(text)")
    }

    /// A tree with one vector drawable and an adaptive launcher icon, under `dir/res`.
    func assetTree() throws -> String {
        let dir = try TemporaryFolder.make("fifo-assets")
        let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#
        let vector =
            ##"<vector \##(android) android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFFFF" android:pathData="M34,54a20,20 0 1,0 40,0a20,20 0 1,0 -40,0z"/></vector>"##
        try TemporaryFolder.write(vector, to: dir + "/res/drawable/dot.xml")
        try TemporaryFolder.write(
            ##"<adaptive-icon \##(android)><background android:drawable="@color/brand"/><foreground android:drawable="@drawable/dot"/></adaptive-icon>"##,
            to: dir + "/res/mipmap-anydpi-v26/ic_launcher.xml")
        try TemporaryFolder.write(##"<resources><color name="brand">#FF2196F3</color></resources>"##, to: dir + "/res/values/colors.xml")
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        return dir
    }

    @Test("assets: a FIFO where NAME.svg, assets.json or favicon.ico goes is refused by name, never opened (exit 1, no hang)")
    func assetOutputs() throws {
        for name in ["dot.svg", "assets.json", "favicon.ico"] {
            let dir = try assetTree()
            #expect(mkfifo(dir + "/out/" + name, 0o600) == 0)
            let result = TestConsole.run(["assets", "web", "res", "--output", "out"] + (name == "favicon.ico" ? ["--icons"] : []), in: dir)
            #expect(result.status == 1, "\(name): \(result.err)")
            #expect(result.err.contains("out/\(name): cannot write: it is a FIFO, socket or device; assets are written as files"), "\(name): \(result.err)")
        }
    }

    @Test("assets: a FIFO in the input (an adaptive icon's XML, an imageset's Contents.json, a drawable) is never opened")
    func assetInputs() throws {
        let dir = try assetTree()
        // A FIFO as another launcher icon's XML, and as a drawable: passed over (never a regular file).
        #expect(mkfifo(dir + "/res/mipmap-anydpi-v26/ic_launcher_round.xml", 0o600) == 0)
        #expect(mkfifo(dir + "/res/drawable/pipe.xml", 0o600) == 0)
        let icons = TestConsole.run(["assets", "web", "res", "--icons", "--output", "out"], in: dir)
        #expect(icons.status == 0, "\(icons.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/favicon.ico"))
        // An imageset whose Contents.json is a FIFO: an error naming it.
        try FileManager.default.createDirectory(atPath: dir + "/A.xcassets/x.imageset", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/A.xcassets/x.imageset/Contents.json", 0o600) == 0)
        let catalog = TestConsole.run(["assets", "android", "A.xcassets", "--output", "res2"], in: dir)
        #expect(catalog.status == 1, "\(catalog.err)")
        #expect(catalog.err.contains("x.imageset/Contents.json: cannot read: it is a FIFO, socket or device, not a regular file"), "\(catalog.err)")
    }
}

/// `assets` runs stopped by a signal, or killed, leave no temporaries a rerun keeps.
extension SpecialFileTests {
    /// A folder `in/` of `count` PNGs.
    func pictures(_ count: Int, width: Int = 600, height: Int = 400) throws -> String {
        let dir = try TemporaryFolder.make("assets-interrupt")
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Image(width: width, height: height, layout: .rgb, depth: .eight, fill: [90, 120, 200]))
        for index in 0..<count { _ = FileManager.default.createFile(atPath: "\(dir)/in/p\(index).png", contents: Data(png)) }
        return dir
    }

    @Test("SIGINT during assets: no new asset, the one in flight abandoned, no temporary left, exit 130")
    func interruptedAssets() throws {
        _ = try Requirement.executable()
        let dir = try pictures(40, width: 3000, height: 2000)
        let stdout = Pipe()
        let stderr = Pipe()
        let process = try ChildProcess.start(
            Repository.builtExecutable.path, ["assets", "web", "in", "--output", "out", "--jobs", "1"], in: dir, output: stdout, errors: stderr)
        var lines = Data()
        while !String(decoding: lines, as: UTF8.self).contains("\n") {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            lines += chunk
        }
        kill(process.processIdentifier, SIGINT)
        _ = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(err)")
        #expect(err.contains("stopped by SIGINT:") && err.contains("not converted"), "\(err)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
        #expect(!written.contains { $0.contains(".ninepipe-") }, "temporaries left: \(written)")
        #expect(!written.contains("assets.json"), "the catalog was written for a stopped run")
        for name in written where name.hasSuffix(".png") {
            #expect(try ImageCodecRegistry.builtIn.decode(FileIO.read(dir + "/out/" + name)).width >= 1500, "\(name) is not a whole image")
        }
    }

    @Test("a rerun of assets removes the temporaries a killed run left in its output folders, and only those")
    func assetLeftovers() throws {
        let dir = try pictures(2)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        let ended = try ChildProcess.start("/bin/true", [])
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        let leftovers = [".p0.png.ninepipe-\(dead)-Ab3dE9", ".assets.json.ninepipe-\(dead)-zzzzzz", ".gone.png.ninepipe-\(dead)-Qq1234"]
        let kept = [".p0.png.ninepipe-\(getpid())-Ab3dE9", ".p0.png.ninepipe-backup", "notes.ninepipe-\(dead)-Ab3dE9", ".p1.png.ninepipe-\(dead)-Ab3d"]
        for name in leftovers + kept { _ = FileManager.default.createFile(atPath: dir + "/out/" + name, contents: Data([1, 2, 3])) }
        let result = TestConsole.run(["assets", "web", dir + "/in", "--output", dir + "/out"])
        #expect(result.status == 0, "\(result.err)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/out"))
        #expect(leftovers.allSatisfy { !names.contains($0) }, "\(names.sorted())")
        #expect(kept.allSatisfy { names.contains($0) }, "\(names.sorted())")
    }
}
