/// A style sheet built as values and printed once (an asset's `NAME.css`): rules in order, each
/// with the comments before it, its selector, its declarations and the `@media` conditions
/// around it. A configuration's rules are the standard ones with another selector and
/// condition, made as such, never printed and parsed again.
struct CSSStyleSheet: Sendable, Hashable {
    /// One rule.
    struct Rule: Sendable, Hashable {
        /// Comments printed before the rule, as text (made safe inside a comment when printed).
        var comments: [String] = []
        /// The selector: `.name`, `.name:lang(fr):dir(rtl)`.
        var selector: String
        /// The declarations, each `property: value;`.
        var declarations: [String]
        /// The `@media` conditions the rule is inside, outermost first.
        var media: [String] = []
    }

    /// The rules, in the order they are printed.
    var rules: [Rule] = []

    /// The style sheet as CSS text: two spaces a level, a line feed after each line.
    var text: String {
        var lines: [String] = []
        func indent(_ level: Int) -> String { String(repeating: "  ", count: level) }
        for rule in rules {
            for (level, condition) in rule.media.enumerated() { lines.append(indent(level) + "@media \(condition) {") }
            let depth = rule.media.count
            for comment in rule.comments { lines.append(indent(depth) + "/* \(AssetConverter.cssComment(comment)) */") }
            lines.append(indent(depth) + "\(rule.selector) {")
            lines += rule.declarations.map { indent(depth + 1) + $0 }
            lines.append(indent(depth) + "}")
            for level in (0..<depth).reversed() { lines.append(indent(level) + "}") }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
