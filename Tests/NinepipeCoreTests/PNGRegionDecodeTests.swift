import Foundation
import Testing

@testable import NinepipeCore

/// A crop after load decoded all 3000 rows to keep 1000. A region decode reads rows
/// only down to the region's last one and keeps only its pixels.
@Suite("PNG region decoding")
struct PNGRegionDecodeTests {
    static func images() -> [(String, Image)] {
        var rgba16: [UInt16] = []
        for index in 0..<(37 * 23 * 4) { rgba16.append(UInt16(truncatingIfNeeded: index &* 2_654_435_761 >> 7)) }
        let count = 37 * 23
        let rgb: [UInt8] = (0..<(count * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 37) }
        let palette: [UInt8] = (0..<(count * 3)).map { UInt8(($0 / 3 % 5) * 40) }
        let bits: [UInt8] = (0..<count).map { $0 % 3 == 0 ? 255 : 0 }
        return [
            ("rgb 8", Image(width: 37, height: 23, layout: .rgb, samples: rgb)),
            ("rgba 16", Image(width: 37, height: 23, layout: .rgba, samples: rgba16)),
            ("palette", Image(width: 37, height: 23, layout: .rgb, samples: palette)),
            ("1-bit gray", Image(width: 37, height: 23, layout: .gray, samples: bits)),
        ]
    }

    @Test(
        "a region decodes to the same pixels and metadata as decoding everything and cropping",
        arguments: images().map(\.0))
    func sameAsCrop(name: String) throws {
        var image = try #require(Self.images().first { $0.0 == name }?.1)
        image.metadata.text = [TextEntry(keyword: "Comment", text: "kept")]
        let bytes = try PNGEncoder().encode(image)
        let full = try PNGDecoder().decode(bytes)
        for region in [
            PixelRect(x: 5, y: 3, width: 20, height: 11), PixelRect(x: 0, y: 0, width: 37, height: 1),
            PixelRect(x: 36, y: 22, width: 1, height: 1), PixelRect(x: 0, y: 10, width: 37, height: 13),
            PixelRect(x: 0, y: 0, width: 37, height: 23),
        ] {
            let decoded = try PNGDecoder().decode(bytes, region: region)
            #expect(decoded == full.cropped(to: region), "\(name) \(region)")
        }
        #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes, region: PixelRect(x: 30, y: 0, width: 10, height: 2)) }
    }

    @Test("rows below the region are never read: damage there does not stop a region above it; interlaced files crop after decoding")
    func stopsAfterTheRegion() throws {
        // 8×6 gray; the last row's filter type byte is 9 (invalid), so a full decode fails.
        var filtered: [UInt8] = []
        for y in 0..<6 { filtered += [y == 5 ? 9 : 0] + (0..<8).map { UInt8(y * 40 + $0) } }
        let header = PNGHeader(width: 8, height: 6, bitDepth: 8, colorType: .gray, isInterlaced: false)
        let bytes = try PNGRoundTripTests.png([(.header, header.serialized), (.imageData, try Zlib.compress(filtered)), (.end, [])])
        #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
        let top = try PNGDecoder().decode(bytes, region: PixelRect(x: 2, y: 1, width: 3, height: 3))
        #expect(top.width == 3 && top.height == 3 && top.storage == .eight([42, 43, 44, 82, 83, 84, 122, 123, 124]))

        let interlaced = Image(width: 9, height: 7, layout: .gray, samples: (0..<63).map { UInt8($0 * 4) })
        var adam7: [UInt8] = []
        for pass in PNGPass.passes(width: 9, height: 7, interlaced: true) where !pass.isEmpty {
            for row in 0..<pass.height {
                adam7.append(0)
                for column in 0..<pass.width { adam7.append(UInt8(((pass.y0 + row * pass.dy) * 9 + pass.x0 + column * pass.dx) * 4)) }
            }
        }
        let interlacedHeader = PNGHeader(width: 9, height: 7, bitDepth: 8, colorType: .gray, isInterlaced: true)
        let interlacedBytes = try PNGRoundTripTests.png([(.header, interlacedHeader.serialized), (.imageData, try Zlib.compress(adam7)), (.end, [])])
        let region = PixelRect(x: 1, y: 2, width: 5, height: 4)
        #expect(try PNGDecoder().decode(interlacedBytes, region: region) == interlaced.cropped(to: region))
    }
}

extension PNGRegionDecodeTests {
    /// Found by the PNG fuzz target: a file with only an `npOl` chunk kept its nine-patch
    /// information whole in a region decode, where cropping moves or drops it.
    @Test("a region decode crops nine-patch information as cropping does")
    func ninePatchCropped() throws {
        var image = Image(width: 48, height: 48, layout: .grayAlpha, depth: .eight, fill: [90, 255])
        image.metadata.ninePatch = NinePatchInfo(
            chunk: NinePatchChunk(xDivs: [10, 20], yDivs: [10, 20], padding: .zero, colors: []),
            outline: NinePatchOutline(insets: NinePatchInsets(top: 0, left: 0, bottom: 0, right: 16), radius: 0, alpha: 255))
        let bytes = try PNGEncoder().encode(image)
        let full = try PNGDecoder().decode(bytes)
        for region in [PixelRect(x: 41, y: 34, width: 3, height: 7), PixelRect(x: 5, y: 5, width: 20, height: 20)] {
            let part = try PNGDecoder().decode(bytes, region: region)
            #expect(part.metadata == full.cropped(to: region).metadata, "\(region)")
        }
    }
}
