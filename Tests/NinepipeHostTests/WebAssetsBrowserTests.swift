import Foundation
import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// The `assets web` CSS laid out by a real browser. Headless Chromium renders a page
/// that uses the generated classes at several sizes (the minimum among them) at device scale
/// factors 1 and 2; each element's laid-out size must be the size asked, its padding the
/// nine-patch's, and its pixels those of Ninepipe's own `ninepatch` render of the file the
/// browser picked, at the same device-pixel size. Skips, saying so, without `chromium`.
///
/// Three assets: Android's real `btn_default_normal` at mdpi and xhdpi, whose xhdpi caps and padding
/// are not twice the mdpi ones (per-resolution slices), the same mdpi file alone, enlarged for 2x
/// (`--upscale`, so its densities agree and `image-set()` serves both), and the vector nine-patch
/// `Examples/vector/button.9.svg`, drawn at 1x and 2x.
@Suite("assets web in Chromium")
struct WebAssetsBrowserTests {
    static let frameworkRes = Repository.root.appendingPathComponent("Tests")
        .appendingPathComponent("NinepipeCoreTests/Fixtures/framework-res").path

    /// Each element's requested size in CSS pixels; `nil` leaves width and height unset, so the
    /// element is as small as the CSS lets it be.
    static let sizes: [(width: Int, height: Int)?] = [nil, (200, 48), (77, 33), (120, 90), (31, 60)]

    /// What the page reports for one element.
    struct Measured: Decodable {
        var id: String, x: Double, y: Double, w: Double, h: Double
        var pt: String, pr: String, pb: String, pl: String
        var src: String
    }

    /// A nine-patch file the generated CSS draws: its caps and padding in its own pixels.
    struct Drawn {
        var file: String
        var caps: NinePatchInsets
        var padding: NinePatchInsets
    }

