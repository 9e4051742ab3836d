import Foundation
import NinepipeCore
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeHost

/// Batch files ran on detached threads, so cancelling the embedding task did not
/// reach files in flight. Now each file is a child task of a group `jobs` wide.
@Suite("batch runs on structured concurrency")
struct BatchConcurrencyTests {
    /// Counts files in flight, records the most at once and whether each ran inside a task,
    /// and takes a little time so that files overlap. With `holdsAfterFirst`, every file after
    /// the first waits (up to 10 s) until its task is cancelled, and counts that it saw it.
    final class FlightRecorder: Transform, Sendable {
        let state = Mutex<(now: Int, most: Int, outsideTask: Int, seen: Int, sawCancellation: Int)>((0, 0, 0, 0, 0))
        let holdsAfterFirst: Bool
        init(holdsAfterFirst: Bool = false) { self.holdsAfterFirst = holdsAfterFirst }

        func apply(to image: Image, context: TransformContext) throws -> Image {
            let inTask = withUnsafeCurrentTask { $0 != nil }
            let seen = state.withLock { state in
                state.now += 1
                state.most = max(state.most, state.now)
                state.seen += 1
                if !inTask { state.outsideTask += 1 }
                return state.seen
            }
            defer { state.withLock { $0.now -= 1 } }
            if holdsAfterFirst && seen > 1 {
                for _ in 0..<10_000 where !context.isCancelled { usleep(1000) }
                if context.isCancelled { state.withLock { $0.sawCancellation += 1 } }
            } else {
                usleep(20_000)
            }
            try context.checkCancellation()
            return image
        }
    }

    func batch(_ recorder: FlightRecorder, files: Int) throws -> (Pipeline, [BatchInput], String) {
        let directory = try TemporaryFolder.make("group")
        let png = try PNGEncoder().encode(Image(width: 4, height: 4, layout: .rgb, depth: .eight, fill: [9, 9, 9]))
        let inputs = (0..<files).map { BatchInput(path: "\(directory)/\($0).png", index: $0) }
        for input in inputs { _ = FileManager.default.createFile(atPath: input.path, contents: Data(png)) }
        let registry = try PluginRegistry(descriptors: [
            StepDescriptor(name: "record", version: "1", summary: "", parameters: [], role: .transform) { _ in
                .transform(recorder)
            }
        ])
        return (try PipelineCompiler(registry: registry, requiresSource: false).pipeline("record"), inputs, directory)
    }

    @Test("--jobs is the task group's width: never more files in flight, each inside a task", arguments: [1, 2, 3])
    func width(jobs: Int) async throws {
        let recorder = FlightRecorder()
        let (pipeline, inputs, directory) = try batch(recorder, files: 8)
        let runner = BatchRunner(runner: PipelineRunner(), output: try OutputTemplate(directory + "/out/"), jobs: jobs)
        let summary = await runner.run(pipeline, inputs: inputs) { _ in }
        let state = recorder.state.withLock { $0 }
        #expect(summary.succeeded == 8 && state.seen == 8)
        #expect(state.most <= jobs && state.most >= 1, "\(state.most) files at once with --jobs \(jobs)")
        #expect(state.outsideTask == 0, "\(state.outsideTask) files ran outside any task")
    }

    @Test("cancelling the embedding task reaches the files in flight and starts no more")
    func cancellationReachesFiles() async throws {
        let recorder = FlightRecorder(holdsAfterFirst: true)
        let (pipeline, inputs, directory) = try batch(recorder, files: 40)
        let runner = BatchRunner(runner: PipelineRunner(), output: try OutputTemplate(directory + "/out/"), jobs: 2)
        let finished = Atomic<Int>(0)
        let task = Task { await runner.run(pipeline, inputs: inputs) { _ in finished.add(1, ordering: .relaxed) } }
        while finished.load(ordering: .relaxed) < 1 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let summary = await task.value
        let state = recorder.state.withLock { $0 }
        #expect(summary.succeeded == 1 && summary.failures.isEmpty && summary.skipped == 39)
        #expect(state.sawCancellation >= 1 && state.sawCancellation == state.seen - 1, "files in flight saw the cancellation: \(state)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporaries left: \(leftovers)")
    }
}
