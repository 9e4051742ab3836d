import Foundation
import NinepipeCore
import Testing

@testable import NinepipePlugins

/// `modulate`, `grayscale`, `tint`, `invert`, `gamma`, checked against the published
/// formulas computed here in float64.
@Suite("colour adjustments")
struct ColorAdjustmentTests {
    static func linear(_ value: Double) -> Double { value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4) }
    static func encoded(_ value: Double) -> Double { value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055 }

    /// The largest difference of the three values.
    static func distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
    }

    /// Every 8-bit level in each channel somewhere, plus alpha.
    static let ramp = TestImages.make(64, 4, layout: .rgba) { x, y in [x * 4, 255 - x * 4, (x * 37 + y * 61) % 256, 40 + y * 60] }

    @Test("CIELab (D65) gives the published values for sRGB primaries and white, and round-trips")
    func lab() {
        func lab(_ r: Double, _ g: Double, _ b: Double) -> SIMD3<Float> {
            CIELab.lab(fromLinear: SIMD3(Float(Self.linear(r)), Float(Self.linear(g)), Float(Self.linear(b))))
        }
        // Reference values (D65, 2°): red 53.24 80.09 67.20; green 87.73 −86.18 83.18; blue 32.30 79.19 −107.86.
        for (value, expected) in [
            (lab(1, 0, 0), SIMD3<Float>(53.24, 80.09, 67.20)), (lab(0, 1, 0), SIMD3(87.73, -86.18, 83.18)),
            (lab(0, 0, 1), SIMD3(32.30, 79.19, -107.86)), (lab(1, 1, 1), SIMD3(100, 0, 0)),
        ] {
            #expect(Self.distance(value, expected) < 0.05, "\(value) vs \(expected)")
        }
        let colour = SIMD3<Float>(0.2, 0.5, 0.9)
        #expect(Self.distance(CIELab.linear(fromLab: CIELab.lab(fromLinear: colour)), colour) < 1e-5)
    }

    @Test("grayscale is Rec. 709 luminance in linear light, re-encoded; gray layout, alpha and 16 bits kept")
    func grayscale() throws {
        let gray = try Transforms.Grayscale().apply(to: Self.ramp, context: TransformContext())
        #expect(gray.layout == .grayAlpha && gray.depth == .eight)
        for x in stride(from: 0, to: 64, by: 7) {
            let p = TestImages.pixel(Self.ramp, x, 2).map { Double($0) / 255 }
            let y = 0.2126 * Self.linear(p[0]) + 0.7152 * Self.linear(p[1]) + 0.0722 * Self.linear(p[2])
            let result = TestImages.pixel(gray, x, 2)
            #expect(abs(Double(result[0]) - Self.encoded(y) * 255) <= 0.51, "x=\(x)")
            #expect(result[1] == Int(p[3] * 255 + 0.5))
        }
        // Pure red is 0.2126 in linear light: 127 encoded.
        let red = Image(width: 1, height: 1, layout: .rgb, samples: [UInt16(65535), 0, 0])
        let redGray = try Transforms.Grayscale().apply(to: red, context: TransformContext())
        #expect(redGray.layout == .gray && redGray.depth == .sixteen)
        #expect(abs(Double(redGray.sample(x: 0, y: 0, channel: 0)) - Self.encoded(0.2126) * 65535) <= 1)
        let already = Image(width: 2, height: 1, layout: .gray, samples: [UInt8(3), 200])
        #expect(try Transforms.Grayscale().apply(to: already, context: TransformContext()) == already)
    }

    @Test("grayscale of 8-bit colours is the float64 luminance correctly rounded (to 0.001 level) for 86³ colours")
    func grayscaleEveryColour() throws {
        let levels = Array(stride(from: 0, through: 255, by: 3))
        let image = TestImages.make(levels.count * levels.count, levels.count, layout: .rgb) { x, y in
            [levels[x % levels.count], levels[x / levels.count], levels[y]]
        }
        let gray = try Transforms.Grayscale().apply(to: image, context: TransformContext())
        let table = (0...255).map { Self.linear(Double($0) / 255) }
        var worst = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = TestImages.pixel(image, x, y)
                let luminance = 0.2126 * table[p[0]] + 0.7152 * table[p[1]] + 0.0722 * table[p[2]]
                worst = max(worst, abs(Double(gray.sample(x: x, y: y, channel: 0)) - Self.encoded(luminance) * 255))
            }
        }
        // The three shares are rounded to 1/(65535·256): at most 3e-4 of a level near black.
        #expect(worst <= 0.5 + 1e-3, "worst difference \(worst) levels")
    }

    @Test("the fast cube root of CIELab is within 2.5 float ulps (3e-7) of cbrt over the range it is used on")
    func cubeRoot() {
        var worst = 0.0
        var t: Float = 216.0 / 24389
        while t < 4 {
            worst = max(worst, abs(Double(CIELab.cubeRoot(t)) / cbrt(Double(t)) - 1))
            t = t.nextUp * 1.0001
        }
        #expect(worst < 3e-7, "worst relative error \(worst)")
    }

    @Test("invert complements colour and keeps alpha unless alpha=true; 16-bit too")
    func invert() throws {
        let image = Image(width: 1, height: 1, layout: .rgba, samples: [UInt8(10), 20, 30, 40])
        #expect(TestImages.samples(try Transforms.Invert().apply(to: image, context: TransformContext())) == [245, 235, 225, 40])
        #expect(TestImages.samples(try Transforms.Invert(invertsAlpha: true).apply(to: image, context: TransformContext())) == [245, 235, 225, 215])
        let deep = Image(width: 1, height: 1, layout: .gray, samples: [UInt16(1000)])
        #expect(TestImages.samples(try Transforms.Invert().apply(to: deep, context: TransformContext())) == [64535])
        let twice = try Transforms.Invert().apply(to: Transforms.Invert().apply(to: Self.ramp, context: TransformContext()), context: TransformContext())
        #expect(twice == Self.ramp)
    }

    @Test("gamma g maps v to v^(1/g), as ImageMagick's -gamma; black, white and alpha stay")
    func gamma() throws {
        let result = try Transforms.Gamma(2.2).apply(to: Self.ramp, context: TransformContext())
        for x in 0..<64 {
            let before = TestImages.pixel(Self.ramp, x, 1)
            let after = TestImages.pixel(result, x, 1)
            for c in 0..<3 { #expect(after[c] == Int((pow(Double(before[c]) / 255, 1 / 2.2) * 255).rounded())) }
            #expect(after[3] == before[3])
        }
        #expect(try Transforms.Gamma(1).apply(to: Self.ramp, context: TransformContext()) == Self.ramp)
    }

    @Test("modulate scales L* and chroma and turns hue in CIE LCh; identity changes nothing; saturation 0 is gray")
    func modulate() throws {
        #expect(try Transforms.Modulate().apply(to: Self.ramp, context: TransformContext()) == Self.ramp)
        #expect(try Transforms.Modulate(hue: 360).apply(to: Self.ramp, context: TransformContext()) == Self.ramp)
        let gray = try Transforms.Modulate(saturation: 0).apply(to: Self.ramp, context: TransformContext())
        for x in 0..<64 {
            let p = TestImages.pixel(gray, x, 0)
            #expect(max(p[0], p[1], p[2]) - min(p[0], p[1], p[2]) <= 1, "x=\(x): \(p)")
            #expect(p[3] == TestImages.pixel(Self.ramp, x, 0)[3])
        }
        // The whole LCh round trip in float64: L × 1.2, C × 0.7, h + 40°.
        let adjusted = try Transforms.Modulate(brightness: 1.2, saturation: 0.7, hue: 40).apply(to: Self.ramp, context: TransformContext())
        for x in stride(from: 0, to: 64, by: 5) {
            let p = TestImages.pixel(Self.ramp, x, 3)
            let lab = CIELab.lab(fromLinear: SIMD3((0..<3).map { Float(Self.linear(Double(p[$0]) / 255)) }))
            let angle = 40 * Double.pi / 180
            let a = 0.7 * (Double(lab.y) * cos(angle) - Double(lab.z) * sin(angle))
            let b = 0.7 * (Double(lab.y) * sin(angle) + Double(lab.z) * cos(angle))
            let back = CIELab.linear(fromLab: SIMD3(lab.x * 1.2, Float(a), Float(b)))
            let result = TestImages.pixel(adjusted, x, 3)
            for c in 0..<3 {
                let expected = Self.encoded(min(max(Double(back[c]), 0), 1)) * 255
                #expect(abs(Double(result[c]) - expected) <= 0.6, "x=\(x) c=\(c): \(result[c]) vs \(expected)")
            }
        }
        // Turning red by 180° gives a cyan: green and blue above red.
        let red = Image(width: 1, height: 1, layout: .rgb, samples: [UInt8(200), 30, 30])
        let turned = TestImages.pixel(try Transforms.Modulate(hue: 180).apply(to: red, context: TransformContext()), 0, 0)
        #expect(turned[1] > turned[0] && turned[2] > turned[0], "\(turned)")
    }

    @Test("tint keeps L* and takes the colour's a*, b*; gray images become RGB; alpha kept")
    func tint() throws {
        let sepia = Color(red: 0x70, green: 0x42, blue: 0x14)
        let target = CIELab.lab(fromLinear: SIMD3([sepia.red, sepia.green, sepia.blue].map { Float(Self.linear(Double($0) / 255)) }))
        let gray = TestImages.make(16, 1, layout: .grayAlpha) { x, _ in [40 + x * 10, 255 - x] }
        let tinted = try Transforms.Tint(color: sepia).apply(to: gray, context: TransformContext())
        #expect(tinted.layout == .rgba)
        for x in 0..<16 {
            let p = TestImages.pixel(tinted, x, 0)
            let lab = CIELab.lab(fromLinear: SIMD3((0..<3).map { Float(Self.linear(Double(p[$0]) / 255)) }))
            let original = CIELab.lab(fromLinear: SIMD3(repeating: Float(Self.linear(Double(40 + x * 10) / 255))))
            #expect(abs(lab.x - original.x) < 0.6, "x=\(x): L* \(lab.x) vs \(original.x)")
            // Dark colours cannot hold the full chroma inside sRGB; mid tones carry the tint's hue.
            if lab.x > 30 && lab.x < 80 {
                let hue = atan2(lab.z, lab.y)
                let wanted = atan2(target.z, target.y)
                #expect(abs(hue - wanted) < 0.1, "x=\(x): hue \(hue) vs \(wanted)")
            }
            #expect(p[3] == 255 - x)
        }
    }
}
