import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

#if canImport(Glibc)
import Glibc
#endif

/// A Kubernetes Indexed Job on one machine. Four processes of the real executable take
/// `--shard auto/4` from `JOB_COMPLETION_INDEX` over 120 files; one is killed (SIGKILL) mid-run
/// and started again with `--skip-existing`, as a retried pod is. At the end every output exists
/// once, decodes, nothing half-written is left, and the `--report` lines add up.
extension CommandLineTests {
    struct ReportLine: Decodable {
        var input: String, outputs: [String], status: String, error: String?, seconds: Double, bytes: Int
    }

    @Test("an Indexed Job of 4 shards, one killed and resumed with --skip-existing: every output once, reports add up")
    func indexedJob() throws {
        let binary = URL(fileURLWithPath: try Requirement.executable())
        let dir = try TemporaryFolder.make("indexed")
        for folder in ["in", "reports"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        for index in 0..<120 {
            var samples: [UInt8] = []
            for y in 0..<64 {
                for x in 0..<96 { samples += [UInt8((x * 3 + index) % 256), UInt8((y * 4 + index * 7) % 256), UInt8((x ^ y) % 256)] }
            }
            let png = try PNGEncoder().encode(Image(width: 96, height: 64, layout: .rgb, samples: samples))
            _ = FileManager.default.createFile(atPath: String(format: "%@/in/f%03d.png", dir, index), contents: Data(png))
        }
        func shard(_ index: Int, report: String) throws -> Process {
            try ChildProcess.start(
                binary.path,
                [
                    "run", "-e", "blur sigma=4 | resize width=32", "in/", "--output", "out/", "--shard", "auto/4",
                    "--jobs", "1", "--skip-existing", "--report", "reports/\(report).jsonl", "--quiet",
                ], in: dir, environment: ["JOB_COMPLETION_INDEX": String(index), "PATH": "/usr/bin:/bin"])
        }
        func lines(_ report: String) -> [ReportLine] {
            let text = (try? String(contentsOfFile: "\(dir)/reports/\(report).jsonl", encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(ReportLine.self, from: Data($0.utf8)) }
        }

        var processes = try (0..<4).map { try shard($0, report: "\($0)") }
        // Shard 2 dies mid-run (a pod evicted), once it has finished a few files.
        let deadline = Date().addingTimeInterval(60)
        while lines("2").count < 3 && processes[2].isRunning && Date() < deadline { usleep(2000) }
        #expect(processes[2].isRunning, "shard 2 finished before it could be killed")
        kill(processes[2].processIdentifier, SIGKILL)
        processes[2].waitUntilExit()
        let killedDone = lines("2").filter { $0.status == "ok" }.count
        processes[2] = try shard(2, report: "2-retry")
        for process in processes { process.waitUntilExit() }
        for (index, process) in processes.enumerated() where index != 2 || process.terminationReason == .exit {
            #expect(process.terminationStatus == 0, "shard \(index) exited \(process.terminationStatus)")
        }

        // Every output once, whole; no temporaries left.
        let written = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        let visible = written.filter { !$0.hasPrefix(".") }
        #expect(visible.count == 120, "\(visible.count) outputs")
        #expect(written.count == visible.count, "left behind: \(written.filter { $0.hasPrefix(".") })")
        for name in visible {
            let image = try ImageCodecRegistry.builtIn.decode(try FileIO.read(dir + "/out/" + name))
            #expect(image.width == 32 && image.height == 21, "\(name) is \(image.width)×\(image.height)")
        }

        // The reports add up: each input written exactly once across all of them; the retried
        // shard found the killed run's files up to date and wrote the rest.
        let all = ["0", "1", "2", "2-retry", "3"].flatMap { lines($0) }
        let writes = Dictionary(grouping: all.filter { $0.status == "ok" }, by: \.input)
        #expect(
            writes.count == 120 && writes.values.allSatisfy { $0.count == 1 },
            "\(writes.count) inputs written; twice: \(writes.filter { $0.value.count > 1 }.keys.sorted())")
        #expect(all.allSatisfy { $0.status != "failed" })
        let retry = lines("2-retry")
        #expect(
            retry.filter { $0.status == "up-to-date" }.count == killedDone,
            "retry: \(retry.filter { $0.status == "up-to-date" }.count) up to date, killed run wrote \(killedDone)")
        #expect(retry.count == 30 && killedDone >= 3, "shard 2 holds 30 inputs; the retry reported \(retry.count)")
        #expect(all.filter { $0.status == "ok" }.allSatisfy { $0.bytes > 0 && $0.outputs.count == 1 && $0.seconds >= 0 })
    }

    @Test("two long names cut to one prefix get temporaries of their own (a hash of the whole name)")
    func longNamesApart() {
        let base = String(repeating: "x", count: 250)
        let (first, second) = (AtomicFile.temporaryStem(base + "1.png"), AtomicFile.temporaryStem(base + "2.png"))
        #expect(first != second && first.utf8.count == second.utf8.count)
        #expect((".\(first).ninepipe-4194304-abcdef").utf8.count <= 255)
        #expect(AtomicFile.temporaryStem("short.png") == "short.png")
    }

    @Test("a resumed batch removes the temporaries a killed run left beside its outputs, and only those")
    func leftoversRemoved() throws {
        let dir = try workspace()
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        // A writer that has ended (a process started and waited for here), and one still running (this one).
        let ended = try ChildProcess.start("/bin/true", [])
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        let alive = getpid()
        let leftovers = [".in.png.ninepipe-\(dead)-Ab3dE9", ".in.png.ninepipe-\(dead)-zzzzzz"]
        // Names that are not ours (a backup, a user's file), a running writer's, another
        // output's, and a link named like a leftover stay.
        let kept = [
            ".in.png.ninepipe-abc", ".in.png.ninepipe-backup", ".in.png.ninepipe-2024v1", ".in.png.ninepipe-\(alive)-Ab3dE9",
            ".in.png.ninepipe-\(dead)-Ab3dE", ".other.png.ninepipe-\(dead)-Ab3dE9", "in.png.ninepipe-\(dead)-Ab3dE9",
        ]
        for name in leftovers + kept { _ = FileManager.default.createFile(atPath: dir + "/out/" + name, contents: Data([1, 2, 3])) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/out/.in.png.ninepipe-\(dead)-LinkAb", withDestinationPath: "in.png")
        let result = TestConsole.run(["run", "-e", "resize width=8", "in.png", "--output", "out/", "--skip-existing"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/out"))
        #expect(names == Set(kept + ["in.png", ".in.png.ninepipe-\(dead)-LinkAb"]), "\(names.sorted())")
        // Up to date now: a second run leaves everything as it is and says so.
        let again = TestConsole.run(["run", "-e", "resize width=8", "in.png", "--output", "out/", "--skip-existing"], in: dir)
        #expect(again.status == 0 && again.err.contains("1 file: 0 ok, 1 up to date, 0 failed, 0 skipped"), "\(again.err)")
        #expect(again.out.contains("up to date in.png → out/in.png"), "\(again.out)")
    }
}
