import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// HEIC and AVIF through libheif. Fixtures (Fixtures/heif): `deep12.heic` is
/// heif-enc's 12-bit HEIC of `deep-source.png` (16-bit), `deep12-heif-convert.png` libheif's
/// own heif-convert decoding of it; `orient6-irot.heic` holds the sideways pixels of
/// orient6.jpg with an `irot` box (written by this encoder from `load orient=keep`).
@Suite("HEIC and AVIF", .enabled(if: Requirement.met(HEIFCodec.isAvailable), "this build has no libheif (libheif-dev was missing)"))
struct HEIFTests {
    static let fixtures = JPEGTests.fixtures.appendingPathComponent("heif")
    func bytes(_ name: String) throws -> [UInt8] { try TestFiles.bytes(Self.fixtures.appendingPathComponent(name)) }

    @Test(
        "AVIF and HEIC round trips keep the picture (PSNR over 30 dB) and the alpha; the format is sniffed",
        arguments: [HEIFEncoder.Codec.avif, .heic])
    func roundTrip(codec: HEIFEncoder.Codec) throws {
        let photo = JPEGTests.photo(width: 64, height: 48)
        let bytes = try HEIFEncoder(codec: codec, quality: 80, effort: 2).encode(photo)
        #expect(ImageCodecRegistry.builtIn.format(sniffing: bytes) == (codec == .avif ? .avif : .heic))
        let decoded = try HEIFDecoder().decode(bytes)
        #expect(decoded.width == 64 && decoded.height == 48 && decoded.layout == .rgb)
        #expect(JPEGTests.psnr(photo, decoded) > 30)
        var withAlpha = photo.converted(to: .rgba)
        withAlpha.editSamples(
            eight: { samples in for i in stride(from: 3, to: samples.count, by: 4) where (i / 4) % 64 < 16 { samples[i] = 0 } },
            sixteen: { _ in })
        let alpha = try HEIFDecoder().decode(HEIFEncoder(codec: codec, quality: 80, effort: 2).encode(withAlpha))
        #expect(alpha.layout == .rgba && alpha.sample(x: 2, y: 2, channel: 3) < 10 && alpha.sample(x: 40, y: 2, channel: 3) > 245)
        #expect(try HEIFEncoder(codec: codec, quality: 20, effort: 2).encode(photo).count < bytes.count)
    }

    @Test("a 12-bit HEIC decodes to 16-bit samples, as libheif's heif-convert does, close to its 16-bit source")
    func deep() throws {
        let image = try HEIFDecoder().decode(bytes("deep12.heic"))
        #expect(image.depth == .sixteen && image.width == 32 && image.height == 16)
        #expect(try HEIFDecoder().readInfo(bytes("deep12.heic")).bitDepth == 12)
        let reference = try ImageCodecRegistry.builtIn.decode(bytes("deep12-heif-convert.png"))
        let source = try ImageCodecRegistry.builtIn.decode(bytes("deep-source.png"))
        let ours = image.rgbaSamples
        let theirs = reference.rgbaSamples
        let original = source.rgbaSamples
        // heif-convert widens 12 bits by a shift; we repeat the top bits (full range): ≤ 15 apart.
        #expect(zip(ours, theirs).map { abs($0 - $1) }.max() ?? .max <= 15)
        let error = zip(ours, original).map { Double(abs($0 - $1)) }.reduce(0, +) / Double(ours.count)
        #expect(error < 1500, "mean error \(error) of 65535")
    }

    @Test("a streamed image (rows copied band by band into libheif's picture) encodes as the whole image does")
    func streamed() throws {
        let photo = JPEGTests.photo(width: 70, height: 150)  // three bands of up to 64 rows
        for codec in [HEIFEncoder.Codec.avif, .heic] {
            let encoder = HEIFEncoder(codec: codec, quality: 70, effort: 3)
            let whole = try HEIFDecoder().decode(encoder.encode(photo))
            let streamed = try HEIFDecoder().decode(encoder.encode(ImageBandSource(photo)))
            #expect(streamed == whole, "\(codec)")
        }
    }

    @Test("a 16-bit image is written to HEIC at 10 bits and read back as 16-bit, close to its source")
    func deepHEIC() throws {
        let source = try ImageCodecRegistry.builtIn.decode(bytes("deep-source.png"))
        #expect(source.depth == .sixteen)
        let bytes = try HEIFEncoder(codec: .heic, quality: 95).encode(source)
        #expect(try HEIFDecoder().readInfo(bytes).bitDepth == 10)
        let back = try HEIFDecoder().decode(bytes)
        #expect(back.depth == .sixteen)
        let error = zip(back.rgbaSamples, source.rgbaSamples).map { Double(abs($0 - $1)) }.reduce(0, +) / Double(back.rgbaSamples.count)
        #expect(error < 1500, "mean error \(error) of 65535")
        #expect(try HEIFDecoder().decode(HEIFEncoder(codec: .avif).encode(source)).depth == .eight)
    }

