import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

// The transform examples of Plugins.md and the DocC article "Writing a transform", verbatim
// (the test below fails when a page and this file differ), checked with TransformVerifier.

public struct Posterize: TransformPlugin {
    public static let name = "posterize"
    public static let version = "1.0.0"
    public static let summary = "Reduce each colour channel to a few levels (alpha unchanged)"
    public static let parameters: [ParameterSpec] = [
        ParameterSpec("levels", .integer(2...256), default: .integer(4), summary: "levels per channel (2 = pure black or full)")
    ]

    public var levels: Int

    public init(arguments: Arguments) throws {
        levels = try arguments.integer("levels")
    }

    public init(levels: Int) { self.levels = levels }  // for Swift callers and tests

    public func apply(to image: Image, context: TransformContext) throws -> Image {
        // Levels are of straight colour: premultiplied colour is divided back first.
        var result = image.alphaMode == .premultiplied ? image.unpremultiplied() : image
        let channels = result.layout.channelCount
        let colorChannels = result.layout.hasAlpha ? channels - 1 : channels
        let steps = Double(levels - 1)
        switch result.storage {
        case .eight(var samples):
            for i in samples.indices where i % channels < colorChannels {
                samples[i] = UInt8(((Double(samples[i]) / 255 * steps).rounded() / steps * 255).rounded())
            }
            result.replaceStorage(.eight(samples))
        case .sixteen(var samples):
            for i in samples.indices where i % channels < colorChannels {
                samples[i] = UInt16(((Double(samples[i]) / 65535 * steps).rounded() / steps * 65535).rounded())
            }
            result.replaceStorage(.sixteen(samples))
        }
        return result
    }
}

extension Posterize: BandTransform {
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        try RowwiseBandSource(input) { try apply(to: $0, context: context) }
    }
}

/// The DocC article's `posterize` converted to 8-bit, against the house rule, and
/// TransformVerifier reported 28 problems for it; no test ran the documentation's examples.
@Suite("documentation examples")
struct DocExampleTests {
    @Test("the documented posterize keeps the transform contract at 2, 4 and 256 levels, whole and streamed")
    func verified() {
        for levels in [2, 4, 256] {
            #expect(TransformVerifier.problems(in: Posterize(levels: levels)) == [], "levels \(levels)")
        }
    }

    @Test("every transform example in Plugins.md and the DocC article is this file's code, word for word")
    func pagesMatchThisFile() throws {
        let here = try String(contentsOf: Repository.root.appendingPathComponent("Tests/NinepipeCoreTests/DocExampleTests.swift"), encoding: .utf8)
        let tested = Self.normalized(here)
        for page in ["Plugins.md", "Sources/Core/NinepipeCore.docc/WritingATransform.md"] {
            let text = try String(contentsOf: Repository.root.appendingPathComponent(page), encoding: .utf8)
            let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            let examples = blocks.filter { $0.contains("struct Posterize") || $0.contains("extension Posterize") }
            #expect(!examples.isEmpty, "\(page) shows no posterize")
            for example in examples {
                let lines = Self.normalized(example)
                let found = (0...max(0, tested.count - lines.count)).contains { Array(tested[$0..<min(tested.count, $0 + lines.count)]) == lines }
                #expect(found, "\(page): an example differs from DocExampleTests.swift:\n\(example)")
            }
        }
    }

    /// Code lines without indentation, access levels, comments, imports or blank lines.
    static func normalized(_ code: String) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "public ", with: "") }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
    }
}
