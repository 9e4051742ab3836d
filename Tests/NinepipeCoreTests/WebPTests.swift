import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// WebP in and out through libwebp. Skipped, saying so, in a build without it.
@Suite("WebP codec", .enabled(if: Requirement.met(WebPCodec.isAvailable), "this build has no WebP (libwebp-dev was missing)"))
struct WebPTests {
    static let fixtures = JPEGTests.fixtures.appendingPathComponent("webp")

    /// A photo-like image with a soft alpha edge, in `layout` (8 or 16 bits).
    static func picture(_ layout: PixelLayout, sixteen: Bool = false, width: Int = 61, height: Int = 37) -> Image {
        var generator = SeededGenerator(state: 5)
        let count = width * height * layout.channelCount
        let values = (0..<count).map { index -> Int in
            let pixel = index / layout.channelCount
            let channel = index % layout.channelCount
            let x = pixel % width
            let y = pixel / width
            if layout.hasAlpha && channel == layout.channelCount - 1 { return x < 8 ? 0 : min(255, x * 6) }
            return (x * 4 + y * 3 + channel * 50 + Int(generator.next() % 9)) & 255
        }
        if sixteen { return Image(width: width, height: height, layout: layout, samples: values.map { UInt16($0 * 257) }) }
        return Image(width: width, height: height, layout: layout, samples: values.map(UInt8.init))
    }

    @Test(
        "lossless keeps every sample, the colour under transparent pixels included; opaque images lose their alpha channel",
        arguments: [PixelLayout.rgb, .rgba])
    func lossless(layout: PixelLayout) throws {
        let image = Self.picture(layout)
        let bytes = try WebPEncoder(isLossless: true).encode(image)
        let decoded = try WebPDecoder().decode(bytes)
        #expect(decoded.layout == layout && decoded.storage == image.storage)
        #expect(try WebPDecoder().readInfo(bytes).isLossless)
        // Opaque RGBA is written without alpha.
        let opaque = Image(width: 3, height: 2, layout: .rgba, samples: [UInt8](repeating: 255, count: 24))
        #expect(try WebPDecoder().decode(WebPEncoder(isLossless: true).encode(opaque)).layout == .rgb)
    }

    @Test("gray and 16-bit images become 8-bit RGB(A) with the same values (WebP has neither)")
    func grayAndSixteen() throws {
        let gray = Self.picture(.grayAlpha)
        let decoded = try WebPDecoder().decode(WebPEncoder(isLossless: true).encode(gray))
        #expect(decoded.layout == .rgba && decoded.storage == gray.converted(to: .rgba).storage)
        let deep = Self.picture(.rgb, sixteen: true)
        let shallow = try WebPDecoder().decode(WebPEncoder(isLossless: true).encode(deep))
        #expect(shallow.depth == .eight && shallow.storage == Self.picture(.rgb).storage)
    }

    @Test("lossy at quality 80 stays over 35 dB on a smooth picture, alpha exact; a lower quality makes a smaller file")
    func lossy() throws {
        let photo = JPEGTests.photo(width: 128, height: 96)
        let bytes = try WebPEncoder(quality: 80).encode(photo)
        #expect(JPEGTests.psnr(photo, try WebPDecoder().decode(bytes)) > 35)
        #expect(try !WebPDecoder().readInfo(bytes).isLossless)
        #expect(try WebPEncoder(quality: 20).encode(photo).count < bytes.count)
        #expect(try WebPEncoder(quality: 80, effort: 0).encode(photo).count > 0)
        // Alpha is compressed losslessly even in a lossy file.
        let image = Self.picture(.rgba)
        let decoded = try WebPDecoder().decode(WebPEncoder(quality: 80).encode(image))
        let alpha = { (image: Image) -> [UInt8] in
            guard case .eight(let s) = image.storage else { return [] }
            return stride(from: 3, to: s.count, by: 4).map { s[$0] }
        }
        #expect(decoded.layout == .rgba && alpha(decoded) == alpha(image))
    }

    @Test("EXIF (orientation) and ICC travel through the container; the orientation can be applied on load")
    func metadata() throws {
        var image = Self.picture(.rgb)
        image.metadata.orientation = .right
        let profile = ICCProfile(data: Array("a profile's bytes, kept as they are".utf8))
        image.metadata.iccProfile = profile
        let bytes = try WebPEncoder().encode(image)
        let info = try WebPDecoder().readInfo(bytes)
        #expect(info.metadata.orientation == .right && info.metadata.iccProfile == profile && info.metadata.exif != nil)
        var decoder = WebPDecoder()
        decoder.appliesOrientation = true
        let upright = try decoder.decode(bytes)
        #expect(upright.width == image.height && upright.height == image.width && upright.metadata.orientation == .up)
        #expect(try ImageCodecRegistry.builtIn.info(bytes).format == .webp)
    }

    @Test("shrink on load: libwebp's rescaler gives ceil(side / N)", arguments: [(2, 31, 19), (4, 16, 10), (8, 8, 5)])
    func shrink(scale: Int, width: Int, height: Int) throws {
        let bytes = try WebPEncoder().encode(Self.picture(.rgb))
        let image = try WebPDecoder(scaleDenominator: scale).decode(bytes)
        #expect(image.width == width && image.height == height)
    }

