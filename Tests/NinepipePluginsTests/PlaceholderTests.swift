import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipePlugins

/// BlurHash strings equal to the reference encoder's, the dominant colour, and the
/// placeholder computed from a small copy.
@Suite("placeholders")
struct PlaceholderTests {
    static let tests = Repository.root.appendingPathComponent("Tests")

    static func image(_ path: String) throws -> Image {
        try ImageCodecRegistry.builtIn.decode(try FileIO.read(tests.appendingPathComponent(path).path))
    }

    /// Expected strings from the `blurhash` package on PyPI (a port of woltapp's reference
    /// encoder) on each file decoded by Pillow and converted to RGB (alpha dropped):
    /// `blurhash.encode(numpy.array(Image.open(f).convert("RGB")), x, y)`.
    ///
    /// The first two are the published test images of Wolt's reference encoder, with the strings
    /// its own tests assert (see the fixtures' NOTICE).
    static let references: [(String, Int, Int, String)] = [
        ("NinepipeCoreTests/Fixtures/blurhash/pic2.png", 4, 3, "LlMF%n00%#MwS|WCWEM{R*bbWBbH"),
        ("NinepipeCoreTests/Fixtures/blurhash/pic2_bw.png", 4, 3, "LjIY5?00?bIUofWBWBM{WBofWBj["),
        ("NinepipeCoreTests/Fixtures/aapt-button.png", 4, 3, "LCK*e~.zf%=L]^r@f7smfiWVfjWV"),
        ("NinepipeCoreTests/Fixtures/aapt-button.png", 1, 1, "00K*e~"),
        ("NinepipeHostTests/Fixtures/metadata/gps.png", 4, 3, "LMHx8MW99WtlryD~xbt74,R%%4M|"),
        (
            "NinepipeHostTests/Fixtures/metadata/gps.png", 9, 9,
            "|MHx8MW99WtlNERj-rs*W=ryD~xbt7ofWBNFjFs;4,R%%4M|sq%3oNSxNXxvW.s:t8k8adflsqjat9NYxcsXR#S4RjRPt8$-W9ogWnR%ayxbxbWUt8W8sqxvn,V@k9ohjGs;WAogR%WBs=RiWAkCa{WDjbW,s;aiR$jFog"
        ),
        ("NinepipeCoreTests/Fixtures/progressive.jpg", 4, 3, "L,HZ1ljufQju|TjsfQjs$9jufQju"),
        ("NinepipeCoreTests/Fixtures/gray.jpg", 4, 3, "L,HetWj[fQj[~qj[fQj[%Mj[fQj["),
        ("NinepipeCoreTests/Fixtures/framework-res/btn_default_normal.9.png", 4, 3, "LsJb25t700ay-;j[M{ayIUayt7fQ"),
        ("NinepipeCoreTests/Fixtures/framework-res/btn_toggle_off_normal_holo_dark.9.png", 4, 3, "L13lHyt84Tofxuj[RjfQDhaetRay"),
        ("NinepipeCoreTests/Fixtures/framework-res/btn_toggle_off_normal_holo_dark.9.png", 2, 7, "t13lHyt8xuj[DhaeoffQDiaxRjayIAay"),
    ]

    @Test("BlurHash equals the reference encoder's string", arguments: references.indices)
    func blurHash(index: Int) throws {
        let (path, x, y, expected) = Self.references[index]
        #expect(BlurHash.encode(try Self.image(path), x: x, y: y) == expected, "\(path) \(x)×\(y)")
    }