    @Test("the generated CSS lays out at the asked size with the nine-patch padding, and draws what ninepatch renders, at DPR 1 and 2")
    func browser() throws {
        guard let chromium = try Requirement.tool("chromium", "chromium-browser") else {
            try Test.cancel("chromium not found (apt-get install chromium); the assets web browser test is skipped")
        }
        let dir = try TemporaryFolder.make("webcss")
        for density in ["mdpi", "xhdpi"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/res/drawable-\(density)", withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: Self.frameworkRes + "/btn_default_normal.9.png", toPath: dir + "/res/drawable-mdpi/btn_default_normal.9.png")
        try FileManager.default.copyItem(
            atPath: Self.frameworkRes + "/drawable-xhdpi/btn_default_normal.9.png", toPath: dir + "/res/drawable-xhdpi/btn_default_normal.9.png")
        try FileManager.default.createDirectory(atPath: dir + "/single/drawable-mdpi", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.frameworkRes + "/btn_default_normal.9.png", toPath: dir + "/single/drawable-mdpi/even.9.png")

        let split = try AssetHarness.run([dir + "/res"], target: .web, output: dir + "/web/")
        #expect(split.succeeded, "\(split.text)")
        #expect(
            split.text.contains(
                "btn_default_normal: the 2x file's slices 7, 9, 16, 10 (padding 13, 21, 23, 23) are not twice the 1x file's 4, 5, 8, 5 (padding 7, 11, 11, 11)"),
            "\(split.text)")
        let even = try AssetHarness.run([dir + "/single"], target: .web, output: dir + "/web/") { $0.upscale = true }
        #expect(even.succeeded && !even.text.contains("not twice"), "\(even.text)")
        let vector = Repository.root
            .appendingPathComponent("Examples/vector/button.9.svg").path
        let drawnFromVector = try ImageCodecRegistry.builtIn.reads(.svg) && AssetHarness.run([vector], target: .web, output: dir + "/web/").succeeded
        _ = try Requirement.found(ImageCodecRegistry.builtIn.reads(.svg) ? true : nil, "an SVG reader (librsvg)")
        let splitCSS = try String(contentsOfFile: dir + "/web/btn_default_normal.css", encoding: .utf8)
        #expect(splitCSS.contains("box-sizing: border-box;") && splitCSS.contains("@media (-webkit-min-device-pixel-ratio: 1.5), (min-resolution: 1.5dppx)"))
        #expect(!splitCSS.contains("image-set"), "one slice list cannot serve both files: \(splitCSS)")
        let evenCSS = try String(contentsOfFile: dir + "/web/even.css", encoding: .utf8)
        #expect(evenCSS.contains("image-set(") && !evenCSS.contains("@media"), "\(evenCSS)")

        // The files each class draws at each scale, read back from what was written.
        let mdpi = Drawn(
            file: "btn_default_normal.png", caps: NinePatchInsets(top: 4, left: 5, bottom: 8, right: 5),
            padding: NinePatchInsets(top: 7, left: 11, bottom: 11, right: 11))
        let xhdpi = Drawn(
            file: "btn_default_normal@2x.png", caps: NinePatchInsets(top: 7, left: 9, bottom: 16, right: 10),
            padding: NinePatchInsets(top: 13, left: 21, bottom: 23, right: 23))
        let evenTwo = Drawn(
            file: "even@2x.png", caps: NinePatchInsets(top: 8, left: 10, bottom: 16, right: 10),
            padding: NinePatchInsets(top: 14, left: 22, bottom: 22, right: 22))
        var assets: [(name: String, drawn: [Int: Drawn])] = [
            ("btn_default_normal", [1: mdpi, 2: xhdpi]),
            ("even", [1: Drawn(file: "even.png", caps: mdpi.caps, padding: mdpi.padding), 2: evenTwo]),
        ]
        if drawnFromVector {
            // Regions 12…36 × 12…20 and content 8…40 × 6…26 of a 48×32 document.
            assets.append(
                (
                    "button",
                    [
                        1: Drawn(
                            file: "button.png", caps: NinePatchInsets(top: 12, left: 12, bottom: 12, right: 12),
                            padding: NinePatchInsets(top: 6, left: 8, bottom: 6, right: 8)),
                        2: Drawn(
                            file: "button@2x.png", caps: NinePatchInsets(top: 24, left: 24, bottom: 24, right: 24),
                            padding: NinePatchInsets(top: 12, left: 16, bottom: 12, right: 16)),
                    ]
                ))
        }

        // The page: every class at every size, absolutely placed on black.
        var body = ""
        var y = 8
        for asset in assets {
            var x = 8
            for (index, size) in Self.sizes.enumerated() {
                let style = size.map { "width:\($0.width)px;height:\($0.height)px;" } ?? ""
                body += "<div id=\"\(asset.name)-\(index)\" class=\"e \(asset.name)\" style=\"left:\(x)px;top:\(y)px;\(style)\"></div>\n"
                x += (size?.width ?? 40) + 8
            }
            y += 100
        }
        let script = """
            const out = [];
            for (const e of document.querySelectorAll('.e')) {
              const r = e.getBoundingClientRect(), s = getComputedStyle(e);
              out.push({id: e.id, x: r.left, y: r.top, w: r.width, h: r.height, pt: s.paddingTop, pr: s.paddingRight,
                        pb: s.paddingBottom, pl: s.paddingLeft, src: s.borderImageSource});
            }
            document.title = JSON.stringify(out);
            """
        let links = assets.map { "<link rel=\"stylesheet\" href=\"web/\($0.name).css\">" }.joined()
        let page =
            "<!doctype html><html><head>\(links)<style>html,body{margin:0;background:#000}.e{position:absolute}</style></head><body>\n\(body)<script>\(script)</script></body></html>"
        try page.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)

        var report: [String] = []
        for scale in [1, 2] {
            let arguments = [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=\(scale)",
                "--window-size=700,340",
            ]
            let dom = try ChildProcess.output(of: chromium, arguments + ["--dump-dom", "file://\(dir)/page.html"])
            let title = try #require(
                dom.range(of: "<title>").flatMap { start in dom.range(of: "</title>").map { String(dom[start.upperBound..<$0.lowerBound]) } },
                "no measurements in the page: \(dom.prefix(300))")
            let measured = try JSONDecoder().decode([Measured].self, from: Data(HTMLText.unescaped(title).utf8))
            _ = try ChildProcess.output(of: chromium, arguments + ["--screenshot=\(dir)/shot\(scale).png", "file://\(dir)/page.html"])
            let shot = try ImageCodecRegistry.builtIn.decode(try FileIO.read("\(dir)/shot\(scale).png")).converted(to: .rgba).converted(to: .eight)
            #expect(shot.width == 700 * scale, "screenshot \(shot.width) wide at DPR \(scale)")

