import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Colour management. The fixtures (in Fixtures/color, see its README): `display-p3.icc` and
/// `gray-18.icc` were made with LittleCMS (`make-profiles.py`: P3 primaries, D65, the sRGB
/// curve; a gray 1.8 gamma); the `*-pillow.png` references are Pillow's ImageCms (LittleCMS
/// 2.14 run on its own) converting the same pixels to sRGB with perceptual intent.
@Suite("colour management", .enabled(if: Requirement.met(ColorManagement.isAvailable), "this build has no LittleCMS (liblcms2-dev was missing)"))
struct ColorManagementTests {
    static let fixtures = JPEGTests.fixtures.appendingPathComponent("color")
    func image(_ name: String) throws -> Image { try ImageCodecRegistry.builtIn.decode(TestFiles.bytes(Self.fixtures.appendingPathComponent(name))) }

    static func maximumDifference(_ a: Image, _ b: Image) -> Int {
        zip(a.rgbaSamples, b.rgbaSamples).map { abs($0 - $1) }.max() ?? .max
    }

    @Test("a Display P3 image becomes sRGB within ±1 of Pillow's ImageCms; the profile is gone")
    func displayP3() throws {
        let p3 = try image("p3.png")
        #expect(p3.metadata.iccProfile != nil)
        let converted = try p3.convertedToSRGB()
        let reference = try image("p3-srgb-pillow.png")
        #expect(converted.metadata.iccProfile == nil && converted.layout == .rgb)
        #expect(Self.maximumDifference(converted, reference) <= 1)
        // Mid colours really moved (P3 is wider than sRGB): the conversion is not a copy.
        #expect(Self.maximumDifference(converted, p3) > 10)
    }

    @Test("an Adobe RGB (1998)-compatible image becomes sRGB within ±1 of Pillow's ImageCms")
    func adobeRGB() throws {
        let adobe = try image("adobe-rgb.png")
        #expect(adobe.metadata.iccProfile?.colorSpace == "RGB")
        #expect(Self.maximumDifference(try adobe.convertedToSRGB(), try image("adobe-rgb-srgb-pillow.png")) <= 1)
    }

    @Test("a CMYK JPEG becomes sRGB through its own profile (whole, region and band decodes) within ±1 of Pillow's ImageCms")
    func cmykThroughProfile() throws {
        let bytes = try TestFiles.bytes(Self.fixtures.appendingPathComponent("cmyk-profile.jpg"))
        let reference = try image("cmyk-profile-srgb-pillow.png")
        let whole = try JPEGDecoder().decode(bytes)
        #expect(whole.layout == .rgb && whole.metadata.iccProfile == nil)
        #expect(Self.maximumDifference(whole, reference) <= 1)
        let streamed = try JPEGDecoder().bands(bytes).materialized(bandRows: 3)
        #expect(Self.maximumDifference(streamed, reference) <= 1)
        var regional = JPEGDecoder()
        regional.region = PixelRect(x: 4, y: 2, width: 8, height: 4)
        #expect(Self.maximumDifference(try regional.decode(bytes), reference.cropped(to: regional.region!)) <= 1)
        // Without its profile (over a 1,000-byte metadata limit, so not read) the plain formula
        // is used, and it is visibly off for this profile's warm black.
        let formula = try JPEGDecoder(limits: ImageLimits(maxMetadataBytes: 1000)).decode(bytes)
        #expect(Self.maximumDifference(formula, reference) > 5)
    }

    @Test("alpha is untouched; 16-bit stays 16-bit and agrees with the 8-bit conversion within LittleCMS's 8-bit precision")
    func alphaAndDepth() throws {
        let withAlpha = try image("p3-alpha.png")
        let converted = try withAlpha.convertedToSRGB()
        #expect(converted.layout == .rgba)
        let alpha = { (image: Image) in stride(from: 3, to: image.rgbaSamples.count, by: 4).map { image.rgbaSamples[$0] } }
        #expect(alpha(converted) == alpha(withAlpha))
        // The colour channels convert as the opaque image's do.
        let reference = try image("p3-srgb-pillow.png")
        #expect(Self.maximumDifference(converted.converted(to: .rgb), reference) <= 1)
        let deep = try image("p3.png").converted(to: .sixteen)
        let deepConverted = try deep.convertedToSRGB()
        #expect(deepConverted.depth == .sixteen)
        // LittleCMS optimises 8-bit transforms into 8-bit tables; its 16-bit path is finer, so
        // the two agree within 3 levels of 8 bits (measured: 3).
        #expect(Self.maximumDifference(deepConverted.converted(to: .eight), reference) <= 3)
    }

    @Test("a gray profile converts to sRGB gray within ±1 of Pillow; an image without a profile is unchanged")
    func gray() throws {
        let gray = try image("gray18.png")
        let converted = try gray.convertedToSRGB()
        #expect(Self.maximumDifference(converted, try image("gray18-srgb-pillow.png")) <= 1)
        let plain = Image(width: 2, height: 1, layout: .rgb, samples: [UInt8]([1, 2, 3, 4, 5, 6]))
        #expect(try plain.convertedToSRGB() == plain)
    }

    @Test("a damaged profile or one for the wrong colours is an error whose remedy is keeping the profile")
    func refused() throws {
        var broken = try image("p3.png")
        broken.metadata.iccProfile = ICCProfile(data: Array("not a profile".utf8))
        let error = try #require(throws: ColorError.self) { try broken.convertedToSRGB() }
        #expect(error.remedy == .keepColorProfile && error.description.hasSuffix("; keep the ICC profile to leave the colours as they are"), "\(error)")
        var mismatched = try image("p3.png")
        mismatched.metadata.iccProfile = try image("gray18.png").metadata.iccProfile
        #expect(throws: ColorError.self) { try mismatched.convertedToSRGB() }
    }

    @Test("a profile built from primaries (what an AVIF's nclx P3 colours become) converts as the Display P3 ICC profile does")
    func fromPrimaries() throws {
        // Display P3: the primaries HEIF's nclx colour_primaries 12 decodes to, D65, the sRGB curve.
        let profile = try #require(ICCProfile.rgb(primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white: (0.3127, 0.3290), isLinear: false))
        #expect(profile.colorSpace == "RGB")
        var image = try image("p3.png")
        image.metadata.iccProfile = profile
        #expect(Self.maximumDifference(try image.convertedToSRGB(), try self.image("p3-srgb-pillow.png")) <= 1)
        let linear = try #require(ICCProfile.rgb(primaries: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], white: (0.3127, 0.3290), isLinear: true))
        image.metadata.iccProfile = linear
        // Linear-light sRGB primaries: mid values get much brighter once encoded for sRGB.
        let brighter = try image.convertedToSRGB()
        #expect(brighter.sample(x: 4, y: 0, channel: 0) > 180)  // 128 linear → about 188
    }
}
