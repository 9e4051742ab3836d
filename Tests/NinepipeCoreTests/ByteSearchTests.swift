import NinepipeCore
import Testing

/// Byte searching moved from the generic `firstRange(of:)` to `memchr`/`memcmp`: checked
/// against the standard library's answer at every start, on a text with near misses.
@Suite("byte search")
struct ByteSearchTests {
    @Test("the first occurrence at or after a start, as the standard library finds it; bounds and empty needles")
    func firstIndex() {
        let text = Array("<!ENTIT <!ENTITY x <!ENTITY y <!ENTITYY".utf8)
        for needle in ["<!ENTITY", "<", "Y", "y", "YY", "<!ENTITYY", "absent", "<!ENTITY y <!ENTITYY"] {
            let pattern = Array(needle.utf8)
            for start in 0...text.count {
                let expected = text[start...].firstRange(of: pattern)?.lowerBound
                #expect(ByteSearch.firstIndex(of: pattern, in: text, from: start) == expected, "\(needle) from \(start)")
            }
        }
        #expect(ByteSearch.firstIndex(of: "", in: text, from: 3) == 3)
        #expect(ByteSearch.firstIndex(of: "<", in: text, from: -1) == nil && ByteSearch.firstIndex(of: "<", in: text, from: text.count + 1) == nil)
        #expect(ByteSearch.firstIndex(of: "abc", in: Array("ab".utf8)) == nil && ByteSearch.firstIndex(of: "a", in: []) == nil)
    }
}
