import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Our PNG output passes `pngcheck -v` (an independent validator), when it is installed.
@Suite("pngcheck accepts our output")
struct PNGCheckTests {
    static let pngcheck = ChildProcess.tool("pngcheck")

    static func images() -> [(String, Image)] {
        var rgba: [UInt8] = []
        for i in 0..<(33 * 21) { rgba += [UInt8(i & 255), UInt8((i * 7) & 255), UInt8((i * 13) & 255), UInt8(i % 3 == 0 ? 128 : 255)] }
        var withMetadata = Image(width: 33, height: 21, layout: .rgba, samples: rgba)
        withMetadata.metadata = ImageMetadata(
            orientation: .right, iccProfile: ICCProfile(name: "test", data: Array(repeating: 3, count: 500)),
            density: PhysicalDensity(dpi: 72),
            ninePatch: NinePatchInfo(chunk: NinePatchChunk(xDivs: [1, 2], yDivs: [3, 4], padding: .zero, colors: Array(repeating: 1, count: 9))),
            text: [TextEntry(keyword: "Comment", text: "ünïcödé ✓")])
        return [
            ("rgba with metadata", withMetadata),
            ("16-bit gray", Image(width: 7, height: 3, layout: .gray, samples: (0..<21).map { UInt16($0 * 3001) })),
            ("1-bit gray", Image(width: 9, height: 2, layout: .gray, samples: (0..<18).map { $0 % 2 == 0 ? 0 : 255 } as [UInt8])),
            ("palette", Image(width: 4, height: 1, layout: .rgb, samples: [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3] as [UInt8])),
        ]
    }

    @Test(
        "pngcheck -v reports no errors", .enabled(if: Requirement.met(pngcheck != nil), "pngcheck not installed (apt-get install pngcheck)"),
        arguments: images().map(\.0))
    func validates(name: String) throws {
        let tool = try #require(Self.pngcheck, "pngcheck not installed (apt-get install pngcheck)")
        let image = try #require(Self.images().first { $0.0 == name }?.1)
        let path = NSTemporaryDirectory() + "ninepipe-pngcheck-\(UUID().uuidString).png"
        try ImageCodecRegistry.builtIn.write(image, to: path, options: EncodeOptions(format: .png))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try ChildProcess.run(tool, ["-v", path])
        let output = String(decoding: result.out, as: UTF8.self)
        #expect(result.status == 0, "\(output)")
        #expect(output.contains("No errors detected"), "\(output)")
    }
}
