import FuzzSupport
import NinepipeCore
import NinepipeHost

@_cdecl("FuzzPipeline_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

/// The fixed input: a 9×7 RGBA nine-patch with layout bounds.
let input: Image = {
    var image = Image(width: 9, height: 7, layout: .rgba, depth: .eight, fill: [200, 120, 40, 180])
    image.metadata.ninePatch = NinePatchInfo(
        chunk: NinePatchChunk(xDivs: [2, 6], yDivs: [1, 5], padding: NinePatchInsets(top: 1, left: 1, bottom: 1, right: 2), colors: []),
        layoutBounds: NinePatchLayoutBounds(insets: NinePatchInsets(top: 0, left: 1, bottom: 1, right: 0)))
    return image
}()

/// Any text as a pipeline without a source, run on a small image under tight limits and with
/// no file access: every step and parameter combination the compiler accepts must run or throw.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let pipeline = PipelineCompiler(requiresSource: false).compile(text).pipeline else { return 0 }
    let runner = PipelineRunner(limits: ImageLimits(maxPixelCount: 1 << 18, maxDimension: 2048, maxMetadataBytes: 1 << 16), policy: .noFiles)
    _ = try? runner.run(pipeline, input: input)
    // Each step streamed (in bands of 1–4 rows) must give what it gives on whole images.
    let context = TransformContext(limits: runner.limits)
    var image = input
    for (index, step) in pipeline.steps.enumerated() {
        guard let transform = step.transform, let whole = try? transform.apply(to: image, context: context) else { break }
        let rows = (size + index) % 4 + 1
        guard let streamed = try? transform.streamed(from: ImageBandSource(image), context: context).materialized(bandRows: rows, context: context),
            streamed == whole
        else {
            fatalError("step \(index + 1) '\(step.name)' streamed in \(rows)-row bands differs from its whole-image result")
        }
        image = whole
    }
    return 0
}
