extension StringProtocol where SubSequence == Substring {
    /// The text without white space (spaces, tabs, line breaks) at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without linking Foundation.
    package var trimmingWhitespace: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
