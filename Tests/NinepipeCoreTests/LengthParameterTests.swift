import NinepipeCore
import Testing

/// `.length(0...65535)` bounded pixels only (any percentage up to 10000% passed), and a
/// plugin had no accessor to read a length.
@Suite("length parameters")
struct LengthParameterTests {
    @Test("a length's percent range is checked, named in the message and the summary; Arguments.length reads either kind")
    func percentRange() throws {
        let type = ParameterType.length(1...500, percent: 1...50)
        #expect(try type.value(from: .percentage(40, text: "40%"), name: "size") == .percentage(40))
        #expect(throws: ParameterError.self) { try type.value(from: .percentage(60, text: "60%"), name: "size") }
        #expect(throws: ParameterError.self) { try type.value(from: .number(501, text: "501"), name: "size") }
        #expect(type.expectation(name: "size") == "a number of pixels in 1…500 or a percentage in 1…50%, e.g. size=320")
        #expect(type.summary == "pixels 1…500 or percent 1…50")
        // Without a percent range, the old bounds and the old summary.
        #expect(ParameterType.length(0...65_535).summary == "pixels 0…65535 or percent")
        #expect(throws: ParameterError.self) { try ParameterType.length(0...65_535).value(from: .percentage(10_001, text: "10001%"), name: "x") }

        let arguments = Arguments(["a": .percentage(25), "b": .number(12), "c": .string("x")])
        #expect(try arguments.length("a") == .percent(25) && arguments.length("a").resolved(against: 200) == 50)
        #expect(try arguments.length("b") == .pixels(12))
        #expect(throws: ParameterError.self) { try arguments.length("c") }
        #expect(throws: ParameterError.self) { try arguments.length("missing") }
    }
}