    /// The placeholder's BlurHash is the reference encoders' string for the decoded file
    /// (it used to come from a box-shrunk 8-bit copy and differed). Expected strings made by
    /// `Scripts/compare-blurhash.py` with blurhash-python 1.2.2 (Wolt's C encoder) and blurhash
    /// 1.1.5 (the pure-Python port), both on Pillow 13.0.0's decode: the two agree on every row.
    /// The photos are real (see Fixtures/photos/NOTICE).
    static let fileReferences: [(String, Int, Int, String)] = [
        ("photos/rocket.jpg", 4, 3, "L97nd_%O9Zae0MRj-Tju#}jDNdj]"),
        ("photos/rocket.jpg", 1, 1, "007nd_"),
        (
            "photos/rocket.jpg", 9, 9,
            "|97nd_%O9Zae$wM|Ion$$~0MRj-TjuNdxZxaW=NI#}jDNdj]jcRla~oJofOHogs,WBkBs.aeWXWVr;WAR.ofjZWCfkoJoLW=ofs,WBbHoeaybHfjn~WCWXofjYf6j[afayWBoKoJafW;a}jsofj[kCa#a}j[n%oJayWBay"
        ),
        ("photos/retina.jpg", 4, 3, "LfLJyG$%5,R+fkj@a|a|1IR*NbbH"),
        ("photos/retina.jpg", 5, 2, "DYLJyG$%1cR*ADfkj@a|a|o1"),
        ("photos/chelsea.png", 4, 3, "L8HdT$v|u6sl9Z%MRP?Ho~xuxYR-"),
        ("photos/chelsea.png", 3, 4, "T8HdT$v|u69Z%MRPo~xuxYMxf5W="),
        ("photos/logo.png", 4, 3, "LiP$plFs%%kCC3oenPjG.A#WxwW;"),
        ("photos/logo.png", 5, 2, "DiP$plFs%%kCx^C3oenPjG#q"),
        ("progressive.jpg", 3, 4, "T,HZ1ljufQ|TjsfQ$9jufQwvfQfQ"),
    ]

    @Test("a file's placeholder BlurHash equals the reference encoders' string", arguments: fileReferences.indices)
    func fileBlurHash(index: Int) throws {
        let (file, x, y, expected) = Self.fileReferences[index]
        let bytes = try FileIO.read(Self.tests.appendingPathComponent("NinepipeCoreTests/Fixtures/" + file).path)
        #expect(try Placeholder(bytes: bytes, components: (x, y)).blurHash == expected, "\(file) \(x)×\(y)")
    }

    @Test("the approximate placeholder hashes a small copy: the same DC within a level, other characters may differ")
    func approximate() throws {
        let bytes = try FileIO.read(Self.tests.appendingPathComponent("NinepipeCoreTests/Fixtures/photos/rocket.jpg").path)
        let exact = try Placeholder(bytes: bytes)
        let fast = try Placeholder(bytes: bytes, precision: .approximate)
        #expect(exact.blurHash == "L97nd_%O9Zae0MRj-Tju#}jDNdj]")
        #expect(fast.blurHash != exact.blurHash, "the approximate path should hash other pixels")
        #expect(fast.dominantColor == exact.dominantColor && fast.width == 640 && fast.height == 427)
        func dc(_ hash: String) -> [Int] {
            let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
            let value = hash.dropFirst(2).prefix(4).reduce(0) { $0 * 83 + (alphabet.firstIndex(of: $1) ?? 0) }
            return [value >> 16, value >> 8 & 255, value & 255]
        }
        #expect(zip(dc(fast.blurHash), dc(exact.blurHash)).allSatisfy { abs($0 - $1) <= 1 }, "\(fast.blurHash) vs \(exact.blurHash)")
    }

    @Test("base 83 and the transfer functions match the reference's")
    func pieces() {
        #expect(BlurHash.base83(0, length: 1) == "0" && BlurHash.base83(82, length: 1) == "~")
        #expect(BlurHash.base83(83 * 83 - 1, length: 2) == "~~" && BlurHash.base83(83, length: 2) == "10")
        #expect(BlurHash.linearToSRGB(BlurHash.srgbToLinear(200)) == 200 && BlurHash.linearToSRGB(2) == 255 && BlurHash.linearToSRGB(-1) == 0)
    }

