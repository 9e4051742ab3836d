import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeHost

/// A number on the command line could trap (`--insets 99999999999,…` died in an
/// `Int32(…)` conversion, SIGILL) or start threads without bound (`--jobs 99999999999999` on one
/// input exhausted the machine's process table). Every number is range-checked, with an error
/// that names the option and the range; the worker count is capped by the inputs and 256.
extension CommandLineTests {
    @Test(
        "out-of-range numbers on the command line are usage errors naming the option and its range",
        arguments: [
            (
                ["ninepatch", "inspect", "in.png", "--insets", "99999999999,1,1,1", "--format", "css"],
                "--insets '99999999999,1,1,1': give four pixel counts top,left,bottom,right, each from 0 to 65535"
            ),
            (["ninepatch", "inspect", "in.png", "--insets", "1,,1,1"], "--insets '1,,1,1': give four pixel counts"),
            (["ninepatch", "inspect", "in.png", "--insets", "-1,1,1,1"], "--insets '-1,1,1,1': give four pixel counts"),
            (
                ["run", "-e", "resize width=10", "in.png", "--output", "j/", "--jobs", "99999999999999"],
                "--jobs '99999999999999': give a whole number from 1 to 256"
            ),
            (["run", "-e", "resize width=10", "in.png", "--output", "j/", "-j0"], "--jobs '0': give a whole number from 1 to 256"),
            (["assets", "ios", "in.png", "--output", "A.xcassets", "--jobs", "257"], "--jobs '257': give a whole number from 1 to 256"),
            (["info", "in.png", "--max-pixels", "99999999999999999999"], "--max-pixels '99999999999999999999': give a whole number from 1 to 1099511627776"),
            (["info", "in.png", "--max-dimension", "2147483648"], "--max-dimension '2147483648': give a whole number from 1 to 2147483647"),
            (
                ["info", "in.png", "--components", "99999999999999999999x3"],
                "--components '99999999999999999999x3': give the components across and down, each 1…9"
            ),
            (["run", "-e", "resize width=10", "in.png", "--output", "j/", "--shard", "99999999999999999999/2"], "--shard"),
        ])
    func outOfRange(arguments: [String], message: String) throws {
        let dir = try workspace()
        let result = TestConsole.run(arguments, in: dir)
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.err)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/j") && !FileManager.default.fileExists(atPath: dir + "/A.xcassets"))
    }

    @Test("insets within range but larger than the image are a runtime error naming the file")
    func insetsLargerThanImage() throws {
        let dir = try workspace()
        let result = TestConsole.run(["ninepatch", "inspect", "in.png", "--insets", "65535,1,1,1"], in: dir)
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err.contains("in.png: insets 65535,1,1,1 leave nothing to stretch in the"), "\(result.err)")
    }

    @Test("the worker count never exceeds the inputs or 256, whatever --jobs and the library are asked")
    func workersAreBounded() throws {
        #expect(ParallelWork.width(jobs: 256, count: 1) == 1)
        #expect(ParallelWork.width(jobs: .max, count: 10_000) == 256)
        #expect(ParallelWork.width(jobs: 0, count: 0) == 1 && ParallelWork.width(jobs: -5, count: 3) == 1)
        #expect(BatchRunner(runner: PipelineRunner(), output: nil, jobs: .max).jobs == BatchRunner.maximumJobs)

        // The real program, --jobs 256 on two inputs: its thread count, sampled from /proc while
        // it runs, stays small (it started 256 batch threads before the cap).
        let dir = try workspace()
        _ = TestConsole.run(["run", "-e", #"load "in.png" | resize width=800 | save "big.png""#], in: dir)
        let process = try ChildProcess.start(
            Repository.builtExecutable.path, ["run", "-e", "blur sigma=6", "big.png", "in.png", "--output", "out/", "--jobs", "256", "--quiet"], in: dir)
        var most = 0
        while process.isRunning {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task"))?.count ?? 0
            most = max(most, tasks)
            usleep(500)
        }
        #expect(process.terminationStatus == 0)
        #expect(most > 0 && most < 32, "the batch ran \(most) threads at once")
    }

    @Test("CommandLineTool(limits:) is where every command's limits start; --max-pixels changes them for one run")
    func startingLimits() throws {
        let dir = try workspace()
        let strict = CommandLineTool(limits: ImageLimits(maxPixelCount: 100, maxDimension: 4096, maxMetadataBytes: 1 << 20))
        let console = TestConsole()
        let refused = strict.run(["run", "-e", #"load "\#(dir)/in.png" | save "\#(dir)/out.png""#], console: console.console())
        #expect(refused == 1 && console.err.contains("over the limit of 100 pixels"), "\(console.err)")
        let raised = strict.run(["run", "--max-pixels", "1000", "-e", #"load "\#(dir)/in.png" | save "\#(dir)/out.png""#], console: TestConsole().console())
        #expect(raised == 0)
        let assets = TestConsole()
        #expect(strict.run(["assets", "web", dir + "/in.png", "--output", dir + "/web/"], console: assets.console()) == 1, "\(assets.err)")
    }
}
