import NinepipeCore
import Testing

@testable import NinepipePlugins

@Suite("resampler")
struct ResamplerTests {
    @Test("kernels have their textbook values")
    func kernels() {
        #expect(ResamplingFilter.lanczos3.weight(0) == 1)
        #expect(abs(ResamplingFilter.lanczos3.weight(1)) < 1e-12)
        #expect(abs(ResamplingFilter.lanczos3.weight(0.5) - 0.6079271018540267) < 1e-12)
        #expect(ResamplingFilter.bicubic.weight(1) == 0 && ResamplingFilter.bicubic.weight(0) == 1)
        #expect(abs(ResamplingFilter.bicubic.weight(0.5) - 0.5625) < 1e-12)
        #expect(abs(ResamplingFilter.mitchell.weight(0) - 8.0 / 9) < 1e-12)
        #expect(abs(ResamplingFilter.mitchell.weight(1) - 1.0 / 18) < 1e-12)
        #expect(ResamplingFilter.bilinear.weight(0.25) == 0.75)
        #expect(ResamplingFilter.lanczos3.weight(3) == 0 && ResamplingFilter.mitchell.weight(2) == 0)
    }

    @Test(
        "every filter matches a float64 reference within rounding, at 8 and 16 bits, shrinking and enlarging",
        arguments: ResamplingFilter.allCases)
    func matchesReference(filter: ResamplingFilter) throws {
        for (depth, layout, size) in [
            (SampleDepth.eight, PixelLayout.rgb, (13, 7)), (.sixteen, .gray, (41, 30)),
            (.eight, .rgba, (9, 17)), (.sixteen, .grayAlpha, (23, 5)),
        ] {
            let image = TestImages.random(31, 19, layout: layout, depth: depth, seed: 7)
            let result = try Resampler(filter: filter).resample(image, width: size.0, height: size.1)
            let reference = ReferenceResampler.resample(image, width: size.0, height: size.1, filter: filter)
            let maxValue = depth == .eight ? 255.0 : 65535.0
            let got = TestImages.samples(result)
            var worst = 0.0
            for (index, value) in got.enumerated() {
                let channels = layout.channelCount
                // Colour of an almost transparent pixel is ill-conditioned; compare where alpha is meaningful.
                if layout.hasAlpha, index % channels != channels - 1, got[index - index % channels + channels - 1] < (depth == .eight ? 8 : 2048) { continue }
                worst = max(worst, abs(Double(value) - min(max(reference[index], 0), maxValue).rounded()))
            }
            #expect(worst <= (depth == .eight ? 1 : 2), "\(filter) \(layout) \(depth): off by \(worst)")
        }
    }

    @Test("the reference comparison exercises both filtering orders")
    func bothOrders() {
        func kernel(_ width: Int, _ height: Int) -> ResamplingKernel {
            ResamplingKernel(
                horizontal: ResamplingAxis(filter: .lanczos3, inputLength: 31, outputLength: width, origin: 0, length: 31),
                vertical: ResamplingAxis(filter: .lanczos3, inputLength: 19, outputLength: height, origin: 0, length: 19),
                channels: 3, hasAlpha: false, premultiply: false, clampColorToAlpha: false, linearLight: false)
        }
        #expect(kernel(13, 7).prefersVerticalFirst)
        #expect(!kernel(9, 17).prefersVerticalFirst)
    }

