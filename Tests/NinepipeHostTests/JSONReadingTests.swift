import Testing

@testable import NinepipeHost

/// The JSON reader `Contents.json` files go through (it replaced Foundation's, which a run no
/// longer loads): what it accepts, and where and why it stops on what it does not.
@Suite("JSON reading")
struct JSONReadingTests {
    private func parsed(_ text: String) throws(JSONReadingError) -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    private func failure(_ text: String) -> JSONReadingError? {
        do {
            _ = try parsed(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("values of every kind, escapes, surrogate pairs, a byte-order mark")
    func values() throws {
        let value = try parsed(
            #"{"a": [1, -2.5e2, 0, 0.125, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "o": {}, "e": []}"#)
        #expect(
            value
                == .object([
                    "a": [1, -250, 0, 0.125, true, false, nil], "s": .string("q\"\\/\u{08}\u{0C}\n\r\té😀"), "o": .object([:]), "e": .array([]),
                ]))
        #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
        #expect(try parsed(" \n 7 \n") == 7)
    }

    @Test("what Xcode writes reads back as the same value, and the compact form too")
    func roundTrip() throws {
        let value: JSONValue = [
            "images": [["idiom": "universal", "filename": "a b/\"c\".png", "scale": "2x"]],
            "info": ["author": "xcode", "version": 1], "properties": ["localizable": true, "note": "tab\there\u{01}"],
        ]
        #expect(try parsed(value.text) == value)
        #expect(try parsed(value.compactText) == value)
        let object: JSONValue = ["b": 1, "a": [true, nil]]
        #expect(object.compactText == #"{"a":[true,null],"b":1}"#)
        #expect(JSONValue.string("a/b").compactText == #""a/b""#, "slashes are not escaped")
    }

    @Test("errors name the line and column and what was expected")
    func errors() {
        #expect(failure("{\n  \"a\" : 1,\n}")?.description == "line 3, column 1: expected a member name in double quotes")
        #expect(failure("[1 2]")?.description == "line 1, column 4: expected ',' or ']'")
        #expect(failure("{\"a\" 1}")?.description == "line 1, column 6: expected ':' after the member name")
        #expect(failure("")?.problem == "the text ends where a value was expected")
        #expect(failure("[01]")?.problem == "expected ',' or ']'", "a leading zero ends the number")
        #expect(failure("[1.]")?.problem == "expected a digit after the decimal point")
        #expect(failure("[-]")?.problem == "expected a digit")
        #expect(failure("[1e400]")?.problem == "a number too large")
        #expect(failure("\"a\nb\"")?.problem.hasPrefix("a control character inside a string") == true)
        #expect(failure(#""\x""#)?.problem == #"an unknown escape \x"#)
        #expect(failure(#""\ud800""#)?.problem == #"a lone surrogate in a \u escape"#)
        #expect(failure(#""\u12G4""#)?.problem == #"expected four hexadecimal digits after \u"#)
        #expect(failure("\"abc")?.problem == "the text ends inside a string")
        #expect(failure("tru")?.problem.hasPrefix("expected a value") == true)
        #expect(failure("{} x")?.problem == "unexpected text after the JSON value")
        #expect(failure("[\"\u{E9}\"]") == nil)
        var invalid = Array("[\"".utf8)
        invalid += [0xC3, 0x28]
        invalid += Array("\"]".utf8)
        #expect((try? JSONValue(parsing: invalid)) == nil)
    }

    @Test("nesting past 64 is refused, not a stack overflow")
    func depth() {
        #expect(failure(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        #expect(failure(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))?.problem == "objects and arrays nest more than 64 deep")
        #expect(failure(String(repeating: "{\"a\":", count: 100_000))?.problem == "objects and arrays nest more than 64 deep")
    }
}