            for asset in assets {
                let drawn = try #require(asset.drawn[scale])
                // The media query's file by name; an image-set's choice shows in the pixels below.
                let source = measured.first { $0.id.hasPrefix(asset.name + "-") }?.src ?? ""
                #expect(
                    source.hasSuffix("/web/\(drawn.file)\")") || (source.hasPrefix("image-set(") && source.contains("/web/\(drawn.file)\")")),
                    "DPR \(scale): \(asset.name) drew \(source)")
                for (index, size) in Self.sizes.enumerated() {
                    let element = try #require(measured.first { $0.id == "\(asset.name)-\(index)" })
                    let d = Double(scale)
                    let c = drawn.caps
                    let p = drawn.padding
                    // Asked size, or the minimum: the larger of the fixed caps and the padding.
                    let expectedWidth = size.map { Double($0.width) } ?? Double(max(Int(c.left) + Int(c.right), Int(p.left) + Int(p.right))) / d
                    let expectedHeight = size.map { Double($0.height) } ?? Double(max(Int(c.top) + Int(c.bottom), Int(p.top) + Int(p.bottom))) / d
                    #expect(
                        element.w == expectedWidth && element.h == expectedHeight,
                        "DPR \(scale) \(element.id): laid out \(element.w)×\(element.h), asked \(expectedWidth)×\(expectedHeight)")
                    let padding = [p.top, p.right, p.bottom, p.left].map { WebAssetsBrowserTests.css(Double($0) / d) }
                    #expect(
                        [element.pt, element.pr, element.pb, element.pl] == padding,
                        "DPR \(scale) \(element.id): padding \([element.pt, element.pr, element.pb, element.pl]) ≠ \(padding)")

                    // Pixels: the element's device pixels against ninepatch's render of the same file.
                    let width = Int((element.w * d).rounded())
                    let height = Int((element.h * d).rounded())
                    let source = try ImageCodecRegistry.builtIn.decode(try FileIO.read(dir + "/web/" + drawn.file))
                    let stretch = Transforms.NinePatch(width: width, height: height, insets: c)
                    let ours = try stretch.apply(to: source, context: TransformContext()).converted(to: .rgba).converted(to: .eight)
                    let (mean, p99) = Self.difference(ours, overBlackAgainst: shot, x: Int((element.x * d).rounded()), y: Int((element.y * d).rounded()))
                    report.append("DPR \(scale) \(element.id) \(width)×\(height): mean \(String(format: "%.3f", mean)), p99 \(p99)")
                    // Chromium 156 and ninepatch both stretch bilinearly; measured: mean ≤ 0.3, p99 ≤ 2.
                    #expect(mean <= 0.5 && p99 <= 4, "DPR \(scale) \(element.id): mean difference \(mean), 99th percentile \(p99)")
                }
            }
        }
        print("assets web in Chromium:\n" + report.joined(separator: "\n"))
    }

    /// `value` CSS pixels as `getComputedStyle` prints them: `7px`, `6.5px`.
    static func css(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))px" : "\(value)px"
    }

    /// Mean and 99th-percentile absolute difference per RGB sample between `image` drawn over
    /// black and the `screenshot` region at (`x`, `y`).
    static func difference(_ image: Image, overBlackAgainst screenshot: Image, x: Int, y: Int) -> (Double, Int) {
        guard case .eight(let ours) = image.storage, case .eight(let theirs) = screenshot.storage else { return (255, 255) }
        var differences: [Int] = []
        for row in 0..<image.height where y + row < screenshot.height {
            for column in 0..<image.width where x + column < screenshot.width {
                let o = (row * image.width + column) * 4
                let t = ((y + row) * screenshot.width + x + column) * 4
                let alpha = Int(ours[o + 3])
                for channel in 0..<3 {
                    let composed = (Int(ours[o + channel]) * alpha + 127) / 255
                    differences.append(abs(composed - Int(theirs[t + channel])))
                }
            }
        }
        guard !differences.isEmpty else { return (255, 255) }
        let sorted = differences.sorted()
        return (Double(differences.reduce(0, +)) / Double(differences.count), sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
    }
}
