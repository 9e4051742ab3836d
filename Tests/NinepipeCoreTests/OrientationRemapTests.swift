import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Turning a 12-megapixel photo upright took 85 ms in a per-pixel loop that strided
/// across the source. The tiled, band-parallel copy must move every pixel exactly as before.
@Suite("orientation remap")
struct OrientationRemapTests {
    /// The upright image the slow, obvious way: each output pixel fetched through `sourcePoint`.
    static func reference(_ image: Image, _ orientation: Orientation) -> [Int] {
        let swaps = orientation.swapsDimensions
        let (width, height) = swaps ? (image.height, image.width) : (image.width, image.height)
        var out: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                let source = orientation.sourcePoint(x: x, y: y, width: width, height: height)
                for channel in 0..<image.layout.channelCount { out.append(image.sample(x: source.x, y: source.y, channel: channel)) }
            }
        }
        return out
    }

    static func samples(_ image: Image) -> [Int] {
        switch image.storage {
        case .eight(let samples): samples.map(Int.init)
        case .sixteen(let samples): samples.map(Int.init)
        }
    }

    @Test(
        "every orientation, layout and depth matches the per-pixel reference, across tile and band edges",
        arguments: [(1, 1), (1, 7), (7, 1), (65, 130), (300, 257)])
    func matchesReference(width: Int, height: Int) {
        for layout in [PixelLayout.gray, .rgb, .rgba] {
            for sixteen in [false, true] {
                let count = width * height * layout.channelCount
                let image =
                    sixteen
                    ? Image(width: width, height: height, layout: layout, samples: (0..<count).map { UInt16(truncatingIfNeeded: $0 &* 40503) })
                    : Image(width: width, height: height, layout: layout, samples: (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 2) })
                for orientation in Orientation.allCases {
                    let turned = image.applying(orientation)
                    let swaps = orientation.swapsDimensions
                    #expect(turned.width == (swaps ? height : width) && turned.height == (swaps ? width : height))
                    let same = Self.samples(turned) == Self.reference(image, orientation)
                    #expect(same, "\(width)×\(height) \(layout) \(sixteen ? 16 : 8)-bit \(orientation)")
                }
            }
        }
    }
}

extension OrientationRemapTests {
    @Test("a JPEG turned upright while decoding equals decoding it and then turning it, for every orientation")
    func jpegUprightWhileDecoding() throws {
        // 150 rows: three batches of up to 64, moved by a worker while the next one decodes.
        for layout in [PixelLayout.rgb, .gray] {
            let count = 37 * 150 * layout.channelCount
            var image = Image(width: 37, height: 150, layout: layout, samples: (0..<count).map { UInt8(truncatingIfNeeded: $0 * 5 + $0 / 37 * 3) })
            for orientation in Orientation.allCases {
                image.metadata.orientation = orientation
                let bytes = try JPEGEncoder(quality: 95).encode(image)
                var decoder = JPEGDecoder()
                decoder.appliesOrientation = true
                let upright = try decoder.decode(bytes)
                let expected = try JPEGDecoder().decode(bytes).uprighted()
                #expect(upright.width == expected.width && upright.height == expected.height)
                #expect(upright.storage == expected.storage && upright.metadata == expected.metadata, "\(layout) \(orientation)")
            }
        }
    }
}

/// A crop right after loading a JPEG now skips the rows above it and converts only the
/// columns inside it (libjpeg-turbo's `jpeg_skip_scanlines` and `jpeg_crop_scanline`).
@Suite("JPEG region decoding")
struct JPEGRegionDecodeTests {
    @Test(
        "a region decodes to the same pixels as decoding everything and cropping, at iMCU edges and inside them",
        arguments: [JPEGEncoder.Subsampling.s420, .s444])
    func sameAsCrop(subsampling: JPEGEncoder.Subsampling) throws {
        for layout in [PixelLayout.rgb, .gray] {
            let count = 101 * 67 * layout.channelCount
            let image = Image(width: 101, height: 67, layout: layout, samples: (0..<count).map { UInt8(truncatingIfNeeded: $0 * 3 + $0 / 101) })
            for progressive in [false, true] {
                let bytes = try JPEGEncoder(quality: 90, progressive: progressive, subsampling: subsampling).encode(image)
                let full = try JPEGDecoder().decode(bytes)
                for region in [
                    PixelRect(x: 17, y: 9, width: 40, height: 30), PixelRect(x: 0, y: 0, width: 16, height: 16),
                    PixelRect(x: 100, y: 66, width: 1, height: 1), PixelRect(x: 33, y: 0, width: 68, height: 67),
                ] {
                    var decoder = JPEGDecoder()
                    decoder.region = region
                    let part = try decoder.decode(bytes)
                    #expect(part == full.cropped(to: region), "\(layout) \(subsampling) progressive \(progressive) \(region)")
                }
            }
        }
    }
}

extension OrientationRemapTests {
    /// Found by the JPEG fuzz target in CI: a CMYK JPEG with orientation 6 came out sideways
    /// (tag kept) when asked to be turned upright while decoding; CMYK is converted after
    /// decoding and is now turned then.
    @Test("a CMYK JPEG with an orientation is turned upright while decoding too")
    func cmykUpright() throws {
        let url = Repository.root.appendingPathComponent("Tests/NinepipeCoreTests").appendingPathComponent("Fixtures/fuzz-cmyk-orient6.jpg")
        let bytes = Array(try Data(contentsOf: url))
        var decoder = JPEGDecoder()
        decoder.appliesOrientation = true
        let turned = try decoder.decode(bytes)
        let plain = try JPEGDecoder().decode(bytes)
        #expect(plain.metadata.orientation == .right && plain.width == 64 && plain.height == 16)
        #expect(turned == plain.uprighted() && turned.width == 16 && turned.metadata.orientation == .up)
    }
}
