import FuzzSupport
import NinepipeHost

/// Any bytes as pipeline text: compile it, render every diagnostic, and when it compiles, its
/// canonical text must compile to an equal pipeline that prints the same text (a fixed point).
@_cdecl("FuzzDSL_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let result = PipelineCompiler().compile(text)
    _ = DiagnosticRenderer(fileName: "fuzz.np", source: text, colors: false).render(result.diagnostics)
    guard let pipeline = result.pipeline else { return 0 }
    let printed = pipeline.description
    guard let again = PipelineCompiler().compile(printed).pipeline else {
        fatalError("canonical text does not compile: \(printed)")
    }
    if again != pipeline { fatalError("canonical text compiles to a different pipeline: \(printed)") }
    if again.description != printed { fatalError("canonical text is not a fixed point: \(printed) → \(again.description)") }
    return 0
}
