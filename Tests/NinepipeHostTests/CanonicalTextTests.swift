import Testing
import NinepipeTestSupport
@testable import NinepipeHost
import NinepipeCore

/// The canonical printed text is a pipeline's identity: parse(print(p)) == p.
@Suite("Canonical pipeline text")
struct CanonicalTextTests {
    typealias Generator = SeededGenerator

    static func randomValue(_ type: ParameterType, _ g: inout Generator) -> String {
        switch type {
        case .integer(let range): return String(Int.random(in: range, using: &g))
        case .number(let range): return String(Double.random(in: range, using: &g))
        case .length(let range): return Bool.random(using: &g) ? "\(Int.random(in: 1...100, using: &g))%" : String(Int(range.upperBound.clamped(to: 1...5000)))
        case .string, .path:
            let pieces = ["in", "out", " ", "\\\"", "\\\\", "é", "x.png", "dir/", "\\n", "\\$", "\\${x}"]
            return "\"" + (0..<Int.random(in: 1...5, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined() + ".png\""
        case .boolean: return Bool.random(using: &g) ? "true" : "false"
        case .choice(let options): return options.randomElement(using: &g)!
        case .color:
            let hex = String(UInt32.random(in: 0...UInt32.max, using: &g), radix: 16)
            return "#" + String(repeating: "0", count: 8 - hex.count) + hex
        case .list(let element, let count): return (0..<count.lowerBound).map { _ in randomValue(element, &g) }.joined(separator: ",")
        }
    }

    static func randomStep(_ descriptor: StepDescriptor, index: Int, _ g: inout Generator) -> String {
        var parts = [descriptor.name]
        var specs = descriptor.parameters.shuffled(using: &g)
        if descriptor.name == "save" { specs.removeAll { $0.name == "path" }; parts.append("\"out\(index).png\"") }
        for spec in specs where spec.isRequired || Bool.random(using: &g) {
            parts.append("\(spec.name)=\(randomValue(spec.type, &g))")
        }
        return parts.joined(separator: Bool.random(using: &g) ? " " : "  ")
    }

    /// A random pipeline whose every step the registry accepts: a step whose random
    /// arguments break a constraint between parameters is drawn again.
    static func randomPipeline(_ g: inout Generator) -> String {
        let registry = PluginRegistry.standard
        var steps: [String] = []
        for index in 0..<Int.random(in: 1...6, using: &g) {
            let descriptor = index == 0 ? registry["load"]! : registry.descriptors.filter { $0.role != .source }.randomElement(using: &g)!
            for _ in 0..<50 {
                let step = randomStep(descriptor, index: index, &g)
                let probe = index == 0 ? step : "load \"a.png\" | " + step
                if PipelineCompiler().compile(probe).pipeline != nil {
                    steps.append(step)
                    break
                }
            }
        }
        return steps.joined(separator: Bool.random(using: &g) ? " | " : "\n")
    }

    @Test("parse(print(p)) == p for 300 generated pipelines")
    func roundTrip() throws {
        var g = Generator(state: 42)
        for _ in 0..<300 {
            let text = Self.randomPipeline(&g)
            let pipeline = try PipelineCompiler().pipeline(text)
            let printed = pipeline.description
            let reparsed = try PipelineCompiler().pipeline(printed)
            #expect(reparsed == pipeline, "\(text)\n→ \(printed)")
            #expect(reparsed.description == printed)
        }
    }

    @Test("defaults are omitted and spellings normalised")
    func normalised() throws {
        let pipeline = try PipelineCompiler().pipeline("load path='a.png' orient=auto\nsave \"b.jpg\" quality=90 progressive=yes background=#FFF")
        #expect(pipeline.description == #"load "a.png" | save "b.jpg" progressive=true"#)
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
