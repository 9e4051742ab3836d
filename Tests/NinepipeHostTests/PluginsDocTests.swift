import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

@Suite("Plugins.md")
struct PluginsDocTests {
    @Test("the step tables in Plugins.md and Docs/Steps.md match the registry", arguments: ["Plugins.md", "Docs/Steps.md"])
    func tableIsFresh(file: String) throws {
        let url = Repository.root
            .appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = try #require(text.range(of: StepTable.begin), "\(file) lacks the table's begin marker")
        let end = try #require(text.range(of: StepTable.end), "\(file) lacks the table's end marker")
        let embedded = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = StepTable.markdown()
        #expect(embedded == expected, "\(file)'s step table is stale: run bash Scripts/update-plugins-table.sh")
    }
}
