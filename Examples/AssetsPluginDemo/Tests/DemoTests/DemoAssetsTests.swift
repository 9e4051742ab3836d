import Demo
import Foundation
import Testing

/// The plugin's outputs are in the target's bundle and are what ninepipe.json asked for.
@Suite("generated assets")
struct DemoAssetsTests {
    /// Width and height from a PNG's IHDR.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && bytes[1...3] == [0x50, 0x4E, 0x47])
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test("the web bundle of button.9.png: 1x and 2x images, border-image CSS, a manifest")
    func web() throws {
        let css = try String(contentsOf: try #require(DemoAssets.url("button.css")), encoding: .utf8)
        #expect(css.contains(".button {") && css.contains("box-sizing: border-box;") && css.contains("border-image-slice:"))
        let (width, height) = try pngSize(try #require(DemoAssets.url("button.png")))
        let (width2, height2) = try pngSize(try #require(DemoAssets.url("button@2x.png")))
        #expect(width == 20 && height == 14 && width2 == 40 && height2 == 28, "\(width)×\(height), \(width2)×\(height2)")
        let manifest = try String(contentsOf: try #require(DemoAssets.url("assets.json")), encoding: .utf8)
        #expect(manifest.contains("\"button\""))
    }

    @Test("the render: card.9.png stretched to 320×200")
    func render() throws {
        let (width, height) = try pngSize(try #require(DemoAssets.url("card-320x200.png")))
        #expect(width == 320 && height == 200)
    }
}
