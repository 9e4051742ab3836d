import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// `save compression=fast|default|best` on PNG: the same pixels at every effort, and
/// `best` no larger than `fast` on a drawing (flat colours, text-like detail).
@Suite("PNG compression words")
struct PNGCompressionTests {
    /// A 256×256 drawing: flat bands, a gradient and hard-edged marks, with alpha.
    static let drawing: Image = {
        var samples: [UInt8] = []
        for y in 0..<256 {
            for x in 0..<256 {
                let mark = (x / 8 + y / 12) % 5 == 0
                samples += [UInt8(x / 32 * 32), mark ? 20 : UInt8(y), UInt8((x ^ y) & 0xC0), mark ? 255 : 200]
            }
        }
        return Image(width: 256, height: 256, layout: .rgba, samples: samples)
    }()

    @Test("fast, default, best and a level all decode to the same pixels; best is no larger than fast")
    func words() throws {
        let compiler = PipelineCompiler(requiresSource: false)
        var sizes: [String: Int] = [:]
        for word in ["fast", "default", "best", "auto", "6"] {
            let pipeline = try compiler.pipeline("save \"-\" format=png compression=\(word)")
            let step = try #require(pipeline.steps.first)
            // The options the save step's encoder reads from its arguments, as a run writes them.
            var options = EncodeOptions(format: .png)
            for encoder in ImageCodecRegistry.builtIn.encoders { try encoder.configure(&options, from: step.arguments) }
            let encoded = try ImageCodecRegistry.builtIn.encode(Self.drawing, options: options)
            #expect(try ImageCodecRegistry.builtIn.decode(encoded).storage == Self.drawing.storage, "compression=\(word)")
            sizes[word] = encoded.count
        }
        #expect(try #require(sizes["best"]) <= #require(sizes["fast"]), "\(sizes)")
        #expect(sizes["default"] == sizes["auto"])
        let refused = compiler.compile("save \"-\" format=png compression=fastest")
        #expect(refused.diagnostics.contains { $0.message.contains("fast") && $0.message.contains("best") }, "\(refused.diagnostics)")
    }
}
