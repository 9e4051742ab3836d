import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore

/// SVG drawn through librsvg, compared with `rsvg-convert` (the same library: this
/// checks our sizes, scales and premultiplication), and documents that must be refused or
/// bounded. Skipped, saying so, without SVG (a build without it, or no librsvg2-2); the comparisons skip without
/// `rsvg-convert` (librsvg2-bin).
@Suite("SVG", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: a build without it, or librsvg2-2 not installed"))
struct SVGTests {
    static let fixtures = JPEGTests.fixtures.appendingPathComponent("svg")
    static let rsvgConvert = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    /// The real Inkscape exports (Tango, public domain) and the basic shapes.
    static let documents = ["basic-shapes.svg", "tango-go-next.svg", "tango-software-update-available.svg", "tango-accessories-character-map.svg"]

    func fixture(_ name: String) throws -> [UInt8] { try TestFiles.bytes(Self.fixtures.appendingPathComponent(name)) }

    /// `rsvg-convert ARGUMENTS` on the fixture `name`, decoded; without it, the test is cancelled
    /// (a skip the runner reports).
    static func reference(_ name: String, _ arguments: [String]) throws -> Image? {
        guard let tool = try Requirement.found(rsvgConvert, "rsvg-convert") else {
            try Test.cancel("rsvg-convert not found (apt-get install librsvg2-bin); SVG drawings not compared with it")
        }
        let output = try TemporaryFolder.make("svg") + "/reference.png"
        _ = try ChildProcess.output(of: tool, arguments + ["-o", output, fixtures.appendingPathComponent(name).path])
        return try ImageCodecRegistry.builtIn.decode(TestFiles.bytes(URL(fileURLWithPath: output)))
    }

    /// The largest difference between two RGBA images, premultiplied (the colour of a
    /// see-through pixel says nothing), in 8-bit levels; `Int.max` when the sizes differ.
    static func difference(_ a: Image, _ b: Image) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        let (x, y) = (a.premultiplied(), b.premultiplied())
        var worst = 0
        for row in 0..<a.height {
            for column in 0..<a.width {
                for channel in 0..<4 {
                    worst = max(worst, abs(x.sample(x: column, y: row, channel: channel) - y.sample(x: column, y: row, channel: channel)))
                }
            }
        }
        return worst
    }

    /// A 30000×30000 PNG header (its data need not be there: the header is what is checked).
    static let hugePNGHeader: [UInt8] = {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = body.withUnsafeBytes { Zlib.crc32($0) }
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: data.count >> $0) } + body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 0, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0]) + chunk("IEND", [])
    }()

    func draw(_ bytes: [UInt8], _ rendering: VectorRendering = .intrinsic, limits: ImageLimits = .default) throws -> Image {
        var options = DecodeOptions(limits: limits)
        options.rendering = rendering
        return try ImageCodecRegistry.builtIn.decode(bytes, options: options)
    }

    @Test("drawings at 1x, 2x and 3x equal rsvg-convert's within 1 level", arguments: documents)
    func equalsReference(name: String) throws {
        for scale in [1, 2, 3] {
            let ours = try draw(fixture(name), VectorRendering(scale: Double(scale)))
            #expect(ours.layout == .rgba && ours.alphaMode == .premultiplied)
            guard let reference = try Self.reference(name, ["-z", "\(scale)"]) else { return }
            #expect(Self.difference(ours, reference) <= 1, "\(name) at \(scale)x: \(ours.width)×\(ours.height)")
        }
        // A width alone keeps the aspect ratio; both sides stretch, as rsvg-convert -w -h does.
        let wide = try draw(fixture(name), VectorRendering(width: 100))
        if let reference = try Self.reference(name, ["-w", "100"]) { #expect(Self.difference(wide, reference) <= 1, "\(name) -w 100") }
        let stretched = try draw(fixture(name), VectorRendering(width: 90, height: 30))
        #expect(stretched.width == 90 && stretched.height == 30)
        if let reference = try Self.reference(name, ["-w", "90", "-h", "30"]) {
            #expect(Self.difference(stretched, reference) <= 1, "\(name) -w 90 -h 30")
        }
    }

    @Test("the basic shapes land where they are drawn, at every scale, premultiplied")
    func basicShapes() throws {
        let bytes = try fixture("basic-shapes.svg")
        #expect(try ImageCodecRegistry.builtIn.info(bytes).width == 60 && ImageCodecRegistry.builtIn.info(bytes).height == 40)
        for scale in [1, 2, 3] {
            let image = try draw(bytes, VectorRendering(scale: Double(scale)))
            #expect(image.width == 60 * scale && image.height == 40 * scale)
            // viewBox 120×80 in 60×40: half a unit a CSS pixel. The half-opaque red rectangle
            // (4…36, 4…28) premultiplied: 128 of 255 red, alpha 128.
            let inside = (9 * scale, 8 * scale)
            #expect((0..<4).map { image.sample(x: inside.0, y: inside.1, channel: $0) } == [128, 0, 0, 128], "scale \(scale)")
            // The yellow circle's centre (100, 16) is opaque; the corner outside every shape is clear.
            #expect((0..<4).map { image.sample(x: 50 * scale, y: 8 * scale, channel: $0) } == [255, 204, 0, 255])
            #expect((0..<4).map { image.sample(x: 59 * scale, y: 39 * scale, channel: $0) } == [0, 0, 0, 0])
            // The gradient's left end is opaque blue, its right end almost clear.
            #expect(image.sample(x: 3 * scale, y: 26 * scale, channel: 2) > 200)
            #expect(image.sample(x: 17 * scale, y: 26 * scale, channel: 3) < 60)
        }
    }

    @Test("sizes: fractional sides round up without stretching, near-whole ones do not grow")
    func layout() {
        let own = VectorRendering.intrinsic.layout(documentWidth: 16, documentHeight: 16.007)
        #expect(own.width == 16 && own.height == 17 && own.scaleX == 1 && own.scaleY == 1)
        let nearly = VectorRendering(scale: 3).layout(documentWidth: 16.0000001, documentHeight: 10)
        #expect(nearly.width == 48 && nearly.height == 30)
        let wide = VectorRendering(width: 100).layout(documentWidth: 48, documentHeight: 30)
        #expect(wide.width == 100 && wide.height == 63 && wide.scaleX == wide.scaleY)
        let both = VectorRendering(width: 90, height: 30).layout(documentWidth: 48, documentHeight: 48)
        #expect(both.width == 90 && both.height == 30 && both.scaleX == 90.0 / 48 && both.scaleY == 30.0 / 48)
        let huge = VectorRendering(scale: 1e300).layout(documentWidth: 1e10, documentHeight: 1)
        #expect(huge.width == Int.max)
    }

    @Test("a document is recognized after a byte-order mark, white space, a comment or a DOCTYPE; others are not")
    func sniffing() {
        let codec = SVGCodec()
        for start in ["<svg xmlns=", "\u{FEFF}<?xml version", "\n  <svg", "<!-- made by hand --><svg", "<!DOCTYPE svg PUBLIC"] {
            #expect(codec.recognizes(Array(start.utf8)), "\(start)")
        }
        for start in ["<html>", "GIF89a", "svg", "{\"svg\": 1}"] { #expect(!codec.recognizes(Array(start.utf8)), "\(start)") }
    }

    @Test("a document with no size of its own needs one from load; a viewBox alone gives one")
    func sizes() throws {
        let sizeless = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>"#.utf8)
        #expect(throws: SVGError.noSize) { try ImageCodecRegistry.builtIn.info(sizeless) }
        #expect(throws: SVGError.noSize) { try draw(sizeless) }
        let drawn = try draw(sizeless, VectorRendering(width: 8, height: 6))
        #expect(drawn.width == 8 && drawn.height == 6 && drawn.sample(x: 2, y: 2, channel: 3) == 255)
        let boxed = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20"/>"#.utf8)
        #expect(try ImageCodecRegistry.builtIn.info(boxed).width == 30)
        let inches = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1in" height="0.5in"/>"#.utf8)
        #expect(try ImageCodecRegistry.builtIn.info(inches).width == 96 && ImageCodecRegistry.builtIn.info(inches).height == 48)
    }

    // MARK: - Documents that must be refused or bounded

    static let svgNamespace = #"xmlns="http://www.w3.org/2000/svg""#

    /// A document refused with `expected` (a piece of its message; any of them when there are
    /// several), not left to run: the refusal itself (a limit error) is the proof of the bound,
    /// the hang guard only catches a document that was never stopped.
    func refuses(_ text: String, _ expected: String..., limits: ImageLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        let start = ContinuousClock.now
        do {
            _ = try draw(Array(text.utf8), limits: limits)
            Issue.record("drawn, not refused (wanted: \(expected))", sourceLocation: sourceLocation)
        } catch {
            #expect(expected.contains { "\(error)".contains($0) }, "\(error)", sourceLocation: sourceLocation)
        }
        #expect(!HangGuard.hung(since: start), sourceLocation: sourceLocation)
    }

    @Test("entities: billion laughs, external and parameter entities are refused; plain text entities expand")
    func entities() throws {
        let laughs =
            #"<!ENTITY lol "lol">"#
            + (1...9).map { level in "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : "\(level - 1)");", count: 10) + "\">" }.joined()
        refuses(
            #"<?xml version="1.0"?><!DOCTYPE svg [\#(laughs)]><svg \#(Self.svgNamespace) width="9" height="9"><text>&lol9;</text></svg>"#,
            "defined through other entities")
        refuses(
            #"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg \#(Self.svgNamespace) width="9" height="9"><text>&x;</text></svg>"#,
            "external (SYSTEM or PUBLIC)")
        refuses(#"<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://example.com/x.dtd"> %p;]><svg \#(Self.svgNamespace) width="9" height="9"/>"#, "entity %p")
        // Illustrator declares its namespaces as entities: plain text, expanded.
        let illustrator =
            #"<!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg"><!ENTITY nbsp "&#160;">]><svg xmlns="&ns_svg;" width="4" height="4"><rect width="4" height="4"/></svg>"#
        #expect(try draw(Array(illustrator.utf8)).sample(x: 1, y: 1, channel: 3) == 255)
    }

    @Test("huge sizes, deep nesting, too many elements, reuse bombs and slow filters are refused or stopped within 2 s")
    func bounded() {
        refuses(#"<svg \#(Self.svgNamespace) width="100000000" height="100000000"/>"#, "over the limit of 268435456 pixels")
        refuses(#"<svg \#(Self.svgNamespace) viewBox="0 0 1e9 1e9"/>"#, "over the limit")
        refuses(
            #"<svg \#(Self.svgNamespace) width="9" height="9">"# + String(repeating: "<g>", count: 50_000) + String(repeating: "</g>", count: 50_000)
                + "</svg>", "Excessive depth")
        refuses(
            #"<svg \#(Self.svgNamespace) width="9" height="9">"# + String(repeating: #"<rect width="1" height="1"/>"#, count: 260_000) + "</svg>",
            "more than 250000 elements")
        let uses =
            #"<g id="l0"><rect width="1" height="1"/></g>"#
            + (1...9).map { level in "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>" }.joined()
        // librsvg stops at 500,000 references in about 1.8 s; on a busy machine the time limit comes first.
        refuses(
            ##"<svg \##(Self.svgNamespace) width="9" height="9"><defs>\##(uses)</defs><use href="#l9"/></svg>"##, "referenced elements",
            "longer than the 2 s allowed")
        let blurs = (0..<20).map { "<feGaussianBlur stdDeviation=\"\(50 + $0)\"/>" }.joined()
        var oneSecond = ImageLimits.default
        oneSecond.maxRenderSeconds = 1
        refuses(
            #"<svg \#(Self.svgNamespace) width="8000" height="8000"><filter id="f">\#(blurs)</filter><rect width="8000" height="8000" filter="url(#f)"/></svg>"#,
            "longer than the 1 s allowed", limits: oneSecond)
        refuses(#"<svg \#(Self.svgNamespace) width="9" height="9"><rect width="9" h"#, "Premature end of data")
        // An XML document whose root is not <svg> is not taken for one.
        refuses(#"<?xml version="1.0"?><html><body/></html>"#, "not a PNG, JPEG")
        refuses(#"<!DOCTYPE svg><html><body/></html>"#, "does not have <svg> root")
    }

    @Test("embedded images: a PNG over the pixel limit, an unknown format, SVGs nested too deep are refused")
    func embedded() throws {
        let bomb = Data(Self.hugePNGHeader).base64EncodedString()
        refuses(#"<svg \#(Self.svgNamespace) width="9" height="9"><image width="9" height="9" href="data:image/png;base64,\#(bomb)"/></svg>"#, "30000×30000")
        let bitmap = Data([0x42, 0x4D] + [UInt8](repeating: 0, count: 60)).base64EncodedString()
        refuses(
            #"<svg \#(Self.svgNamespace) width="9" height="9"><image width="9" height="9" href="data:image/bmp;base64,\#(bitmap)"/></svg>"#, "cannot be checked"
        )
        var nested = #"<svg \#(Self.svgNamespace) width="9" height="9"/>"#
        for _ in 0..<5 {
            nested =
                #"<svg \#(Self.svgNamespace) width="9" height="9"><image width="9" height="9" href="data:image/svg+xml;base64,\#(Data(nested.utf8).base64EncodedString())"/></svg>"#
        }
        refuses(nested, "more than 3 levels deep")
        // A small embedded PNG is drawn.
        let red = try ImageCodecRegistry.builtIn.encode(
            Image(width: 2, height: 2, layout: .rgb, depth: .eight, fill: [255, 0, 0]), options: EncodeOptions(format: .png))
        let drawn = try draw(
            Array(
                #"<svg \#(Self.svgNamespace) width="4" height="4"><image width="4" height="4" href="data:image/png;base64,\#(Data(red).base64EncodedString())"/></svg>"#
                    .utf8))
        #expect((0..<4).map { drawn.sample(x: 1, y: 1, channel: $0) } == [255, 0, 0, 255])
    }

    @Test("references to files and URLs are never loaded: the image is missing from the drawing")
    func noOutsideReferences() throws {
        let folder = try TemporaryFolder.make("svg-refs")
        let png = try ImageCodecRegistry.builtIn.encode(
            Image(width: 4, height: 4, layout: .rgb, depth: .eight, fill: [0, 255, 0]), options: EncodeOptions(format: .png))
        try Data(png).write(to: URL(fileURLWithPath: folder + "/green.png"))
        for reference in ["file://\(folder)/green.png", "\(folder)/green.png", "green.png", "http://127.0.0.1:9/green.png"] {
            let text = #"<svg \#(Self.svgNamespace) width="4" height="4"><image width="4" height="4" href="\#(reference)"/></svg>"#
            let drawn = try draw(Array(text.utf8))
            #expect(drawn.sample(x: 1, y: 1, channel: 3) == 0, "\(reference) was loaded")
        }
    }
}

extension SVGTests {
    @Test("a drawing over its memory bound is refused with the bound named; the helper lives on")
    func memoryBound() throws {
        let offsets = (0..<40).map { "<feOffset dx=\"\($0 % 3)\" result=\"r\($0)\"/>" }.joined()
        let merge = "<feMerge>" + (0..<40).map { "<feMergeNode in=\"r\($0)\"/>" }.joined() + "</feMerge>"
        let text =
            #"<svg \#(Self.svgNamespace) width="2000" height="2000"><filter id="f" x="0" y="0" width="1" height="1">\#(offsets)\#(merge)</filter><rect width="2000" height="2000" fill="red" filter="url(#f)"/></svg>"#
        var small = ImageLimits(maxPixelCount: 4_000_000)
        small.maxRenderSeconds = 20
        // 40 kept filter results of 16 MB each, where 4 megapixels allow 8 × 4 MB + 64 MiB.
        refuses(text, "MiB allowed", limits: small)
        #expect(try draw(fixture("basic-shapes.svg")).width == 60)
    }
}

/// The SVG checks could be bypassed, and measuring had no memory cap.
extension SVGTests {
    @Test("XInclude is refused however its namespace is written: plain, with a character reference, through an entity")
    func inclusion() {
        let included = Data((#"<svg \#(Self.svgNamespace)>"# + String(repeating: #"<rect width="1" height="1"/>"#, count: 2000) + "</svg>").utf8)
        let include = #"<xi:include parse="xml" href="data:application/xml;base64,\#(included.base64EncodedString())"/>"#
        for namespace in ["http://www.w3.org/2001/XInclude", "http://www.w3.org/2001/&#88;Include", "http://www.w3.org/2001/&#x58;Include"] {
            refuses(#"<svg \#(Self.svgNamespace) xmlns:xi="\#(namespace)" width="9" height="9">\#(include)</svg>"#, "uses XInclude")
        }
        refuses(
            #"<!DOCTYPE svg [<!ENTITY xi "http://www.w3.org/2001/XInclude">]><svg \#(Self.svgNamespace) xmlns:xi="&xi;" width="9" height="9">\#(include)</svg>"#,
            "uses XInclude")
        refuses(
            #"<svg \#(Self.svgNamespace) width="9" height="9"><g xmlns="http://www.w3.org/2003/XInclude"><include href="data:,x"/></g></svg>"#,
            "uses XInclude")
    }

    @Test("entities written with character references, markup in entities and non-ASCII elements count as what libxml2 makes of them")
    func expandedChecks() throws {
        // &#38; is & once the declaration is read: a1 refers to a0.
        refuses(
            #"<!DOCTYPE svg [<!ENTITY a0 "lol"><!ENTITY a1 "&#38;a0;&#38;a0;">]><svg \#(Self.svgNamespace) width="9" height="9"><text>&a1;</text></svg>"#,
            "defined through other entities (written with character references)")
        refuses(
            #"<!DOCTYPE svg [<!ENTITY p "&#37;x;">]><svg \#(Self.svgNamespace) width="9" height="9"><text>&p;</text></svg>"#,
            "defined through other entities")
        // 1,000 rectangles in an entity, used 300 times: 300,000 elements.
        let rects = String(repeating: "<rect width='1' height='1'/>", count: 1000)
        refuses(
            #"<!DOCTYPE svg [<!ENTITY r "\#(rects)">]><svg \#(Self.svgNamespace) width="9" height="9">\#(String(repeating: "&r;", count: 300))</svg>"#,
            "more than 250000 elements")
        refuses(#"<svg \#(Self.svgNamespace) width="9" height="9">"# + String(repeating: "<é/>", count: 260_000) + "</svg>", "more than 250000 elements")
        // An entity used so often that the document would grow past 32 MiB.
        let kilobyte = String(repeating: "x", count: 1024)
        refuses(
            #"<!DOCTYPE svg [<!ENTITY k "\#(kilobyte)">]><svg \#(Self.svgNamespace) width="9" height="9"><text>\#(String(repeating: "&k;", count: 40_000))</text></svg>"#,
            "expand it past 33554432 bytes")
        // Plain text entities and character references still draw.
        let plain =
            ##"<!DOCTYPE svg [<!ENTITY red "#f00">]><svg \##(Self.svgNamespace) width="4" height="4"><rect width="4" height="4" fill="&red;"/><text>&#169;</text></svg>"##
        #expect(try draw(Array(plain.utf8)).sample(x: 1, y: 1, channel: 0) == 255)
    }

    @Test("a data: URL declaring another type is still checked when its bytes are an image or markup")
    func disguisedData() {
        let bomb = Data(Self.hugePNGHeader).base64EncodedString()
        refuses(
            #"<svg \#(Self.svgNamespace) width="9" height="9"><image width="9" height="9" href="data:application/octet-stream;base64,\#(bomb)"/></svg>"#,
            "30000×30000")
        let many = Data((#"<svg \#(Self.svgNamespace)>"# + String(repeating: "<g/>", count: 260_000) + "</svg>").utf8).base64EncodedString()
        refuses(
            #"<svg \#(Self.svgNamespace) width="9" height="9"><image width="9" height="9" href="data:text/plain;base64,\#(many)"/></svg>"#,
            "more than 250000 elements")
        // Two embedded SVGs of 150,000 elements each: 300,000 for librsvg to parse.
        let halfText = #"<svg \#(Self.svgNamespace) width="9" height="9">"# + String(repeating: "<g/>", count: 150_000) + "</svg>"
        let half = Data(halfText.utf8).base64EncodedString()
        let image = #"<image width="9" height="9" href="data:image/svg+xml;base64,\#(half)"/>"#
        refuses(#"<svg \#(Self.svgNamespace) width="9" height="9">\#(image)\#(image)</svg>"#, "more than 250000 elements")
    }

    @Test("measuring a document is bounded in memory too")
    func measuringIsBounded() throws {
        // 200,000 rectangles (within the element limit) take librsvg more than 71 MiB to parse.
        let text =
            #"<svg \#(Self.svgNamespace) width="10" height="10">"# + String(repeating: #"<rect width="1" height="1" fill="red"/>"#, count: 200_000)
            + "</svg>"
        var small = ImageLimits(maxPixelCount: 1_000_000)
        small.maxRenderSeconds = 20
        let error = try #require(throws: SVGError.self) { try ImageCodecRegistry.builtIn.info(Array(text.utf8), limits: small) }
        #expect("\(error)".contains("71 MiB allowed"), "\(error)")
        #expect(try ImageCodecRegistry.builtIn.info(fixture("basic-shapes.svg"), limits: small).width == 60)
    }
}

/// Helpers were forks of their caller, holding its memory (a `--set` value
/// was found three times in one) and its environment.
extension SVGTests {
    /// The helpers this process started: its children whose first argument is the helper marker.
    static func helperProcesses() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == me,
                let arguments = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return false }
            return arguments.split(separator: 0).dropFirst().first.map { String(decoding: $0, as: UTF8.self) } == "ninepipe-svg-helper:1"
        }
    }

    /// Whether `needle` occurs in the writable memory of process `pid`; `nil` when it cannot be read.
    static func memory(of pid: Int32, contains needle: [UInt8]) -> Bool? {
        guard let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8) else { return nil }
        let fd = open("/proc/\(pid)/mem", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var readAny = false
        // Every writable region, however large (a busy test process's heap passes 256 MiB), read
        // in 16 MiB pieces that overlap by the needle's length.
        let piece = 16 << 20
        var buffer = [UInt8](repeating: 0, count: piece + needle.count)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[1].hasPrefix("rw") else { continue }
            let range = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard range.count == 2, range[1] > range[0] else { continue }
            var start = range[0]
            while start < range[1] {
                let length = Int(min(UInt64(buffer.count), range[1] - start))
                let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(start)) }
                guard count > 0 else {
                    // A page that cannot be read (unmapped or changed while the search runs):
                    // the search goes on at the next one instead of leaving the region.
                    start += 4096
                    continue
                }
                readAny = true
                let region = buffer[0..<count]
                var index = region.startIndex
                while let found = region[index...].firstIndex(of: needle[0]) {
                    if region[found...].starts(with: needle) { return true }
                    index = found + 1
                }
                // A whole piece: the next one overlaps it by the needle's length. A short read
                // (a page that cannot be read follows): go on from where it stopped.
                start += UInt64(count == length ? piece : max(1, count - needle.count))
            }
        }
        return readAny ? false : nil
    }

    @Test("helpers are this program executed afresh: none of the caller's memory, an environment of their own")
    func helpersAreFresh() throws {
        let marker = "ninepipe-marker-\(UInt64.random(in: 1...UInt64.max))"
        setenv("NINEPIPE_TEST_MARKER", marker, 1)
        defer { unsetenv("NINEPIPE_TEST_MARKER") }
        let kept = (0..<3).map { _ in Array(marker.utf8) }
        #expect(try draw(fixture("basic-shapes.svg")).width == 60)
        let helpers = Self.helperProcesses()
        #expect(!helpers.isEmpty, "no helper process found")
        var checked = 0
        for pid in helpers {
            // A helper of a test running beside this one may exit between the listing and here.
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ").map({ String(decoding: $0, as: UTF8.self) }),
                let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
            else {
                #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "helper \(pid) is running but unreadable")
                continue
            }
            checked += 1
            #expect(environment == "PATH=/usr/bin:/bin\0LC_ALL=C.UTF-8\0SWIFT_BACKTRACE=enable=no\0", "\(environment)")
            #expect(executable == (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
            if let found = Self.memory(of: pid, contains: Array(marker.utf8)) {
                #expect(!found, "the caller's marker is in helper \(pid)'s memory")
            } else {
                Issue.record("helper \(pid)'s memory cannot be read (ptrace rules?): its memory was not searched")
            }
        }
        #expect(checked > 0, "every helper exited before it could be read")
        // The search finds the marker where it is: in this process. /proc/PID/maps is not read
        // atomically, and a busy process (the other tests) maps and unmaps while it is read, so
        // a region can be missing from one reading: the search is tried up to five times.
        #expect((0..<5).contains { _ in Self.memory(of: getpid(), contains: Array(marker.utf8)) == true })
        withExtendedLifetime(kept) {}
    }
}
