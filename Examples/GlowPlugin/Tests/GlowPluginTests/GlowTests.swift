import GlowPlugin
import NinepipeCore
import Testing

@Suite("glow")
struct GlowTests {
    @Test("keeps the transform contract: deterministic, input untouched, depth kept, 1×1 and odd sizes")
    func contract() {
        for (radius, amount) in [(1.0, 0.5), (12.0, 1.0), (8.0, 0)] {
            #expect(TransformVerifier.problems(in: Glow(radius: radius, amount: amount)) == [])
        }
    }

    @Test("a flat colour is screened with itself: a + k·a − k·a²; black stays black; amount=0 changes nothing")
    func flat() throws {
        for radius in [2.0, 16.0] {
            let gray = Image(width: 40, height: 30, layout: .rgb, depth: .eight, fill: [100, 0, 255])
            let glowing = try Glow(radius: radius, amount: 0.5).apply(to: gray)
            // 100 + 50 − 100·50/255 = 130.4
            #expect(glowing.sample(x: 20, y: 15, channel: 0) == 130)
            #expect(glowing.sample(x: 0, y: 29, channel: 1) == 0 && glowing.sample(x: 39, y: 0, channel: 2) == 255)
            #expect(try Glow(radius: radius, amount: 0).apply(to: gray) == gray)
        }
        let deep = Image(width: 9, height: 9, layout: .rgba, depth: .sixteen, fill: [0, 0, 0, 65535])
        #expect(try Glow(radius: 16, amount: 1).apply(to: deep) == deep)
    }

    @Test("light spreads into the dark around it, less with distance, and the far corner stays dark")
    func spreads() throws {
        var samples = [UInt8](repeating: 0, count: 64 * 64)
        for y in 28..<36 { for x in 28..<36 { samples[y * 64 + x] = 255 } }
        let dot = Image(width: 64, height: 64, layout: .gray, samples: samples)
        let glowing = try Glow(radius: 8, amount: 1).apply(to: dot)
        let near = glowing.sample(x: 40, y: 32, channel: 0)
        let farther = glowing.sample(x: 48, y: 32, channel: 0)
        #expect(glowing.sample(x: 32, y: 32, channel: 0) == 255)
        #expect(near > farther && farther > 0)
        #expect(glowing.sample(x: 0, y: 0, channel: 0) == 0)
    }
}
