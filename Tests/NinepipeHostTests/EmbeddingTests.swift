import Foundation
import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeHost

/// The host as a library: compile once, run many times on images or bytes, concurrently,
/// cancellably, under a file policy, with warnings delivered to the embedder.
@Suite("embedding API")
struct EmbeddingTests {
    static func photo(_ width: Int = 64, _ height: Int = 48) -> Image {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { samples += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x ^ y) & 255)] } }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    static func temporaryDirectory() throws -> String {
        let path = try TemporaryFolder.make("embed")
        return path
    }

    @Test("bytes in, bytes out, with no file access: same pixels as running on the decoded image")
    func encodedRoundTrip() throws {
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("resize width=32 | round radius=4")
        let runner = PipelineRunner(policy: .noFiles)
        let png = try PNGEncoder().encode(Self.photo())
        let bytes = try runner.run(pipeline, encoded: png, name: "upload.png", output: EncodeOptions(format: .png))
        let direct = try #require(try runner.run(pipeline, input: Self.photo()))
        #expect(try ImageCodecRegistry.builtIn.decode(bytes) == direct)
        #expect(direct.width == 32 && direct.height == 24)
        // A corrupt upload names itself.
        #expect(throws: (any Error).self) { try runner.run(pipeline, encoded: Array(png.prefix(40)), name: "upload.png") }
        do { _ = try runner.run(pipeline, encoded: Array(png.prefix(40)), name: "upload.png") } catch {
            #expect("\(error)".hasPrefix("upload.png: "), "\(error)")
        }
    }

    /// Asks for a 100×75 source and records the size it was given.
    final class SizeProbe: DecodeSizeHinting {
        let seen = Mutex<[Int]>([])
        func minimumSourceSize(width: Int, height: Int) -> (width: Int, height: Int)? { (100, 75) }
        func apply(to image: Image, context: TransformContext) throws -> Image {
            seen.withLock { $0 = [image.width, image.height] }
            return image
        }
    }

    @Test("a JPEG input is decoded smaller when the first step asks for less (shrink-on-load)")
    func encodedShrinkOnLoad() throws {
        let jpeg = try JPEGEncoder(quality: 90).encode(Self.photo(800, 600))
        let probe = SizeProbe()
        let registry = try PluginRegistry(descriptors: [
            StepDescriptor(name: "probe", version: "1", summary: "", parameters: [], role: .transform) { _ in
                .transform(probe)
            }
        ])
        let pipeline = try PipelineCompiler(registry: registry, requiresSource: false).pipeline("probe")
        _ = try PipelineRunner().run(pipeline, encoded: jpeg)
        // 800×600 at the smallest DCT scale that still gives 100×75: 1/8.
        #expect(probe.seen.withLock { $0 } == [100, 75])
    }

    @Test("one compiled pipeline run from 16 tasks at once gives identical results")
    func concurrentRuns() async throws {
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline(
            "resize width=50 filter=lanczos3 | round radius=30% | border width=2 color=#ff000080")
        let input = Self.photo(120, 90)
        let expected = try #require(try PipelineRunner().run(pipeline, input: input))
        let results = try await withThrowingTaskGroup(of: Image?.self) { group in
            for _ in 0..<16 { group.addTask { try PipelineRunner().run(pipeline, input: input) } }
            var all: [Image?] = []
            for try await image in group { all.append(image) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    /// Cancels its own task, then runs a resize: the resize's loops must notice.
    struct CancelThenResize: Transform {
        func apply(to image: Image, context: TransformContext) throws -> Image {
            withUnsafeCurrentTask { $0?.cancel() }
            return try Transforms.Resize(width: .pixels(Double(image.width * 4)), height: nil).apply(to: image, context: context)
        }
    }

    @Test("cancellation stops a run between steps and inside a transform's loops")
    func cancellation() async throws {
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("resize width=200 | resize width=100")
        let input = Self.photo()
        let task = Task { try PipelineRunner().run(pipeline, input: input) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // Inside a step: a transform that cancels its task and then resizes fails with CancellationError.
        let inside = Task { try CancelThenResize().apply(to: input, context: TransformContext()) }
        await #expect(throws: CancellationError.self) { try await inside.value }
    }

    @Test(
        "a rooted policy allows files inside its directory and refuses .., absolute paths and links that lead out (whole and streamed)",
        arguments: [Execution.whole, .streamed])
    func rootedPolicy(execution: Execution) throws {
        let root = try Self.temporaryDirectory()
        let outside = try Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        let png = try PNGEncoder().encode(Self.photo(8, 8))
        for directory in [root, outside] { _ = FileManager.default.createFile(atPath: directory + "/in.png", contents: Data(png)) }
        try FileManager.default.createSymbolicLink(atPath: root + "/escape", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/secret.png", withDestinationPath: outside + "/in.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias.png", withDestinationPath: root + "/in.png")
        var runner = PipelineRunner(policy: .rooted(at: root))
        runner.execution = execution
        func run(_ text: String) -> String? {
            do {
                try runner.run(try PipelineCompiler().pipeline(text))
                return nil
            } catch let failure as StepFailure {
                return "\(failure.underlying)"
            } catch {
                return "\(error)"
            }
        }
        #expect(run(#"load "in.png" | save "sub/out.png""#) == nil)
        #expect(FileManager.default.fileExists(atPath: root + "/sub/out.png"))
        #expect(run(#"load "alias.png" | save "sub/../copy.png""#) == nil)
        #expect(run(#"load "in.png" | overlay "alias.png" gravity=south opacity=0.5 | save "sub/badged.png""#) == nil)
        #expect(run("load \"\(root)/in.png\" | save \"a.png\"") == nil)
        let refusals = [
            #"load "../\#(URL(fileURLWithPath: outside).lastPathComponent)/in.png" | save "x.png""#,
            "load \"\(outside)/in.png\" | save \"x.png\"",
            #"load "secret.png" | save "x.png""#,
            #"load "escape/in.png" | save "x.png""#,
            #"load "in.png" | save "escape/stolen.png""#,
            #"load "in.png" | save "sub/../../stolen.png""#,
            // An overlay's file goes through the same policy as load.
            "load \"in.png\" | overlay \"\(outside)/in.png\" | save \"x.png\"",
            #"load "in.png" | overlay "secret.png" | save "x.png""#,
        ]
        for text in refusals {
            let message = run(text)
            #expect(message?.contains("outside the directory this host allows (\(root))") == true, "\(text): \(message ?? "ran")")
        }
        #expect(!FileManager.default.fileExists(atPath: outside + "/stolen.png"))
        #expect(run(#"load "in.png" | save "x.png""#).map { _ in true } == nil)
        #expect(
            PipelineRunner(policy: .noFiles).run(try PipelineCompiler().pipeline(#"load "in.png""#), catching: true)?
                .contains("file access is disabled by the host's policy") == true)
    }

    @Test("lower limits refuse a large image before decoding it; warnings reach the handler, never stdout")
    func limitsAndWarnings() throws {
        let png = try PNGEncoder().encode(Self.photo(64, 48))
        let small = PipelineRunner(limits: ImageLimits(maxPixelCount: 1000))
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("orient")
        #expect(throws: (any Error).self) { try small.run(pipeline, encoded: png) }
        let warnings = Mutex<[String]>([])
        let runner = PipelineRunner { message in warnings.withLock { $0.append(message) } }
        var patch = Self.photo(9, 9)
        patch.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(xDivs: [3, 6], yDivs: [3, 6], padding: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0), colors: []))
        _ = try runner.run(try PipelineCompiler(requiresSource: false).pipeline("crop x=0 y=0 width=2 height=2"), input: patch)
        #expect(warnings.withLock { $0 }.count == 1)
        let compiled = PipelineCompiler().compile(#"load "a.png" | resize width=10"#)
        #expect(compiled.pipeline != nil)
        #expect(compiled.diagnostics.map(\.description) == ["1:16: warning: the pipeline has no save step; its result is discarded"])
    }
}

extension PipelineRunner {
    /// The error message of running `pipeline`, or `nil` when it succeeds.
    fileprivate func run(_ pipeline: Pipeline, catching: Bool) -> String? {
        do {
            try run(pipeline)
            return nil
        } catch let failure as StepFailure { return "\(failure.underlying)" } catch { return "\(error)" }
    }
}
