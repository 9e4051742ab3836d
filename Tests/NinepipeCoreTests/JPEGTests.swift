import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

@Suite("JPEG codec")
struct JPEGTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/NinepipeCoreTests").appendingPathComponent("Fixtures")

    func fixture(_ name: String) throws -> [UInt8] { try TestFiles.bytes(Self.fixtures.appendingPathComponent(name)) }

    /// A smooth photo-like test image.
    static func photo(width: Int = 96, height: Int = 64) -> Image {
        var samples: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                samples += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x + y) * 127 / (width + height))]
            }
        }
        return Image(width: width, height: height, layout: .rgb, samples: samples)
    }

    static func psnr(_ a: Image, _ b: Image) -> Double {
        let x = a.rgbaSamples
        let y = b.rgbaSamples
        let mse = zip(x, y).reduce(0.0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) } / Double(x.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test("encode → decode keeps the picture (PSNR over 35 dB at quality 90)", arguments: [false, true])
    func roundTrip(progressive: Bool) throws {
        let image = Self.photo()
        let bytes = try JPEGEncoder(quality: 90, progressive: progressive).encode(image)
        let decoded = try JPEGDecoder().decode(bytes)
        #expect(decoded.width == 96 && decoded.height == 64 && decoded.layout == .rgb)
        #expect(Self.psnr(image, decoded) > 35)
        #expect(try JPEGDecoder().readInfo(bytes).progressive == progressive)
    }

    @Test("decode-time downscaling gives ceil(side / scale)", arguments: [(2, 48, 32), (4, 24, 16), (8, 12, 8)])
    func downscale(scale: Int, width: Int, height: Int) throws {
        let bytes = try JPEGEncoder().encode(Self.photo())
        let decoded = try JPEGDecoder(scaleDenominator: scale).decode(bytes)
        #expect(decoded.width == width && decoded.height == height)
    }

    @Test("shrink-on-load picks the largest scale that stays at least the target")
    func scaleChoice() {
        #expect(JPEGDecoder.scaleDenominator(width: 4000, height: 3000, minimumWidth: 512, minimumHeight: 512) == 4)
        #expect(JPEGDecoder.scaleDenominator(width: 4000, height: 3000, minimumWidth: 256, minimumHeight: 256) == 8)
        #expect(JPEGDecoder.scaleDenominator(width: 100, height: 100, minimumWidth: 90, minimumHeight: 90) == 1)
    }

    @Test("Adobe CMYK decodes to the right colours")
    func cmyk() throws {
        let image = try JPEGDecoder().decode(fixture("cmyk-red-blue.jpg"))
        #expect(image.layout == .rgb && image.width == 64)
        let left = (0..<3).map { image.sample(x: 8, y: 8, channel: $0) }
        let right = (0..<3).map { image.sample(x: 56, y: 8, channel: $0) }
        #expect(left[0] > 230 && left[1] < 30 && left[2] < 30, "left is red: \(left)")
        #expect(right[0] < 30 && right[1] < 30 && right[2] > 230, "right is blue: \(right)")
    }

    @Test("gray JPEGs decode to one channel; progressive files decode")
    func grayAndProgressive() throws {
        #expect(try JPEGDecoder().decode(fixture("gray.jpg")).layout == .gray)
        let progressive = try JPEGDecoder().decode(fixture("progressive.jpg"))
        #expect(progressive.width == 64 && progressive.height == 48)
        #expect(try JPEGDecoder().readInfo(fixture("progressive.jpg")).progressive)
    }

    @Test("EXIF orientation is read, and uprighting turns the pixels")
    func orientation() throws {
        let image = try JPEGDecoder().decode(fixture("orient6.jpg"))
        #expect(image.metadata.orientation == .right)
        #expect(image.width == 20 && image.height == 40)
        let upright = image.uprighted()
        #expect(upright.width == 40 && upright.height == 20 && upright.metadata.orientation == .up)
        // Stored: red on top, blue below. Rotated 90° clockwise: blue on the left, red on the right.
        #expect(upright.sample(x: 5, y: 10, channel: 2) > 200 && upright.sample(x: 35, y: 10, channel: 0) > 200)
    }

    @Test("EXIF and ICC are written back; the orientation tag matches the pixels")
    func metadataWriteBack() throws {
        let source = try JPEGDecoder().decode(fixture("orient6.jpg"))
        let kept = try JPEGDecoder().decode(JPEGEncoder().encode(source))
        #expect(kept.metadata.orientation == .right)
        let upright = try JPEGDecoder().decode(JPEGEncoder().encode(source.uprighted()))
        #expect(upright.metadata.orientation == .up && upright.metadata.exif != nil)

        let icc = try JPEGDecoder().decode(fixture("icc.jpg"))
        let profile = try #require(icc.metadata.iccProfile)
        #expect(profile.colorSpace == "RGB")
        #expect(try JPEGDecoder().decode(JPEGEncoder().encode(icc)).metadata.iccProfile?.data == profile.data)
    }

    @Test("a large ICC profile spans several APP2 segments and comes back whole")
    func multiSegmentICC() throws {
        var image = Self.photo(width: 8, height: 8)
        let data = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        image.metadata.iccProfile = ICCProfile(data: data)
        #expect(try JPEGDecoder().decode(JPEGEncoder().encode(image)).metadata.iccProfile?.data == data)
    }

    @Test("alpha is flattened onto the background, with one warning")
    func flatten() throws {
        let image = Image(width: 16, height: 16, layout: .rgba, depth: .eight, fill: [0, 0, 0, 0])
        var warnings: [String] = []
        let decoded = try JPEGDecoder().decode(JPEGEncoder().encode(image) { warnings.append($0) })
        #expect(warnings.count == 1)
        #expect(decoded.sample(x: 8, y: 8, channel: 0) > 250)
    }

    @Test("truncated JPEGs are errors, never a crash or a silent gray image", arguments: [0.3, 0.6, 0.9])
    func truncated(fraction: Double) throws {
        let bytes = try JPEGEncoder().encode(Self.photo(width: 256, height: 256))
        let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
        let error = try #require(throws: JPEGError.self) { try JPEGDecoder().decode(cut) }
        #expect(error.description.contains("JPEG"))
    }

    @Test("garbage after the SOI marker is an error")
    func garbage() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF] + (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(throws: JPEGError.self) { try JPEGDecoder().decode(bytes) }
    }

    @Test("JPEG headers over the pixel limit are refused before decoding")
    func limits() throws {
        let bytes = try JPEGEncoder().encode(Self.photo())
        let error = try #require(throws: LimitError.self) {
            try JPEGDecoder(limits: ImageLimits(maxPixelCount: 1000)).decode(bytes)
        }
        #expect(error == .tooManyPixels(width: 96, height: 64, limit: 1000))
    }

    @Test(
        "a region decode equals the full decode cropped for 2x4 and 4x2 sampling at every scale (libjpeg-turbo's column crop is bypassed where it errs)",
        arguments: ["sampling-2x4.jpg", "sampling-4x2.jpg", "fuzz-crop-2x4-arithmetic.jpg"])
    func regionWithUnusualSampling(name: String) throws {
        let bytes = try fixture(name)
        for scale in [1, 2, 4, 8] {
            let whole = try JPEGDecoder(scaleDenominator: scale).decode(bytes)
            let windows = [
                PixelRect(x: whole.width - 1, y: whole.height / 2, width: 1, height: (whole.height + 3) / 4),
                PixelRect(x: whole.width / 3, y: 0, width: max(1, whole.width / 3), height: whole.height),
                PixelRect(x: 0, y: whole.height / 4, width: max(1, whole.width / 5), height: max(1, whole.height / 3)),
            ]
            for window in windows {
                var regional = JPEGDecoder(scaleDenominator: scale)
                regional.region = window
                #expect(try regional.decode(bytes) == whole.cropped(to: window), "\(name) 1/\(scale) \(window)")
            }
        }
    }

    @Test("a CMYK JPEG's CMYK profile is dropped once its pixels become RGB (whole, region and band decodes)")
    func cmykProfileDropped() throws {
        var bytes = try fixture("cmyk-red-blue.jpg")
        // An APP2 ICC_PROFILE segment holding a 132-byte profile header that says CMYK.
        var profile = [UInt8](repeating: 0, count: 132)
        profile.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        profile.replaceSubrange(36..<40, with: Array("acsp".utf8))
        let payload = Array("ICC_PROFILE\0".utf8) + [1, 1] + profile
        bytes.insert(contentsOf: [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload, at: 2)
        #expect(try JPEGDecoder().readInfo(bytes).metadata.iccProfile?.colorSpace == "CMYK")
        let whole = try JPEGDecoder().decode(bytes)
        #expect(whole.layout == .rgb && whole.metadata.iccProfile == nil)
        var regional = JPEGDecoder()
        regional.region = PixelRect(x: 0, y: 0, width: 8, height: 8)
        #expect(try regional.decode(bytes).metadata.iccProfile == nil)
        #expect(try JPEGDecoder().bands(bytes).header.metadata.iccProfile == nil)
    }
}