    @Test("a HEIC whose pixels are stored sideways (irot) comes out upright, like the JPEG it came from")
    func orientation() throws {
        let heic = try HEIFDecoder().decode(bytes("orient6-irot.heic"))
        var decoder = JPEGDecoder()
        decoder.appliesOrientation = true
        let jpeg = try decoder.decode(TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent("orient6.jpg")))
        #expect(heic.width == jpeg.width && heic.height == jpeg.height && heic.metadata.orientation == .up)
        #expect(JPEGTests.psnr(jpeg, heic) > 25)
        // And the encoder writes irot for sideways pixels: stored 20×40, shown 40×20.
        var sideways = try JPEGDecoder().decode(TestFiles.bytes(JPEGTests.fixtures.appendingPathComponent("orient6.jpg")))
        #expect(sideways.metadata.orientation == .right && sideways.width == 20)
        sideways.metadata.iccProfile = ICCProfile(data: Array("kept as it is".utf8))
        let written = try HEIFEncoder(codec: .heic).encode(sideways)
        let info = try HEIFDecoder().readInfo(written)
        #expect(info.width == 40 && info.height == 20 && info.metadata.iccProfile == sideways.metadata.iccProfile)
    }

    /// `transform-*.avif` are avifenc's lossless encodings of `transform-source.png` with
    /// `--irot 1`, and with `--crop 6,4,30,20 --irot 3 --imir 0` and their `ipma` reordered to
    /// list `ispe` last, as libavif-made photos do (link-u's kimono.rotate90.avif, whose size
    /// libheif 1.15 reported unrotated); `*-pillow.png` are Pillow's crop and transposes of the
    /// source.
    @Test(
        "crop, rotation and mirroring apply in the file's order wherever ispe is listed: bit-exact to Pillow's, at the size info gives",
        arguments: ["transform-irot1", "transform-clap-irot3-imir0-ispe-last"])
    func containerTransforms(name: String) throws {
        let file = try bytes("\(name).avif")
        let reference = try PNGDecoder().decode(bytes("\(name.replacingOccurrences(of: "-ispe-last", with: ""))-pillow.png"))
        let decoded = try HEIFDecoder().decode(file)
        let info = try HEIFDecoder().readInfo(file)
        #expect(decoded.width == reference.width && decoded.height == reference.height)
        #expect(info.width == decoded.width && info.height == decoded.height)
        #expect(decoded.converted(to: .rgb).storage == reference.converted(to: .rgb).storage)
    }

    @Test("a clean aperture with a zero denominator or outside the image is refused; one at the edge is cut to it")
    func cleanApertures() throws {
        typealias Aperture = HEIFTransforms.CleanAperture
        let centred = Aperture(
            widthN: 30, widthD: 1, heightN: 20, heightD: 1, horizontalOffsetN: -3, horizontalOffsetD: 1, verticalOffsetN: -2, verticalOffsetD: 1)
        #expect(try centred.rect(width: 48, height: 32) == PixelRect(x: 6, y: 4, width: 30, height: 20))
        var zero = centred
        zero.heightD = 0
        #expect(throws: HEIFError.corrupt("the clean aperture (clap) has a zero denominator")) { try zero.rect(width: 48, height: 32) }
        var outside = centred
        outside.horizontalOffsetN = 1000
        #expect(throws: HEIFError.corrupt("the clean aperture (clap) lies outside the 48×32 image")) { try outside.rect(width: 48, height: 32) }
        var edge = centred
        edge.horizontalOffsetN = 20  // 30 wide, starting at column 29 of 48: cut to 19.
        #expect(try edge.rect(width: 48, height: 32) == PixelRect(x: 29, y: 4, width: 19, height: 20))
        // Halves: a 29.5-wide aperture is 30 wide, its left edge rounded down.
        let half = Aperture(
            widthN: 59, widthD: 2, heightN: 20, heightD: 1, horizontalOffsetN: 0, horizontalOffsetD: 1, verticalOffsetN: 0, verticalOffsetD: 1)
        #expect(try half.rect(width: 48, height: 32) == PixelRect(x: 9, y: 6, width: 30, height: 20))
    }

    @Test("HEVC sequence parameter sets are read from hvcC and bound the pictures libde265 may allocate")
    func hevcParameterSets() throws {
        // deep12.heic: a 32×16 grid of one 64×64 12-bit tile (libheif 1.15's grid wrapping).
        let file = try bytes("deep12.heic")
        let locations = HEIFItemLocations(file)
        let parameters = try #require(locations.hevcConfigurations.first.flatMap { HEVCSequenceParameters(hvcC: $0) })
        #expect(parameters.width == 64 && parameters.height == 64 && parameters.bitDepth == 12 && parameters.chromaFormat == 1)
        #expect(parameters.pictureBytes == 64 * 64 * 3 / 2 * 2)
        try HEVCDecoderMemory.check(file, limits: .default)
        // A parameter set asking for 30000×30000 pictures, written bit by bit: 8 bits, 4:2:0, a
        // conformance window cutting 2 (chroma units) on the right.
        var bits = ""
        bits += "0000" + "000" + "1" + String(repeating: "0", count: 96)  // VPS id, sub-layers, nesting, profile/tier/level
        bits += Self.expGolomb(0) + Self.expGolomb(1) + Self.expGolomb(30000) + Self.expGolomb(30000)
        bits += "1" + Self.expGolomb(0) + Self.expGolomb(2) + Self.expGolomb(0) + Self.expGolomb(0) + Self.expGolomb(0) + "1"
        var nal: [UInt8] = [0x42, 0x01]
        while bits.count % 8 != 0 { bits += "0" }
        var index = bits.startIndex
        while index < bits.endIndex {
            let next = bits.index(index, offsetBy: 8)
            nal.append(UInt8(bits[index..<next], radix: 2) ?? 0)
            index = next
        }
        let hvcC = [UInt8](repeating: 0, count: 22) + [1, 0x80 | 33, 0, 1, 0, UInt8(nal.count)] + nal
        let huge = try #require(HEVCSequenceParameters(hvcC: hvcC[...]))
        #expect(huge.codedWidth == 30000 && huge.width == 29996 && huge.height == 30000)
        let error = try #require(throws: LimitError.self) {
            try HEVCDecoderMemory.check(huge, place: "in the hvcC box at byte 9", pictures: 1, limits: .default)
        }
        guard case .decoderMemoryTooLarge(let kind, let size, _) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(kind.contains("declares 30000×30000 pictures") && size == 30000 * 30000 * 3 / 2 * 2, "\(kind)")
        // A 240×180 image, coded as a 240×184 HEVC picture cut by its conformance window.
        let thumbnailed = try bytes("with-thumbnail.heic")
        let sizes = HEIFItemLocations(thumbnailed).hevcConfigurations.compactMap { HEVCSequenceParameters(hvcC: $0) }.map { "\($0.width)×\($0.height)" }
        #expect(sizes.contains("240×180"), "\(sizes)")
    }

    /// `value` as HEVC's ue(v) bits.
    static func expGolomb(_ value: Int) -> String {
        let code = String(value + 1, radix: 2)
        return String(repeating: "0", count: code.count - 1) + code
    }

    @Test("the embedded thumbnail is read only when asked (heif-enc -t 48 made it)")
    func embeddedThumbnail() throws {
        let file = try bytes("with-thumbnail.heic")
        #expect(try HEIFDecoder().decode(file).width == 240)
        var decoder = HEIFDecoder()
        decoder.usesEmbeddedThumbnail = true
        let small = try decoder.decode(file)
        #expect(small.width == 48 && small.height == 36)
        // A file without one gives its image.
        #expect(try decoder.decode(bytes("orient6-irot.heic")).width == 40)
    }

    @Test("limits refuse before decoding; truncated and corrupt files are errors; 1,500 mutants decode or throw")
    func damaged() throws {
        let seed = try HEIFEncoder(codec: .avif, quality: 50, effort: 6).encode(JPEGTests.photo(width: 24, height: 16))
        #expect(throws: (any Error).self) { try HEIFDecoder(limits: ImageLimits(maxPixelCount: 100, maxDimension: 10)).decode(seed) }
        for cut in [16, 40, seed.count / 2, seed.count - 4] {
            #expect(throws: HEIFError.self) { try HEIFDecoder().decode(Array(seed.prefix(cut))) }
        }
        // Found by the heif fuzz target: the container declares 400×300 but the AV1 data decodes
        // to 392×300; it was returned at the coded size.
        let mismatch = try bytes("fuzz-size-mismatch.avif")
        let error = try #require(throws: HEIFError.self) { try HEIFDecoder().decode(mismatch) }
        #expect(error.description.contains("but the file declares 400×300"), "\(error)")
        // Found by the heif fuzz target in CI: a 40×20 grid whose tile is the grid itself made
        // libheif 1.15 start threads until none were left (std::system_error, abort).
        let loop = try bytes("fuzz-grid-loop.heic")
        let refused = try #require(throws: HEIFError.self) { try HEIFDecoder().decode(loop) }
        #expect(refused.description.contains("is made from itself") && refused.description.contains("byte 482"), "\(refused)")
        #expect(throws: HEIFError.self) { try HEIFDecoder().readInfo(loop) }
        // Found by the heif fuzz target later: the same loop with a reference box of size 0,
        // in an iref box running two bytes past its meta (libheif reads both anyway).
        let sizeZero = try bytes("fuzz-iref-size0.heic")
        let refusedToo = try #require(throws: HEIFError.self) { try HEIFDecoder().decode(sizeZero) }
        #expect(refusedToo.description.contains("is made from itself"), "\(refusedToo)")
        var generator = SeededGenerator(state: 29)
        for _ in 0..<1500 {
            var mutant = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutant[Int.random(in: 16..<mutant.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? HEIFDecoder(limits: ImageLimits(maxPixelCount: 1 << 22, maxDimension: 4096)).decode(mutant)
        }
    }

    @Test("item references that loop or nest too deep are refused before libheif follows them; others pass")
    func references() throws {
        /// A file of just `meta` { `iref` version 0 { one `dimg` per pair } }.
        func file(_ pairs: [(UInt16, UInt16)]) -> [UInt8] {
            var iref: [UInt8] = [0, 0, 0, 0]
            for (from, to) in pairs {
                iref.appendBigEndian(UInt32(14))
                iref += Array("dimg".utf8)
                iref.appendBigEndian(from)
                iref.appendBigEndian(UInt16(1))
                iref.appendBigEndian(to)
            }
            var meta: [UInt8] = [0, 0, 0, 0]
            meta.appendBigEndian(UInt32(iref.count + 8))
            meta += Array("iref".utf8) + iref
            var bytes: [UInt8] = []
            bytes.appendBigEndian(UInt32(meta.count + 8))
            bytes += Array("meta".utf8) + meta
            return bytes
        }
        #expect(throws: HEIFError.self) { try HEIFItemReferences(file([(1, 2), (2, 3), (3, 1)])).checkAcyclic() }
        #expect(throws: HEIFError.self) { try HEIFItemReferences(file([(5, 5)])).checkAcyclic() }
        #expect(throws: HEIFError.self) { try HEIFItemReferences(file((1...9).map { ($0, $0 + 1) })).checkAcyclic() }
        // A grid of four tiles sharing one more, and a diamond: no loop.
        try HEIFItemReferences(file([(1, 2), (1, 3), (1, 4), (1, 5), (2, 6), (3, 6)])).checkAcyclic()
        // Reference boxes are read as libheif reads them: sizes 0 and 1 (a 64-bit size follows)
        // do not hide a loop, nor does an iref longer than its meta.
        var zero = file([(7, 7)])
        zero.replaceSubrange(24..<28, with: [0, 0, 0, 0])
        #expect(throws: HEIFError.self) { try HEIFItemReferences(zero).checkAcyclic() }
        var large = file([(7, 7)])
        large.replaceSubrange(24..<28, with: [0, 0, 0, 1])
        large.insert(contentsOf: [0, 0, 0, 0, 0, 0, 0, 22], at: 32)
        large.replaceSubrange(0..<4, with: [0, 0, 0, UInt8(large.count)])
        large.replaceSubrange(12..<16, with: [0, 0, 0, UInt8(large.count - 8)])
        #expect(throws: HEIFError.self) { try HEIFItemReferences(large).checkAcyclic() }
        var overlong = file([(7, 7)])
        overlong.replaceSubrange(12..<16, with: [0, 0, 0, UInt8(overlong.count)])
        #expect(throws: HEIFError.self) { try HEIFItemReferences(overlong).checkAcyclic() }
        // Truncated or absurd boxes are left to libheif.
        let whole = file([(1, 1)])
        for cut in 0..<whole.count { try? HEIFItemReferences(Array(whole.prefix(cut))).checkAcyclic() }
        try HEIFItemReferences([0, 0, 0, 1, 0x6D, 0x65, 0x74, 0x61, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]).checkAcyclic()
        try HEIFItemReferences(try bytes("with-thumbnail.heic")).checkAcyclic()
    }
}
