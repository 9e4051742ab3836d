import NinepipeCore
import SepiaPlugin
import Testing

@Suite("sepia")
struct SepiaTests {
    @Test("keeps the transform contract: deterministic, input untouched, depth kept, 1×1 and odd sizes")
    func contract() {
        for amount in [0, 0.5, 1] {
            #expect(TransformVerifier.problems(in: Sepia(amount: amount)) == [])
        }
    }

    @Test("the sepia matrix at 8 and 16 bits; amount=0 changes nothing; alpha is kept")
    func pixels() throws {
        let image = Image(width: 1, height: 1, layout: .rgba, samples: [154, 103, 180, 77] as [UInt8])
        let toned = try Sepia().apply(to: image)
        #expect(toned.sample(x: 0, y: 0, channel: 0) == 174 && toned.sample(x: 0, y: 0, channel: 1) == 155)
        #expect(toned.sample(x: 0, y: 0, channel: 2) == 120 && toned.sample(x: 0, y: 0, channel: 3) == 77)
        #expect(try Sepia(amount: 0).apply(to: image) == image)
        let deep = Image(width: 1, height: 1, layout: .rgb, samples: [65535, 65535, 65535] as [UInt16])
        #expect(try Sepia().apply(to: deep).sample(x: 0, y: 0, channel: 0) == 65535)
        let gray = Image(width: 2, height: 1, layout: .gray, samples: [0, 200] as [UInt8])
        #expect(try Sepia().apply(to: gray).layout == .rgb)
    }
}