    @Test("an animation gives its first frame, placed on its canvas, with a warning")
    func animation() throws {
        var warnings: [String] = []
        let whole = try WebPDecoder().decode(TestFiles.bytes(Self.fixtures.appendingPathComponent("anim.webp"))) { warnings.append($0) }
        #expect(whole.width == 20 && whole.height == 10 && whole.sample(x: 7, y: 5, channel: 0) == 255 && whole.sample(x: 7, y: 5, channel: 2) == 0)
        #expect(warnings == ["animated WebP: only the first of its 2 frames is read"])
        // First frame 8×6 at (4, 2) on a 20×10 canvas: the rest is see-through.
        let placed = try WebPDecoder().decode(TestFiles.bytes(Self.fixtures.appendingPathComponent("offset.webp")))
        #expect(placed.width == 20 && placed.height == 10 && placed.layout == .rgba)
        #expect(placed.sample(x: 0, y: 0, channel: 3) == 0 && placed.sample(x: 4, y: 2, channel: 1) == 200 && placed.sample(x: 11, y: 7, channel: 3) == 255)
        #expect(placed.sample(x: 12, y: 7, channel: 3) == 0)
    }

    @Test("the canvas size is checked against the limits before decoding")
    func limits() throws {
        let flat = Image(width: 2000, height: 1500, layout: .rgb, depth: .eight, fill: [9, 9, 9])
        let bytes = try WebPEncoder(isLossless: true).encode(flat)
        #expect(bytes.count < 10_000)
        #expect(throws: LimitError.self) { try WebPDecoder(limits: ImageLimits(maxPixelCount: 1_000_000)).decode(bytes) }
    }

    @Test("truncated and corrupt files are errors with a reason, and 2,000 mutants decode or throw (never a trap)")
    func damaged() throws {
        let lossy = try WebPEncoder().encode(Self.picture(.rgba))
        let lossless = try WebPEncoder(isLossless: true).encode(Self.picture(.rgb))
        for seed in [lossy, lossless] {
            for cut in [20, 30, seed.count / 2, seed.count - 1] {
                #expect(throws: WebPError.self) { try WebPDecoder().decode(Array(seed.prefix(cut))) }
            }
        }
        var broken = lossless
        broken[8] = UInt8(ascii: "X")  // "WEBP" → "XEBP": not a WebP container any more
        #expect(ImageCodecRegistry.builtIn.format(sniffing: broken) == nil)
        let error = try #require(throws: WebPError.self) { try WebPDecoder().decode(Array(lossy.prefix(40))) }
        #expect(error.description.hasPrefix("corrupt WebP: "))
        var generator = SeededGenerator(state: 17)
        for seed in [lossy, lossless] {
            for _ in 0..<1000 {
                var bytes = seed
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    bytes[Int.random(in: 12..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<(bytes.count / 2), using: &generator)) }
                _ = try? WebPDecoder(limits: ImageLimits(maxPixelCount: 1 << 22)).decode(bytes)
                _ = try? WebPDecoder().readInfo(bytes)
            }
        }
    }

    @Test("dwebp (libwebp's own tool) decodes our lossy output to the same pixels", .enabled(if: Requirement.met(WebPTests.dwebp != nil)))
    func independentDecoder() throws {
        let folder = try TemporaryFolder.make("webp-dwebp")
        let image = Self.picture(.rgba, width: 90, height: 70)
        try ImageCodecRegistry.builtIn.write(image, to: folder + "/a.webp", options: EncodeOptions(format: .webp, quality: 70))
        #expect(try ChildProcess.run(#require(Self.dwebp), ["-quiet", "-pam", folder + "/a.webp", "-o", folder + "/a.pam"]).status == 0)
        // PAM: a text header ending in ENDHDR, then RGBA rows.
        let pam = try TestFiles.bytes(URL(fileURLWithPath: folder + "/a.pam"))
        let marker = Array("ENDHDR\n".utf8)
        let end = try #require((0...(pam.count - marker.count)).first { Array(pam[$0..<($0 + marker.count)]) == marker })
        let ours = try ImageCodecRegistry.builtIn.decode(TestFiles.bytes(URL(fileURLWithPath: folder + "/a.webp")))
        #expect(Array(pam[(end + marker.count)...]) == ours.converted(to: .rgba).rgbaSamples.map(UInt8.init))
    }

    static let dwebp = ChildProcess.tool("dwebp")
}

extension WebPTests {
    /// `timed.webp` was written by img2webp with durations 50 and 250 ms
    /// and `-loop 5`; `anim.webp` loops forever at 100 ms.
    @Test("an animation's frame durations and loop count are read from the container")
    func timing() throws {
        let timed = try ImageCodecRegistry.builtIn.info(TestFiles.bytes(Self.fixtures.appendingPathComponent("timed.webp")))
        #expect(timed.frameDurations == [50, 250] && timed.loopCount == 5)
        let anim = try ImageCodecRegistry.builtIn.info(TestFiles.bytes(Self.fixtures.appendingPathComponent("anim.webp")))
        #expect(anim.frameDurations == [100, 100] && anim.loopCount == 0)
        let still = try ImageCodecRegistry.builtIn.info(TestFiles.bytes(Self.fixtures.appendingPathComponent("lossy-exif.webp")))
        #expect(still.frameDurations.isEmpty && still.loopCount == nil)
    }
}
