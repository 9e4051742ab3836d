import Foundation
import NinepipeCore
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeCLI
@testable import NinepipeHost

/// `ninepipe run FILE INPUT... --output TARGET`, used as a person would, with absolute paths
/// (other suites change the working directory).
@Suite("batch runs")
struct BatchTests {
    /// `photos/` with a.jpg (300×200), b.png (200×300), sub/c.jpg (90×60), sub/deeper/d.png (40×40),
    /// a hidden file and a text file; `thumbs.pipe` = `param size=64` + `thumbnail $size`.
    func workspace() throws -> String {
        let root = try TemporaryFolder.make("batch")
        for folder in ["photos/sub/deeper", "out"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        func image(_ width: Int, _ height: Int) -> Image {
            var samples: [UInt8] = []
            for y in 0..<height { for x in 0..<width { samples += [UInt8(x % 256), UInt8(y % 256), 90] } }
            return Image(width: width, height: height, layout: .rgb, samples: samples)
        }
        let files: [(String, [UInt8])] = [
            ("photos/a.jpg", try JPEGEncoder(quality: 90).encode(image(300, 200))),
            ("photos/b.png", try PNGEncoder().encode(image(200, 300))),
            ("photos/sub/c.jpg", try JPEGEncoder(quality: 90).encode(image(90, 60))),
            ("photos/sub/deeper/d.png", try PNGEncoder().encode(image(40, 40))),
            ("photos/.hidden.png", try PNGEncoder().encode(image(4, 4))),
            ("photos/notes.txt", Array("not an image".utf8)),
        ]
        for (path, bytes) in files { _ = FileManager.default.createFile(atPath: root + "/" + path, contents: Data(bytes)) }
        try "#!/usr/bin/env ninepipe\nparam size=64\nthumbnail $size\n".write(toFile: root + "/thumbs.pipe", atomically: true, encoding: .utf8)
        return root
    }

    func size(_ path: String) throws -> [Int] {
        let image = try ImageCodecRegistry.builtIn.decode(try FileIO.read(path))
        return [image.width, image.height]
    }

    func files(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { !FileIO.isDirectory(directory + "/" + $0) }.sorted()
    }

    /// The temporary name added ~17 bytes, so a legal 244-byte name failed with
    /// "File name too long".
    @Test("a 250-byte file name (the limit is 255) saves, and overwrites keep the file's permissions")
    func longNameAndKeptMode() throws {
        let root = try TemporaryFolder.make("long")
        let name = String(repeating: "é", count: 123) + ".png"  // 246 + 4 bytes
        #expect(name.utf8.count == 250)
        let card = Repository.root.appendingPathComponent("Examples/card.png").path
        let result = TestConsole.run(["run", "-e", "load \"\(card)\" | resize width=8 | save \"\(root)/\(name)\""])
        #expect(result.status == 0, "\(result.err)")
        #expect(try size(root + "/" + name) == [8, 5])
        chmod(root + "/" + name, 0o600)
        let again = TestConsole.run(["run", "-e", "load \"\(root)/\(name)\" | resize width=4 | save \"\(root)/\(name)\""])
        #expect(again.status == 0, "\(again.err)")
        var info = stat()
        #expect(stat(root + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == [name], "no temporary left")
    }

    /// `AtomicFile.commit` read the umask by setting it to 0 and back, so two threads
    /// committing at once could leave it at 0 for a moment and outputs came out world-writable.
    @Test("under umask 022, a concurrent batch leaves no file or folder writable by others (20 runs)")
    func outputsRespectUmask() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let root = try TemporaryFolder.make("umask")
        let tiny = try PNGEncoder().encode(Image(width: 3, height: 2, layout: .rgb, depth: .eight, fill: [1, 2, 3]))
        for folder in 0..<20 {
            try FileManager.default.createDirectory(atPath: "\(root)/in/f\(folder)", withIntermediateDirectories: true)
            for file in 0..<10 { _ = FileManager.default.createFile(atPath: "\(root)/in/f\(folder)/\(file).png", contents: Data(tiny)) }
        }
        // A watcher reads the process umask from /proc (Linux) all through the runs: it must never
        // see it changed. (The damage itself needs another thread to create a file in that
        // moment, which is rare on a quiet machine; the changed umask is not.)
        let watching = Mutex(true)
        let changes = Mutex(0)
        let watcher = Thread {
            while watching.withLock({ $0 }) {
                guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return }
                if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }), !line.hasSuffix("0022") {
                    changes.withLock { $0 += 1 }
                }
            }
        }
        watcher.start()
        defer { watching.withLock { $0 = false } }
        for run in 0..<20 {
            let out = "\(root)/out\(run)/"
            let result = TestConsole.run(["run", "-e", "resize width=4", root + "/in", "--recursive", "--output", out, "--jobs", "2", "--quiet"])
            #expect(result.status == 0, "\(result.err)")
            let writable = try FileManager.default.subpathsOfDirectory(atPath: out).filter { path in
                var info = stat()
                return stat(out + path, &info) == 0 && info.st_mode & 0o002 != 0
            }
            #expect(writable.isEmpty, "run \(run): \(writable.count) entries writable by others, e.g. \(writable.prefix(3))")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: out).count == 220)
        }
        #expect(umask(0o022) == 0o022, "the batch left the process umask changed")
        watching.withLock { $0 = false }
        #expect(changes.withLock { $0 } == 0, "the umask was seen changed \(changes.withLock { $0 }) times during the runs")
    }

    @Test("a directory, --recursive, --output DIR/ and --jobs 2: every image once, folders mirrored, one line per file")
    func recursiveDirectory() throws {
        let root = try workspace()
        let result = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos/", "--recursive", "--output", root + "/out/", "--jobs", "2"])
        #expect(result.status == 0, "\(result.err)")
        #expect(files(root + "/out") == ["a.jpg", "b.png", "sub/c.jpg", "sub/deeper/d.png"])
        #expect(try size(root + "/out/sub/deeper/d.png") == [64, 64])
        #expect(result.out.split(separator: "\n").count == 4)
        #expect(result.out.contains("ok \(root)/photos/b.png → \(root)/out/b.png (64×64)"))
        #expect(result.err.contains("4 files: 4 ok, 0 failed, 0 skipped"))
        // Without --recursive only the top level is read.
        let flat = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "--output", root + "/flat/", "--quiet"])
        #expect(flat.status == 0 && flat.out.isEmpty && flat.err.isEmpty, "\(flat.err)")
        #expect(files(root + "/flat") == ["a.jpg", "b.png"])
    }

    @Test("templates: {name}@2x.png with --set, {name}-{width}x{height}.{ext}, and globs")
    func templates() throws {
        let root = try workspace()
        let named = TestConsole.run([
            "run", root + "/thumbs.pipe", root + "/photos/a.jpg", root + "/photos/b.png",
            "--output", root + "/out/{name}@2x.png", "--set", "size=96",
        ])
        #expect(named.status == 0, "\(named.err)")
        #expect(files(root + "/out") == ["a@2x.png", "b@2x.png"])
        #expect(try size(root + "/out/a@2x.png") == [96, 96])
        let sized = TestConsole.run([
            "run", "-e", "resize width=50%", root + "/photos/*.jpg", root + "/photos/sub/*.jpg",
            "--output", root + "/sized/{name}-{width}x{height}.{ext}",
        ])
        #expect(sized.status == 0, "\(sized.err)")
        #expect(files(root + "/sized") == ["a-150x100.jpg", "c-45x30.jpg"])
    }

    @Test("several saves per input: save paths in a batch take the same placeholders")
    func variants() throws {
        let root = try workspace()
        let script = "resize width=32 | save \"\(root)/icons/{name}@2x.png\" | resize width=16 | save \"\(root)/icons/{name}.png\""
        let result = TestConsole.run(["run", "-e", script, root + "/photos/b.png", root + "/photos/sub/deeper/d.png"])
        #expect(result.status == 0, "\(result.err)")
        #expect(files(root + "/icons") == ["b.png", "b@2x.png", "d.png", "d@2x.png"])
        #expect(try size(root + "/icons/b@2x.png") == [32, 48])
        #expect(result.out.contains("→ \(root)/icons/b@2x.png, \(root)/icons/b.png (16×24)"))
    }

    @Test("a failing file does not stop the batch; the summary names it and the exit code is 1; --fail-fast skips the rest")
    func failures() throws {
        let root = try workspace()
        let broken = root + "/photos/sub/broken.png"
        _ = FileManager.default.createFile(atPath: broken, contents: Data(Array(try FileIO.read(root + "/photos/b.png").prefix(60))))
        let result = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/out/"])
        #expect(result.status == 1)
        #expect(result.err.contains("5 files: 4 ok, 1 failed, 0 skipped"), "\(result.err)")
        #expect(result.err.contains("failed:\n  \(broken): "), "\(result.err)")
        #expect(files(root + "/out") == ["a.jpg", "b.png", "sub/c.jpg", "sub/deeper/d.png"])
        // Sorted order puts broken.png before c.jpg and deeper/d.png: with one job, those are skipped.
        let fast = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/fast/", "--fail-fast", "--jobs", "1"])
        #expect(fast.status == 1)
        #expect(fast.err.contains("5 files: 2 ok, 1 failed, 2 skipped"), "\(fast.err)")
    }

    @Test("refused before anything runs: two inputs onto one output, an output onto an input, load in the pipeline, no output")
    func refusals() throws {
        let root = try workspace()
        let collide = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos/a.jpg", root + "/photos/sub/c.jpg", "--output", root + "/out/{name}.png"])
        #expect(collide.status == 0)
        let clash = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/out/x-{ext}.png"])
        #expect(clash.status == 2)
        #expect(clash.err.contains("\(root)/photos/a.jpg and \(root)/photos/sub/c.jpg would both be written to \(root)/out/x-jpg.png"), "\(clash.err)")
        let overwrite = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "--output", root + "/photos/"])
        #expect(overwrite.status == 2)
        #expect(overwrite.err.contains("which is the input \(root)/photos/a.jpg; outputs never overwrite inputs"), "\(overwrite.err)")
        let loads = TestConsole.run(["run", "-e", "load \"x.png\" | orient", root + "/photos/a.jpg", "--output", root + "/o/"])
        #expect(loads.status == 2 && loads.err.contains("the pipeline loads its own file (<expression>:1:1)"), "\(loads.err)")
        let nowhere = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos/a.jpg"])
        #expect(nowhere.status == 2 && nowhere.err.contains("needs --output"), "\(nowhere.err)")
        let placeholder = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos/a.jpg", "--output", root + "/{nmae}.png"])
        #expect(placeholder.status == 2 && placeholder.err.contains("unknown placeholder {nmae}; did you mean 'name'?"), "\(placeholder.err)")
        #expect(files(root + "/out").count == 2 && !FileManager.default.fileExists(atPath: root + "/o"))
    }

    @Test("--dry-run prints what would be written and writes nothing")
    func dryRun() throws {
        let root = try workspace()
        let result = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/out/{dir}/{name}-{width}.png", "--dry-run"])
        #expect(result.status == 0)
        #expect(
            result.out.split(separator: "\n").map(String.init) == [
                "\(root)/photos/a.jpg → \(root)/out/a-{width}.png",
                "\(root)/photos/b.png → \(root)/out/b-{width}.png",
                "\(root)/photos/sub/c.jpg → \(root)/out/sub/c-{width}.png",
                "\(root)/photos/sub/deeper/d.png → \(root)/out/sub/deeper/d-{width}.png",
            ])
        #expect(files(root + "/out").isEmpty)
    }

    @Test("--shard I/N slices are disjoint and cover the sorted inputs; auto/N reads JOB_COMPLETION_INDEX")
    func sharding() throws {
        let root = try workspace()
        var seen: [String] = []
        for index in 0..<3 {
            let result = TestConsole.run([
                "run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/out/", "--shard", "\(index)/3", "--dry-run",
            ])
            #expect(result.status == 0)
            seen += result.out.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        }
        #expect(seen.sorted() == ["a.jpg", "b.png", "sub/c.jpg", "sub/deeper/d.png"].map { "\(root)/photos/\($0)" })
        #expect(Set(seen).count == 4)
        let console = TestConsole()
        let status = CommandLineTool().run(
            ["run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/out/", "--shard", "auto/3"],
            console: console.console(environment: ["JOB_COMPLETION_INDEX": "1"]))
        #expect(status == 0, "\(console.err)")
        #expect(files(root + "/out") == ["b.png"])
        #expect(console.err.contains("shard 1/3: 1 of 4 inputs"))
        let unset = TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "--output", root + "/out/", "--shard", "auto/3"])
        #expect(unset.status == 2 && unset.err.contains("reads JOB_COMPLETION_INDEX, which is not set"))
        #expect(TestConsole.run(["run", root + "/thumbs.pipe", root + "/photos", "--output", root + "/out/", "--shard", "3/3"]).status == 2)
    }

    @Test("on a terminal the progress bar shows done/total, rate and ETA on stderr; no per-file lines")
    func progressBar() throws {
        let root = try workspace()
        let console = TestConsole()
        let status = CommandLineTool().run(
            ["run", root + "/thumbs.pipe", root + "/photos", "-r", "--output", root + "/out/"],
            console: console.console(terminal: true))
        #expect(status == 0)
        #expect(console.out.isEmpty)
        #expect(console.status.contains("] 4/4 ") && console.status.contains("/s  ETA 0:00"), "\(console.status)")
        #expect(console.status.hasSuffix("\r\u{1B}[2K"))
        #expect(console.err.contains("4 files: 4 ok"))
    }

    @Test("the library API: check, run with events, summary")
    func library() async throws {
        let root = try workspace()
        let inputs = try InputCollector.collect([root + "/photos"], recursive: true)
        #expect(inputs.map(\.directory) == ["", "", "sub", "sub/deeper"])
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("thumbnail 10")
        let batch = BatchRunner(runner: PipelineRunner(), output: try OutputTemplate(root + "/lib/{index}.png"), jobs: 3)
        try batch.check(pipeline, inputs: inputs)
        let summary = await batch.run(pipeline, inputs: inputs) { _ in }
        #expect(summary.succeeded == 4 && summary.failures.isEmpty && summary.skipped == 0)
        #expect(files(root + "/lib") == ["0.png", "1.png", "2.png", "3.png"])
    }
}
