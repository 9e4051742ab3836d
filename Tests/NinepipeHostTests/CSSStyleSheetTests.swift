import Testing

@testable import NinepipeHost

/// A style sheet is built as values and printed once: a configuration's rule is the standard one
/// with its own selector and conditions, nested as CSS nests conditional rules.
@Suite("CSS style sheets as values")
struct CSSStyleSheetTests {
    @Test("rules print in order, comments made safe, @media conditions nested outermost first")
    func printing() {
        let sheet = CSSStyleSheet(rules: [
            .init(comments: ["card: 8×8 CSS pixels */ .evil {"], selector: ".card", declarations: ["width: 8px;"]),
            .init(selector: ".card:lang(fr)", declarations: ["width: 9px;"], media: ["(prefers-color-scheme: dark)", "(min-resolution: 1.5dppx)"]),
        ])
        #expect(
            sheet.text == """
                /* card: 8×8 CSS pixels * / .evil { */
                .card {
                  width: 8px;
                }
                @media (prefers-color-scheme: dark) {
                  @media (min-resolution: 1.5dppx) {
                    .card:lang(fr) {
                      width: 9px;
                    }
                  }
                }

                """)
    }
}