    @Test("the dominant colour is the average of the fullest 16-level bin; transparent pixels do not count")
    func dominant() {
        // 60% near-teal (two shades in one bin), 40% red; a transparent corner of blue.
        let image = TestImages.make(10, 10, layout: .rgba) { x, y in
            if x < 2 && y < 2 { return [0, 0, 255, 0] }
            return x < 6 ? [20, 130 + (y % 2) * 2, 140, 255] : [250, 10, 10, 255]
        }
        #expect(DominantColor.of(image) == Color(red: 20, green: 131, blue: 140))
        #expect(DominantColor.of(Image(width: 2, height: 1, layout: .rgba, depth: .eight, fill: [9, 9, 9, 0])) == nil)
    }

    @Test(
        "a HEIC's placeholder comes from its embedded thumbnail when that is at least 128 long (heif-enc -t 200), else from the image",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.readableFormats.contains(.heic))))
    func placeholderFromThumbnail() throws {
        let bytes = try FileIO.read(Self.tests.appendingPathComponent("NinepipeCoreTests/Fixtures/heif/with-large-thumbnail.heic").path)
        var options = DecodeOptions()
        options.usesEmbeddedThumbnail = true
        let thumbnail = try ImageCodecRegistry.builtIn.decode(bytes, options: options)
        #expect(thumbnail.width == 200 && thumbnail.height == 124)
        let fromThumbnail = try Placeholder(image: thumbnail)
        let fromImage = try Placeholder(image: ImageCodecRegistry.builtIn.decode(bytes))
        // The two sources give different hashes here, so the check below tells which was used.
        #expect(fromThumbnail.blurHash != fromImage.blurHash)
        let placeholder = try Placeholder(bytes: bytes, precision: .approximate)
        let approximateThumbnail = try Placeholder(image: thumbnail, precision: .approximate)
        #expect(placeholder.blurHash == approximateThumbnail.blurHash && placeholder.dominantColor == fromThumbnail.dominantColor)
        #expect(placeholder.width == 400 && placeholder.height == 250)
        // The exact placeholder hashes the image itself, never the thumbnail.
        #expect(try Placeholder(bytes: bytes).blurHash == fromImage.blurHash)
        // A 48×36 thumbnail is too small: the image itself is used.
        let small = try FileIO.read(Self.tests.appendingPathComponent("NinepipeCoreTests/Fixtures/heif/with-thumbnail.heic").path)
        #expect(
            try Placeholder(bytes: small, precision: .approximate).blurHash
                == Placeholder(image: ImageCodecRegistry.builtIn.decode(small), precision: .approximate).blurHash)
    }

    @Test("an approximate placeholder comes from a small copy: a JPEG decodes at a DCT scale; the size is the upright one")
    func placeholder() throws {
        let photo = JPEGFixture.photo(width: 1200, height: 800)
        let bytes = try JPEGEncoder(quality: 90).encode(photo)
        let placeholder = try Placeholder(bytes: bytes, precision: .approximate)
        #expect(placeholder.width == 1200 && placeholder.height == 800 && placeholder.blurHash.count == 28)
        // The same as computing on the full decode, within what the smaller copy changes: the same
        // component count and average colour (the largest AC value, the second character, may differ).
        let full = try Placeholder(image: try ImageCodecRegistry.builtIn.decode(bytes))
        #expect(try Placeholder(bytes: bytes).blurHash == full.blurHash)
        #expect(full.blurHash.prefix(1) == placeholder.blurHash.prefix(1), "\(full.blurHash) vs \(placeholder.blurHash)")
        #expect(full.blurHash.dropFirst(2).prefix(4) == placeholder.blurHash.dropFirst(2).prefix(4), "\(full.blurHash) vs \(placeholder.blurHash)")
        #expect(throws: (any Error).self) { try Placeholder(bytes: [1, 2, 3]) }
    }
}

/// A smooth photo-like RGB image (gradients and a disc) for placeholder tests.
enum JPEGFixture {
    static func photo(width: Int, height: Int) -> Image {
        TestImages.make(width, height, layout: .rgb) { x, y in
            let dx = Double(x - width / 3)
            let dy = Double(y - height / 2)
            let disc = dx * dx + dy * dy < Double(height * height) / 16
            return disc ? [230, 190, 40] : [x * 255 / width, 90, y * 255 / height]
        }
    }
}
