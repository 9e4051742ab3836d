import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// Vector nine-patches: regions declared by `ninepatch-` ids, guides computed at each
/// density (rounded outward), the frame read back as aapt reads a `.9.png`.
@Suite(
    "Vector nine-patches", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: a build without it, or librsvg2-2 not installed")
)
struct SVGNinePatchTests {
    static let example = Repository.root
        .appendingPathComponent("Examples/vector/button.9.svg")

    func draw(_ bytes: [UInt8], scale: Double, warn: (String) -> Void = { _ in }) throws -> Image {
        var options = DecodeOptions()
        options.rendering = VectorRendering(scale: scale)
        return try ImageCodecRegistry.builtIn.decode(bytes, options: options, warn: warn)
    }

    /// The Android densities, ldpi to xxxhdpi.
    static let scales = [0.75, 1, 1.5, 2, 3, 4]

    @Test("the example's regions at every density: stretch and content rounded outward, guides hidden from the pixels")
    func example() throws {
        let bytes = try TestFiles.bytes(Self.example)
        for scale in Self.scales {
            let image = try draw(bytes, scale: scale)
            #expect(image.width == Int((48 * scale).rounded(.up)) && image.height == Int((32 * scale).rounded(.up)))
            let chunk = try #require(image.metadata.ninePatch?.chunk, "no nine-patch at \(scale)x")
            let outward = { (edge: Double, up: Bool) in Int32(up ? (edge * scale).rounded(.up) : (edge * scale).rounded(.down)) }
            #expect(chunk.xDivs == [outward(12, false), outward(36, true)], "\(scale)x: \(chunk.xDivs)")
            #expect(chunk.yDivs == [outward(12, false), outward(20, true)], "\(scale)x: \(chunk.yDivs)")
            let padding = NinePatchInsets(
                top: outward(6, false), left: outward(8, false), bottom: Int32(image.height) - outward(26, true),
                right: Int32(image.width) - outward(40, true))
            #expect(chunk.padding == padding, "\(scale)x")
            // The guides' magenta and green never reach the pixels.
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let (red, green, blue) = (image.sample(x: x, y: y, channel: 0), image.sample(x: x, y: y, channel: 1), image.sample(x: x, y: y, channel: 2))
                    #expect(!(red > 200 && blue > 200 && green < 100) && !(green > 200 && red < 100 && blue < 100), "guide colour at \(x),\(y), \(scale)x")
                }
            }
        }
    }

    @Test("the frame drawn for every density is sharp: each frame pixel opaque black or clear")
    func sharpFrames() throws {
        let bytes = try TestFiles.bytes(Self.example)
        for scale in Self.scales {
            let image = try draw(bytes, scale: scale)
            let framed = try #require(NinePatchFrame.framed(image))
            for y in 0..<framed.height {
                for x in 0..<framed.width where x == 0 || y == 0 || x == framed.width - 1 || y == framed.height - 1 {
                    let pixel = (0..<4).map { framed.sample(x: x, y: y, channel: $0) }
                    #expect(pixel == [0, 0, 0, 255] || pixel[3] == 0, "frame pixel \(x),\(y) at \(scale)x is \(pixel)")
                }
            }
            // Read back, the frame gives the same chunk (cell colours included).
            #expect(try NinePatchFrame.parse(framed).metadata.ninePatch?.chunk == image.metadata.ninePatch?.chunk)
        }
    }

    @Test("several stretch runs per axis, optical bounds, transforms and a hidden layer; aapt's default content")
    func regions() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
              <rect width="40" height="20" fill="#808080"/>
              <g id="ninepatch-layer" style="display:none" transform="translate(2,0)">
                <rect id="ninepatch-stretch-x" x="3" y="0" width="5" height="1"/>
                <rect id="ninepatch-stretch-x-2" x="20" y="0" width="4.5" height="1"/>
                <rect id="ninepatch-stretch-y" x="0" y="7.25" width="1" height="5"/>
                <rect id="ninepatch-optical" x="0" y="1" width="36" height="18"/>
              </g>
            </svg>
            """
        let image = try draw(Array(svg.utf8), scale: 1)
        let info = try #require(image.metadata.ninePatch)
        #expect(info.chunk?.xDivs == [5, 10, 22, 27])
        #expect(info.chunk?.yDivs == [7, 13])
        // No content box: aapt's default, the first stretch run on each axis.
        #expect(info.chunk?.padding == NinePatchInsets(top: 7, left: 5, bottom: 7, right: 30))
        #expect(info.layoutBounds?.insets == NinePatchInsets(top: 1, left: 2, bottom: 1, right: 2))
        // The grey fills the whole drawing: the hidden layer left nothing behind.
        #expect((0..<4).map { image.sample(x: 6, y: 0, channel: $0) } == [128, 128, 128, 255])
    }

    @Test("regions without a stretch region, or outside the drawing, are refused with a message")
    func refused() {
        let noStretch = #"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect id="ninepatch-content" width="5" height="5"/></svg>"#
        #expect(throws: SVGError.invalidNinePatch("it names ninepatch- regions but no ninepatch-stretch region: nothing would stretch")) {
            try draw(Array(noStretch.utf8), scale: 1)
        }
        let outside = #"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect id="ninepatch-stretch-x" x="20" width="5" height="5"/></svg>"#
        #expect(throws: SVGError.invalidNinePatch("ninepatch-stretch-x has no width inside the drawing")) { try draw(Array(outside.utf8), scale: 1) }
    }

    @Test("guide ids are whole id attributes; the style sheet goes first inside the root element, after comments")
    func scanning() {
        let text =
            #"<!-- <svg nope> --><svg xmlns="http://www.w3.org/2000/svg" data-x='a>b'><g grid="ninepatch-stretch"/><rect id='ninepatch-stretch-y'/><rect xml:id="ninepatch-content"/><rect id="ninepatch-guides"/></svg>"#
        #expect(SVGNinePatch.guideIDs(in: Array(text.utf8)) == ["ninepatch-stretch-y"])
        let styled = String(decoding: SVGNinePatch.hidingGuides(Array(text.utf8)) ?? [], as: UTF8.self)
        #expect(styled.hasPrefix(#"<!-- <svg nope> --><svg xmlns="http://www.w3.org/2000/svg" data-x='a>b'><style>"#), "\(styled)")
        #expect(SVGNinePatch.hidingGuides(Array(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)) == nil)
        #expect(SVGNinePatch.merged([3..<5, 0..<2, 4..<9, 9..<10]) == [0, 2, 3, 10])
    }
}
