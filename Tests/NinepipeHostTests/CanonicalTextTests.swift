import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The canonical printed text is a pipeline's identity: parse(print(p)) == p.
@Suite("Canonical pipeline text")
struct CanonicalTextTests {
    typealias Generator = SeededGenerator

    static func randomValue(_ type: ParameterType, _ g: inout Generator) -> String {
        switch type {
        case .integer(let range): return String(Int.random(in: range, using: &g))
        case .number(let range): return numberText(in: range, &g)
        case .length(let range, let percent): return Bool.random(using: &g) ? numberText(in: percent, &g) + "%" : numberText(in: range, &g)
        case .string, .path:
            let pieces = [
                "in", "out", " ", "\\\"", "\\\\", "é", "x.png", "dir/", "\\n", "\\r", "\\$", "\\${x}",
                "\\\"\u{301}", "e\u{301}\u{301}", "日本", "\u{1F600}", "\\t",
            ]
            return "\"" + (0..<Int.random(in: 1...5, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined() + ".png\""
        case .boolean: return Bool.random(using: &g) ? "true" : "false"
        case .choice(let options): return options.randomElement(using: &g)!
        case .color:
            let hex = String(UInt32.random(in: 0...UInt32.max, using: &g), radix: 16)
            return "#" + String(repeating: "0", count: 8 - hex.count) + hex
        case .colorOr(let words): return Bool.random(using: &g) ? words.randomElement(using: &g)! : randomValue(.color, &g)
        case .list(let element, let count): return (0..<count.lowerBound).map { _ in randomValue(element, &g) }.joined(separator: ",")
        }
    }

    /// Spellings that have broken canonical text: tiny, huge, negative zero, many digits,
    /// signs, leading and trailing zeros (a value outside `range` is drawn again by the caller).
    static let trickyNumbers = [
        "0.00005", "0.00001", "-0", "-0.0", "+0.5", "007.250", "1.500000", "0.1", "0.30000000000000004",
        "1.0000000000000002", "99.99999999999999", "0.000000000123", "0." + String(repeating: "0", count: 323) + "5",
        "123456789012345678", "1000000000000000", "65534.99999999999", "-65534.999999999993", "3.141592653589793238462643",
    ]

    /// A number's text: a tricky spelling, a random value printed by Swift when it has no
    /// exponent, or random digits with a random decimal point.
    static func numberText(in range: ClosedRange<Double>, _ g: inout Generator) -> String {
        switch Int.random(in: 0..<3, using: &g) {
        case 0: return trickyNumbers.randomElement(using: &g)!
        case 1:
            let text = String(Double.random(in: range, using: &g))
            return text.contains("e") ? "0" : text
        default:
            let digits = (0..<Int.random(in: 1...20, using: &g)).map { _ in String(Int.random(in: 0...9, using: &g)) }.joined()
            let point = Int.random(in: 0...digits.count, using: &g)
            let sign = range.lowerBound < 0 && Bool.random(using: &g) ? "-" : ""
            return sign + (point == 0 ? "0" : String(digits.prefix(point))) + "." + digits.dropFirst(point) + "0"
        }
    }

    static func randomStep(_ descriptor: StepDescriptor, index: Int, _ g: inout Generator) -> String {
        var parts = [descriptor.name]
        var specs = descriptor.parameters.shuffled(using: &g)
        if descriptor.name == "save" {
            specs.removeAll { $0.name == "path" }
            parts.append("\"out\(index).png\"")
        }
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
            #expect(!printed.contains("e-") && !printed.contains("e+"), "\(printed)")
        }
    }

    @Test(
        "numbers print in plain decimal, the shortest text that reads back as the same value",
        arguments: [
            (5e-05, "0.00005"), (1e-05, "0.00001"), (-0.0, "0"), (0.1 + 0.2, "0.30000000000000004"), (1e15, "1000000000000000"),
            (1e16, "10000000000000000"), (123_456_789_012_345_680, "123456789012345680"), (-2.5e-7, "-0.00000025"),
            (1.7976931348623157e308, "17976931348623157" + String(repeating: "0", count: 292)),
            (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5"), (65534.99999999999, "65534.99999999999"),
        ])
    func plainDecimal(value: Double, text: String) throws {
        let printed = ParameterValue.number(value).description
        #expect(printed == text)
        #expect(Double(printed) == value)
        #expect(ParameterValue.percentage(value).description == text + "%")
    }

    @Test("crop y=0.00005 and width=0.00001% print as text the DSL reads back: a fixed point")
    func fuzzerReproducers() throws {
        for (text, expected) in [
            ("load \"a.png\" | crop y=0.00005", #"load "a.png" | crop y=0.00005"#),
            ("load \"a.png\" | resize width=0.00001%", #"load "a.png" | resize width=0.00001%"#),
        ] {
            let printed = try PipelineCompiler().pipeline(text).description
            #expect(printed == expected)
            #expect(try PipelineCompiler().pipeline(printed).description == printed)
        }
        let result = PipelineCompiler().compile("load \"a.png\" | crop x=1" + String(repeating: "0", count: 400))
        #expect(result.diagnostics.map(\.message) == ["'1" + String(repeating: "0", count: 400) + "' is too large to be a number"])
    }

    @Test("strings print so they read back: a quote before a combining mark stays escaped, CR is \\r")
    func stringsReadBack() throws {
        for value in ["\"\u{301}.png", "a\r.png", "a\n.png", "e\u{301}\u{301}\\x$.png", "日本\u{1F600}.png"] {
            let printed = ParameterValue.string(value).description
            let pipeline = try PipelineCompiler().pipeline("load \"a.png\" | save \(printed)")
            #expect(pipeline.description == "load \"a.png\" | save \(printed)")
            #expect(pipeline.steps.last?.arguments["path"] == .string(value), "\(printed)")
        }
        #expect(ParameterValue.string("\"\u{301}.png").description == "\"\\\"\u{301}.png\"")
        #expect(ParameterValue.string("a\r.png").description == #""a\r.png""#)
    }

    @Test("defaults are omitted and spellings normalised")
    func normalised() throws {
        let pipeline = try PipelineCompiler().pipeline("load path='a.png' orient=auto\nsave \"b.jpg\" quality=90 progressive=yes background=#FFF")
        // background= has no default: naming it (even white) means "flatten without a warning";
        // neither has quality= (its default depends on the format), so it stays as written.
        #expect(pipeline.description == #"load "a.png" | save "b.jpg" quality=90 progressive=true background=#ffffffff"#)
    }
}

extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}

/// `PipelineStep ==` compared printed text, so the property test above could not catch a
/// printer that drops an argument; the documented cache key ignored plugin versions.
extension CanonicalTextTests {
    @Test("pipelines are equal by step names and typed values, not by text or place; the cache key adds plugin versions")
    func identity() throws {
        let compiler = PipelineCompiler(requiresSource: false)
        let a = try compiler.pipeline("resize width=320 filter=lanczos3")
        let b = try compiler.pipeline("\n\n   resize filter=lanczos3   width=320.0")
        #expect(a == b && a.hashValue == b.hashValue && a.steps[0].location != b.steps[0].location)
        #expect(a != (try compiler.pipeline("resize width=321 filter=lanczos3")))
        // Same name and printed text are not enough: a step whose arguments differ is different.
        let step = a.steps[0]
        var arguments = step.arguments
        arguments["quality"] = .choice("fast")
        let changed = PipelineStep(
            name: step.name, arguments: arguments, version: step.version, location: step.location,
            role: step.role, parameters: [], action: step.action)
        #expect(changed.description == "resize" && changed != step)
        #expect(a.cacheKey == #"resize width=320 filter=lanczos3 #resize@1.0.0"#, "\(a.cacheKey)")
        // A plugin at another version: the same pipeline, another cache key.
        let registry = try PluginRegistry(
            descriptors: PluginRegistry.standard.descriptors.map { descriptor in
                descriptor.name == "resize"
                    ? StepDescriptor(
                        name: "resize", version: "2.0.0", summary: descriptor.summary,
                        parameters: descriptor.parameters, role: descriptor.role, build: descriptor.build) : descriptor
            })
        let newer = try PipelineCompiler(registry: registry, requiresSource: false).pipeline("resize width=320 filter=lanczos3")
        #expect(newer == a && newer.cacheKey != a.cacheKey && newer.cacheKey.hasSuffix("#resize@2.0.0"))
    }
}