    @Test("a constant image stays exactly constant under every filter, layout and depth")
    func constantStaysConstant() throws {
        for filter in ResamplingFilter.allCases {
            for layout in PixelLayout.allCases {
                for depth in [SampleDepth.eight, .sixteen] {
                    let value = depth == .eight ? 201 : 51_234
                    let fill =
                        layout.hasAlpha
                        ? Array(repeating: value, count: layout.channelCount - 1) + [depth == .eight ? 90 : 40_000]
                        : Array(repeating: value, count: layout.channelCount)
                    let image = Image(width: 17, height: 11, layout: layout, depth: depth, fill: fill)
                    for (w, h) in [(5, 3), (40, 29), (17, 4)] {
                        let result = try Resampler(filter: filter).resample(image, width: w, height: h)
                        let samples = TestImages.samples(result)
                        #expect(
                            samples.indices.allSatisfy { samples[$0] == fill[$0 % layout.channelCount] },
                            "\(filter) \(layout) \(depth) \(w)×\(h)")
                    }
                }
            }
        }
    }

    @Test("box shrinking by a whole factor is an exact area average, 16-bit included")
    func boxAverages() throws {
        let image = Image(width: 4, height: 2, layout: .gray, samples: [UInt16(1000), 3000, 10, 20, 5000, 7000, 30, 41])
        let result = try Resampler(filter: .box).resample(image, width: 2, height: 1)
        #expect(result.depth == .sixteen)
        #expect(TestImages.samples(result) == [4000, 25])
    }

    @Test("the same size is the identity, exactly")
    func identity() throws {
        let image = TestImages.random(12, 9, layout: .rgba, depth: .sixteen)
        #expect(try Resampler().resample(image, width: 12, height: 9) == image)
    }

    @Test("nearest copies source samples exactly (16-bit, alpha)")
    func nearestIsExact() throws {
        let image = TestImages.random(5, 3, layout: .rgba, depth: .sixteen, seed: 3)
        let result = try Resampler(filter: .nearest).resample(image, width: 10, height: 6)
        for y in 0..<6 {
            for x in 0..<10 where TestImages.pixel(image, x / 2, y / 2)[3] != 0 {
                #expect(TestImages.pixel(result, x, y) == TestImages.pixel(image, x / 2, y / 2))
            }
        }
    }

    @Test("premultiplied filtering: a red shape on transparent black keeps pure red edges")
    func noDarkFringe() throws {
        let image = TestImages.make(24, 24, layout: .rgba) { x, y in
            (6..<18).contains(x) && (6..<18).contains(y) ? [255, 0, 0, 255] : [0, 0, 0, 0]
        }
        for filter in ResamplingFilter.allCases {
            let result = try Resampler(filter: filter).resample(image, width: 7, height: 7)
            var edges = 0
            for y in 0..<7 {
                for x in 0..<7 {
                    let p = TestImages.pixel(result, x, y)
                    guard p[3] > 0 else { continue }
                    if p[3] < 255 { edges += 1 }
                    #expect(p[0] == 255 && p[1] == 0 && p[2] == 0, "\(filter) (\(x), \(y)) is \(p)")
                }
            }
            if filter != .nearest { #expect(edges > 0, "\(filter) should produce partially transparent edges") }
        }
    }

    @Test("linear light: black and white average to sRGB 188, not 128")
    func linearLight() throws {
        let image = Image(width: 2, height: 1, layout: .rgb, samples: [UInt8(0), 0, 0, 255, 255, 255])
        #expect(TestImages.samples(try Resampler(filter: .box).resample(image, width: 1, height: 1)) == [128, 128, 128])
        #expect(TestImages.samples(try Resampler(filter: .box, linearLight: true).resample(image, width: 1, height: 1)) == [188, 188, 188])
        let sixteen = image.converted(to: .sixteen)
        let result = try Resampler(filter: .box, linearLight: true).resample(sixteen, width: 1, height: 1)
        #expect(TestImages.samples(result) == Array(repeating: 48_192, count: 3))
    }

    @Test("a region resamples like scaling the whole image and cropping")
    func regionEqualsScaleThenCrop() throws {
        let image = TestImages.random(40, 30, layout: .rgb, seed: 11)
        let whole = try Resampler(filter: .bicubic).resample(image, width: 20, height: 15)
        let part = try Resampler(filter: .bicubic).resample(
            image, width: 8, height: 6,
            region: ResamplingRegion(x: 10, y: 12, width: 16, height: 12))
        #expect(part == whole.cropped(to: PixelRect(x: 5, y: 6, width: 8, height: 6)))
    }

    @Test("extreme shapes: a wide strip to one pixel and one pixel to a wide strip")
    func extremeShapes() throws {
        let strip = TestImages.random(5000, 3, layout: .gray)
        let one = try Resampler().resample(strip, width: 1, height: 1)
        #expect(one.width == 1 && one.height == 1)
        let dot = Image(width: 1, height: 1, layout: .grayAlpha, samples: [UInt8(77), 200])
        let wide = try Resampler(filter: .lanczos3).resample(dot, width: 3000, height: 2)
        #expect(Set(TestImages.samples(wide)) == [77, 200])
    }
}
