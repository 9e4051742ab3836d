import Foundation
import Testing
@testable import NinepipeHost

@Suite("Plugins.md")
struct PluginsDocTests {
    @Test("the step table in Plugins.md matches the registry")
    func tableIsFresh() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Plugins.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = try #require(text.range(of: StepTable.begin), "Plugins.md lacks the table's begin marker")
        let end = try #require(text.range(of: StepTable.end), "Plugins.md lacks the table's end marker")
        let embedded = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = StepTable.markdown()
        #expect(embedded == expected, "Plugins.md's step table is stale; replace it with:\n\(expected)")
    }
}
