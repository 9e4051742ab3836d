import Foundation
import NinepipeTestSupport
import Synchronization
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// Images flow as bands from decoder to encoder. Every built-in step must give the same
/// pixels and metadata streamed as with whole images, on every layout and depth.
@Suite("streamed execution")
struct StreamedExecutionTests {
    /// A textured image with varied alpha, 8 or 16 bits, in `layout`.
    static func image(_ layout: PixelLayout, _ depth: SampleDepth, width: Int = 67, height: Int = 45) -> Image {
        let channels = layout.channelCount
        var values: [Int] = []
        values.reserveCapacity(width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels {
                    let isAlpha = layout.hasAlpha && c == channels - 1
                    let v =
                        isAlpha
                        ? ((x * 7 + y * 5) % 9 == 0 ? 0 : 255 - (x * y) % 200)
                        : (x * 37 + y * 91 + c * 53 + (x ^ y) * 11) % 256
                    values.append(depth == .eight ? v : v * 256 + (x + y + c) % 251)
                }
            }
        }
        switch depth {
        case .eight: return Image(width: width, height: height, layout: layout, samples: values.map { UInt8($0) })
        case .sixteen: return Image(width: width, height: height, layout: layout, samples: values.map { UInt16($0) })
        }
    }

    static let cases: [(PixelLayout, SampleDepth)] = [
        (.gray, .eight), (.grayAlpha, .eight), (.rgb, .eight), (.rgba, .eight),
        (.gray, .sixteen), (.grayAlpha, .sixteen), (.rgb, .sixteen), (.rgba, .sixteen),
    ]

    /// A 20×14 RGBA image (aapt's button) for the overlay steps.
    static let badge = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures/aapt-button.png").path

    /// One pipeline per built-in step (several for the streamed ones), and chains of them.
    static let steps = [
        "crop x=5 y=7 width=30 height=20", "crop width=50% height=40% gravity=southeast", "crop x=60 y=40 width=30 height=30",
        "resize width=23", "resize width=140 height=33 fit=fill filter=bicubic", "resize width=30 height=30 fit=cover gravity=north",
        "resize width=31 height=20 fit=contain background=#ff000080", "resize width=40% linear=true", "resize height=9 filter=nearest",
        "resize width=20 filter=box", "resize width=67", "thumbnail 16", "thumbnail width=20 height=11 border=2",
        "thumbnail 18 radius=5", "round radius=9", "border width=3 color=#00ff00", "tile width=150 height=70 mode=mirror",
        "alpha add", "alpha remove background=#336699", "orient rotate=90", "orient flip=horizontal",
        "ninepatch width=90 height=60 insets=5,6,7,8", "crop x=2 y=3 width=60 height=40 | resize width=25 | crop x=1 y=1 width=20 height=10",
        "resize width=50% | orient rotate=270 | resize width=21 | round radius=4",
        "blur 2.5", "blur 40", "sharpen 1 amount=2", "thumbnail 20 sharpen=true", "modulate brightness=0.8 saturation=1.5 hue=120",
        "grayscale", "tint #3060c0", "invert alpha=true", "gamma 1.8", "crop x=3 y=4 width=50 height=30 | blur 1.5 | grayscale", "trim threshold=40",
        "crop width=40 height=20 gravity=attention", "thumbnail 16 gravity=entropy",
        "overlay \"\(badge)\" gravity=southeast x=3 y=2 opacity=0.7", "overlay \"\(badge)\" tile=true blend=multiply scale=30%",
    ]

    /// Writes `image` as a PNG file and runs `load | STEPS | save` both ways; returns both results as decoded.
    static func bothWays(_ image: Image, _ steps: String, folder: String) throws -> (streamed: Image, whole: Image) {
        let input = folder + "/in.png"
        try ImageCodecRegistry.builtIn.write(image, to: input, options: EncodeOptions(format: .png))
        var results: [Image] = []
        for execution in [Execution.streamed, .whole] {
            let output = folder + "/out-\(execution.rawValue).png"
            let pipeline = try PipelineCompiler().pipeline("load \"\(input)\" | \(steps) | save \"\(output)\"")
            var runner = PipelineRunner()
            runner.execution = execution
            try runner.runToFiles(pipeline)
            results.append(try ImageCodecRegistry.builtIn.decode(FileIO.read(output)))
        }
        return (results[0], results[1])
    }

    /// The pixels as RGBA at 16 bits, whatever layout the file was written in.
    static func normalized(_ image: Image) -> Image {
        image.converted(to: PixelLayout.rgba).converted(to: SampleDepth.sixteen)
    }

    @Test("every built-in step gives the same pixels and metadata streamed as whole", arguments: steps)
    func sameResult(steps: String) throws {
        let folder = try TemporaryFolder.make("streamed")
        for (layout, depth) in Self.cases {
            var image = Self.image(layout, depth)
            image.metadata.text = [TextEntry(keyword: "Comment", text: "kept")]
            let (streamed, whole) = try Self.bothWays(image, steps, folder: folder)
            #expect(streamed.width == whole.width && streamed.height == whole.height, "\(steps) \(layout) \(depth)")
            #expect(Self.normalized(streamed).storage == Self.normalized(whole).storage, "\(steps) \(layout) \(depth)")
            #expect(streamed.metadata == whole.metadata, "\(steps) \(layout) \(depth)")
        }
    }

    @Test(
        "JPEG inputs stream (scanlines, DCT scaling for a thumbnail) to the same result as whole decodes",
        arguments: ["crop x=9 y=17 width=40 height=30", "resize width=31", "thumbnail 12", "resize width=50% | crop width=20 height=20 gravity=center"])
    func jpegInputs(steps: String) throws {
        let folder = try TemporaryFolder.make("streamed-jpeg")
        for layout in [PixelLayout.rgb, .gray] {
            let input = folder + "/in.jpg"
            try ImageCodecRegistry.builtIn.write(Self.image(layout, .eight, width: 130, height: 90), to: input, options: EncodeOptions(format: .jpeg))
            var results: [Image] = []
            for execution in [Execution.streamed, .whole] {
                var runner = PipelineRunner()
                runner.execution = execution
                try runner.runToFiles(try PipelineCompiler().pipeline("load \"\(input)\" | \(steps) | save \"\(folder)/o.png\""))
                results.append(Self.normalized(try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/o.png"))))
            }
            #expect(results[0] == results[1], "\(steps) \(layout)")
        }
    }

    @Test("a batch streams each file to its output: same files, names with {width}×{height}, and errors as with whole images")
    func batch() async throws {
        let folder = try TemporaryFolder.make("streamed-batch")
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for (index, (layout, depth)) in Self.cases.enumerated() {
            try ImageCodecRegistry.builtIn.write(
                Self.image(layout, depth, width: 50 + index, height: 40), to: folder + "/in/\(index).png", options: EncodeOptions(format: .png))
        }
        _ = FileManager.default.createFile(atPath: folder + "/in/broken.png", contents: Data(try PNGEncoder().encode(Self.image(.rgb, .eight)).prefix(200)))
        let inputs = try InputCollector.collect([folder + "/in"], recursive: false)
        let pipeline = try PipelineCompiler(requiresSource: false).pipeline("load orient=keep | resize width=50% | round radius=3")
        var summaries: [String] = []
        for execution in [Execution.streamed, .whole] {
            var runner = PipelineRunner()
            runner.execution = execution
            let batch = BatchRunner(runner: runner, output: try OutputTemplate(folder + "/\(execution.rawValue)/{name}-{width}x{height}.png"), jobs: 2)
            let summary = await batch.run(pipeline, inputs: inputs) { _ in }
            summaries.append("\(summary.succeeded) ok, \(summary.failures.map { "\($0.1)" })")
        }
        #expect(summaries[0] == summaries[1])
        #expect(summaries[0].hasPrefix("8 ok"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/whole").sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/streamed").sorted() == names)
        #expect(names.contains("0-25x20.png"))
        for name in names {
            let streamed = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/streamed/" + name))
            let whole = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/whole/" + name))
            #expect(Self.normalized(streamed) == Self.normalized(whole), "\(name)")
        }
    }

    @Test("a JPEG save streams to the same bytes as a whole one")
    func jpegOutput() throws {
        let folder = try TemporaryFolder.make("streamed-jpeg-out")
        let input = folder + "/in.png"
        try ImageCodecRegistry.builtIn.write(Self.image(.rgba, .sixteen, width: 90, height: 70), to: input, options: EncodeOptions(format: .png))
        var outputs: [[UInt8]] = []
        for execution in [Execution.streamed, .whole] {
            var runner = PipelineRunner()
            runner.execution = execution
            try runner.runToFiles(
                try PipelineCompiler().pipeline("load \"\(input)\" | resize width=61 | save \"\(folder)/o.jpg\" quality=80 background=#102030"))
            outputs.append(try FileIO.read(folder + "/o.jpg"))
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("a stop request reaches a streamed run between bands: CancellationError, no output, no temporary file")
    func cancellation() throws {
        let folder = try TemporaryFolder.make("streamed-cancel")
        let input = folder + "/in.png"
        try ImageCodecRegistry.builtIn.write(Self.image(.rgb, .eight, width: 400, height: 900), to: input, options: EncodeOptions(format: .png))
        let flag = StopAfterRows.flag
        let registry = try PluginRegistry.standard.adding([StopAfterRows.self])
        var runner = PipelineRunner()
        runner.execution = .streamed
        runner.cancellation = flag
        let pipeline = try PipelineCompiler(registry: registry).pipeline("load \"\(input)\" | stopper | resize width=50% | save \"\(folder)/out.png\"")
        #expect(throws: CancellationError.self) { try runner.runToFiles(pipeline) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["in.png"])
    }

    @Test("nine-patch chunks travel through streamed crops and resizes as with whole images")
    func ninePatchMetadata() throws {
        let folder = try TemporaryFolder.make("streamed-np")
        var image = Self.image(.rgba, .eight, width: 40, height: 30)
        image.metadata.ninePatch = NinePatchInfo(chunk: NinePatchChunk(xDivs: [10, 30], yDivs: [8, 20], padding: .zero, colors: []))
        // The fuzzer's find: a crop whose rectangle rounds out to the whole image changed the
        // nine-patch information when streamed (cropped to the whole rectangle), not when whole.
        for steps in [
            "crop x=2 y=2 width=30 height=25", "resize width=80", "thumbnail 20", "crop x=12 y=0 width=10 height=30",
            "crop x=10% y=0.5", "crop x=0 y=0",
        ] {
            let (streamed, whole) = try Self.bothWays(image, steps, folder: folder)
            #expect(streamed.metadata.ninePatch == whole.metadata.ninePatch, "\(steps)")
            #expect(Self.normalized(streamed).storage == Self.normalized(whole).storage, "\(steps)")
        }
    }

    @Test("a streamed run returns the same image as a whole one when the result is asked for")
    func returnsImage() throws {
        let folder = try TemporaryFolder.make("streamed-result")
        let input = folder + "/in.png"
        try ImageCodecRegistry.builtIn.write(Self.image(.rgba, .sixteen), to: input, options: EncodeOptions(format: .png))
        let pipeline = try PipelineCompiler().pipeline("load \"\(input)\" | resize width=33 | save \"\(folder)/o.png\" | crop x=1 y=1 width=9 height=9")
        var streamed = PipelineRunner()
        streamed.execution = .streamed
        let a = try #require(try streamed.run(pipeline))
        let b = try #require(try PipelineRunner().run(pipeline))
        #expect(a == b)
    }

    @Test("damaged image data is reported by load, with the file, while the rows stream; no output is left")
    func errorsNameTheLoad() throws {
        let folder = try TemporaryFolder.make("streamed-error")
        var filtered: [UInt8] = []
        for y in 0..<40 { filtered += [y == 30 ? 9 : 0] + (0..<90).map { UInt8(truncatingIfNeeded: y * 40 + $0) } }
        var bytes: [UInt8] = []
        var writer = try PNGChunkWriter { bytes.append(contentsOf: $0) }
        try writer.append(.header, PNGHeader(width: 30, height: 40, bitDepth: 8, colorType: .rgb, isInterlaced: false).serialized)
        try writer.append(.imageData, try Zlib.compress(filtered))
        try writer.append(.end, [])
        let input = folder + "/bad.png"
        let output = folder + "/out.png"
        _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
        var runner = PipelineRunner()
        runner.execution = .streamed
        let pipeline = try PipelineCompiler().pipeline("load \"\(input)\"\n resize width=10\n save \"\(output)\"")
        let failure = try #require(throws: StepFailure.self) { try runner.runToFiles(pipeline) }
        #expect(failure.stepName == "load" && failure.index == 1 && failure.location?.line == 1)
        #expect("\(failure)".contains("bad.png") && "\(failure)".contains("filter type 9"))
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["bad.png"])
    }

    @Test("the step observer gets one report per step, in order, with each step's own time")
    func reports() throws {
        let folder = try TemporaryFolder.make("streamed-timings")
        let input = folder + "/in.png"
        try ImageCodecRegistry.builtIn.write(Self.image(.rgb, .eight), to: input, options: EncodeOptions(format: .png))
        let seen = Mutex<[String]>([])
        var runner = PipelineRunner()
        runner.execution = .streamed
        runner.stepObserver = { report in seen.withLock { $0.append("\(report.index) \(report.stepName) \(report.width ?? 0)") } }
        try runner.runToFiles(try PipelineCompiler().pipeline("load \"\(input)\" | crop width=20 height=10 | resize width=10 | save \"\(folder)/o.png\""))
        #expect(seen.withLock { $0 } == ["1 load 67", "2 crop 20", "3 resize 10", "4 save 10"])
    }

    @Test("--stream always and --timings on the command line: each step's own time, then the peak memory; a batch prints it too")
    func commandLine() throws {
        let folder = try TemporaryFolder.make("streamed-cli")
        try ImageCodecRegistry.builtIn.write(Self.image(.rgb, .eight), to: folder + "/in.png", options: EncodeOptions(format: .png))
        let single = TestConsole.run(["run", "--stream", "always", "--timings", "-e", #"load "in.png" | crop width=20 height=10 | save "o.png""#], in: folder)
        #expect(single.status == 0, "\(single.err)")
        let lines = single.err.split(separator: "\n").map(String.init)
        #expect(
            lines.count == 4 && lines[0].hasPrefix("timing: step 1 'load'") && lines[1].hasPrefix("timing: step 2 'crop'")
                && lines[1].hasSuffix("→ 20×10") && lines[3].hasPrefix("timing: peak memory ") && lines[3].hasSuffix(" MiB"), "\(lines)")
        let batch = TestConsole.run(["run", "--stream", "always", "--timings", "-q", "-e", "resize width=10", "in.png", "--output", "out/"], in: folder)
        #expect(batch.status == 0 && batch.err.contains("timing: peak memory "), "\(batch.err)")
        #expect(TestConsole.run(["run", "--stream", "sometimes", "-e", "orient"], in: folder).status == 2)
    }

    @Test("automatic execution streams only files over the threshold; small ones keep the smallest PNG layout")
    func automatic() throws {
        let folder = try TemporaryFolder.make("streamed-auto")
        let input = folder + "/gray-as-rgb.png"
        // R = G = B: the whole-image encoder writes gray; a stream keeps RGB.
        let rgb = Image(width: 64, height: 64, layout: .rgb, samples: (0..<(64 * 64 * 3)).map { UInt8($0 / 3 % 256) })
        var bytes: [UInt8] = []
        try PNGEncoder().encode(ImageBandSource(rgb)) { bytes.append(contentsOf: $0) }
        _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
        let pipeline = try PipelineCompiler().pipeline("load \"\(input)\" orient=keep | save \"\(folder)/o.png\"")
        var runner = PipelineRunner()
        try runner.runToFiles(pipeline)
        #expect(try ImageCodecRegistry.builtIn.info(FileIO.read(folder + "/o.png")).colorType == "gray")
        runner.streamingThreshold = 1
        try runner.runToFiles(pipeline)
        #expect(try ImageCodecRegistry.builtIn.info(FileIO.read(folder + "/o.png")).colorType == "RGB")
    }
}

/// A step that asks the run to stop once rows below 100 go through it.
struct StopAfterRows: TransformPlugin, BandTransform {
    static let name = "stopper"
    static let version = "1.0.0"
    static let summary = "asks the run to stop after row 100"
    static let parameters: [ParameterSpec] = []
    static let flag = CancellationFlag()
    init(arguments: Arguments) throws {}
    func apply(to image: Image, context: TransformContext) throws -> Image { image }
    func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        RowwiseBandSource(input, header: input.header) { band in
            if band.top > 100 { Self.flag.cancel() }
            return band.rows
        }
    }
}
