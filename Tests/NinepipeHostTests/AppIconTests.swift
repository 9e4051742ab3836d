import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// App icons (`assets PLATFORM --icons`). Trees shaped like the public apps' (an
/// adaptive icon the manifest names, with a vector foreground, a shape or colour background and a
/// monochrome layer, as Wikipedia's and Tusky's; bitmap layers in mipmaps, as AntennaPod's; a
/// legacy PNG icon) become AppIcon sets Xcode reads, web manifests Chromium reads and favicons
/// Pillow reads; one master image becomes Android mipmaps aapt packages, the foreground inside
/// the safe zone.
@Suite("app icons", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector layers are drawn by the SVG helpers"))
struct AppIconTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func write(_ text: String, _ path: String) throws { try TemporaryFolder.write(text, to: path) }

    func writePNG(_ image: Image, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: FileIO.parentDirectory(of: path), withIntermediateDirectories: true)
        try FileIO.writeAtomically(ImageCodecRegistry.builtIn.encode(image, options: EncodeOptions(format: .png)), to: path)
    }

    /// An adaptive icon as Wikipedia's: the manifest names `@mipmap/launcher`; a blue shape
    /// background, a white disc of radius 20 dp in the middle as a vector foreground, the same
    /// vector as monochrome layer. A red legacy `ic_launcher.png` is there to be passed over.
    func adaptiveTree() throws -> String {
        let folder = try TemporaryFolder.make("icons")
        try write(
            ##"<manifest \##(Self.android) package="org.example"><application android:icon="@mipmap/launcher" android:label="Example"/></manifest>"##,
            folder + "/main/AndroidManifest.xml")
        try write(
            ##"<adaptive-icon \##(Self.android)><background android:drawable="@drawable/launcher_background"/><foreground android:drawable="@drawable/launcher_foreground"/><monochrome android:drawable="@drawable/launcher_foreground"/></adaptive-icon>"##,
            folder + "/main/res/mipmap-anydpi-v26/launcher.xml")
        try write(
            ##"<shape \##(Self.android)><solid android:color="@color/brand"/></shape>"##, folder + "/main/res/drawable/launcher_background.xml")
        try write(
            ##"<vector \##(Self.android) android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFFFF" android:pathData="M34,54a20,20 0 1,0 40,0a20,20 0 1,0 -40,0z"/></vector>"##,
            folder + "/main/res/drawable/launcher_foreground.xml")
        try write(##"<resources><color name="brand">#FF2196F3</color></resources>"##, folder + "/main/res/values/colors.xml")
        try writePNG(
            Image.filled(width: 192, height: 192, layout: .rgba, depth: .eight, color: Color(red: 255, green: 0, blue: 0)),
            folder + "/main/res/mipmap-xxxhdpi/ic_launcher.png")
        return folder
    }

    func decode(_ path: String) throws -> Image { try ImageCodecRegistry.builtIn.decode(FileIO.read(path)) }

    /// The pixel at `x`, `y` as 8-bit straight RGBA, whatever the image's layout (read in place:
    /// converting a 1024 image for each pixel asked would be most of these tests' time).
    func rgba(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let scale = image.depth == .sixteen ? 257 : 1
        let values = (0..<image.layout.channelCount).map { image.sample(x: x, y: y, channel: $0) / scale }
        switch image.layout {
        case .gray: return [values[0], values[0], values[0], 255]
        case .grayAlpha: return [values[0], values[0], values[0], values[1]]
        case .rgb: return values + [255]
        case .rgba: return values
        }
    }

    @Test("Android → iOS: the manifest's adaptive icon becomes an AppIcon set Xcode reads: 1024, opaque, dark and tinted appearances")
    func iosFromAdaptiveIcon() throws {
        let folder = try adaptiveTree()
        _ = try AssetHarness.icon([folder + "/main/res"], target: .ios, output: folder + "/Assets.xcassets")
        let set = folder + "/Assets.xcassets/AppIcon.appiconset"
        let contents = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))) as? [String: Any])
        let images = try #require(contents["images"] as? [[String: Any]])
        #expect(images.count == 3)
        var appearances: [String] = []
        for image in images {
            #expect(image["idiom"] as? String == "universal" && image["platform"] as? String == "ios" && image["size"] as? String == "1024x1024")
            let file = try #require(image["filename"] as? String)
            #expect(FileIO.isRegularFile(set + "/" + file), "\(file)")
            let list = image["appearances"] as? [[String: String]] ?? []
            #expect(list.allSatisfy { $0["appearance"] == "luminosity" })
            appearances.append(list.first?["value"] ?? "any")
        }
        #expect(appearances == ["any", "dark", "tinted"])
        #expect((contents["info"] as? [String: Any])?["version"] as? Int == 1)
        #expect(FileIO.isRegularFile(folder + "/Assets.xcassets/Contents.json"))

        // The light icon: no alpha channel; the visible 72 dp square fills it, so the 20 dp disc
        // has a radius of 20 / 72 × 1024 ≈ 284 pixels; outside it, the background colour.
        let light = try decode(set + "/AppIcon.png")
        #expect(light.width == 1024 && light.height == 1024 && light.layout == .rgb)
        #expect(rgba(light, 512, 512) == [255, 255, 255, 255] && rgba(light, 512 + 276, 512) == [255, 255, 255, 255])
        #expect(rgba(light, 512 + 292, 512) == [33, 150, 243, 255] && rgba(light, 3, 3) == [33, 150, 243, 255])
        // Dark: the foreground on transparent. Tinted: the monochrome layer's silhouette, gray.
        let dark = try decode(set + "/AppIcon-dark.png")
        #expect(dark.layout.hasAlpha && rgba(dark, 512, 512) == [255, 255, 255, 255] && rgba(dark, 3, 3)[3] == 0)
        let tinted = try decode(set + "/AppIcon-tinted.png")
        #expect(!tinted.layout.isColor && tinted.layout.hasAlpha)
        #expect(rgba(tinted, 512, 512) == [255, 255, 255, 255] && rgba(tinted, 3, 3)[3] == 0)
    }

    @Test("insets and layer lists are composited: an <inset> foreground, a layer-list background of a colour and a shape placed by its top")
    func insetAndLayerList() throws {
        let folder = try TemporaryFolder.make("icons-layers")
        try write(
            ##"<adaptive-icon \##(Self.android)><background android:drawable="@drawable/stack"/><foreground><inset android:drawable="@drawable/square" android:inset="27dp"/></foreground></adaptive-icon>"##,
            folder + "/res/mipmap-anydpi-v26/ic_launcher.xml")
        try write(
            ##"<layer-list \##(Self.android)><item android:drawable="@color/brand"/><item android:top="54dp"><shape><solid android:color="#FF4CAF50"/></shape></item></layer-list>"##,
            folder + "/res/drawable/stack.xml")
        try write(##"<shape \##(Self.android)><solid android:color="#FFFF5722"/></shape>"##, folder + "/res/drawable/square.xml")
        try write(##"<resources><color name="brand">#FF2196F3</color></resources>"##, folder + "/res/values/colors.xml")
        _ = try AssetHarness.icon([folder + "/res"], target: .ios, output: folder + "/Assets.xcassets")
        let light = try decode(folder + "/Assets.xcassets/AppIcon.appiconset/AppIcon.png")
        // The square spans 27…81 dp of the canvas: 9…63 dp of the visible 72, 128…896 pixels.
        #expect(rgba(light, 140, 512) == [255, 87, 34, 255] && rgba(light, 884, 512) == [255, 87, 34, 255])
        #expect(rgba(light, 115, 300) == [33, 150, 243, 255])
        // The green layer starts at 54 dp: 36 dp of the visible square, 512 pixels down.
        #expect(rgba(light, 60, 520) == [76, 175, 80, 255] && rgba(light, 60, 500) == [33, 150, 243, 255])
    }

    @Test("bitmap layers (as AntennaPod's): refused without --upscale, naming the file and sizes; converted with it")
    func bitmapLayers() throws {
        let folder = try TemporaryFolder.make("icons-bitmaps")
        try write(
            ##"<adaptive-icon \##(Self.android)><background android:drawable="@mipmap/ic_launcher_background"/><foreground android:drawable="@mipmap/ic_launcher_foreground"/></adaptive-icon>"##,
            folder + "/res/mipmap-anydpi-v26/ic_launcher.xml")
        try writePNG(
            Image.filled(width: 432, height: 432, layout: .rgb, depth: .eight, color: Color(red: 0, green: 128, blue: 0)),
            folder + "/res/mipmap-xxxhdpi/ic_launcher_background.png")
        try writePNG(
            Image.filled(width: 432, height: 432, layout: .rgba, depth: .eight, color: Color(red: 0, green: 0, blue: 0, alpha: 0)),
            folder + "/res/mipmap-xxxhdpi/ic_launcher_foreground.png")
        #expect {
            try AssetHarness.icon([folder + "/res"], target: .ios, output: folder + "/A.xcassets")
        } throws: { error in
            "\(error)".contains("ic_launcher_background.png: 432×432 is smaller than the 1536×1536") && "\(error)".contains("allow upscaling")
        }
        #expect(!FileIO.exists(folder + "/A.xcassets"))
        _ = try AssetHarness.icon([folder + "/res"], target: .ios, output: folder + "/A.xcassets") { $0.upscale = true }
        #expect(rgba(try decode(folder + "/A.xcassets/AppIcon.appiconset/AppIcon.png"), 500, 500) == [0, 128, 0, 255])
    }

    @Test("a legacy PNG icon: used whole, with no dark or tinted appearance, and a warning saying so")
    func legacyIcon() throws {
        let folder = try TemporaryFolder.make("icons-legacy")
        try writePNG(
            Image.filled(width: 192, height: 192, layout: .rgba, depth: .eight, color: Color(red: 200, green: 0, blue: 0)),
            folder + "/res/mipmap-xxxhdpi/ic_launcher.png")
        try writePNG(
            Image.filled(width: 48, height: 48, layout: .rgba, depth: .eight, color: Color(red: 0, green: 0, blue: 200)),
            folder + "/res/mipmap-mdpi/ic_launcher.png")
        // A manifest whose icon is a build placeholder: the search falls back to ic_launcher.
        try write(##"<manifest \##(Self.android)><application android:icon="${appIcon}"/></manifest>"##, folder + "/AndroidManifest.xml")
        let result = try AssetHarness.icon([folder + "/res"], target: .ios, output: folder + "/A.xcassets") { $0.upscale = true }
        #expect(result.text.contains("names no icon resource (\"${appIcon}\")") && result.text.contains("a legacy icon"), "\(result.text)")
        let contents = try String(contentsOfFile: folder + "/A.xcassets/AppIcon.appiconset/Contents.json", encoding: .utf8)
        #expect(!contents.contains("appearances"))
        // The densest file is the one used.
        #expect(rgba(try decode(folder + "/A.xcassets/AppIcon.appiconset/AppIcon.png"), 512, 512) == [200, 0, 0, 255])
    }

    /// Reads an ICO file's directory: each entry's side and PNG bytes.
    static func icoEntries(_ bytes: [UInt8]) -> [(side: Int, png: [UInt8])] {
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func uint32(_ at: Int) -> Int { uint16(at) | uint16(at + 2) << 16 }
        guard bytes.count >= 6, uint16(0) == 0, uint16(2) == 1 else { return [] }
        return (0..<uint16(4)).map { index in
            let entry = 6 + 16 * index
            let side = bytes[entry] == 0 ? 256 : Int(bytes[entry])
            return (side, Array(bytes[uint32(entry + 12)..<uint32(entry + 12) + uint32(entry + 8)]))
        }
    }

    @Test("→ web: manifest icons (any and maskable), favicon.ico with 16, 32 and 48, apple-touch-icon; Pillow and Chromium read them")
    func web() throws {
        let folder = try adaptiveTree()
        _ = try AssetHarness.icon([folder + "/main/res"], target: .web, output: folder + "/web")
        let web = folder + "/web"
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: web + "/manifest.webmanifest"))) as? [String: Any])
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(icons.map { "\($0["purpose"] ?? "") \($0["sizes"] ?? "")" } == ["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"])
        for icon in icons {
            let image = try decode(web + "/" + (icon["src"] ?? ""))
            #expect("\(image.width)x\(image.height)" == icon["sizes"])
        }
        // any: the visible square in the round mask; maskable: the whole canvas, opaque.
        let any = try decode(web + "/icon-512.png")
        #expect(rgba(any, 2, 2)[3] == 0 && rgba(any, 256, 256) == [255, 255, 255, 255] && rgba(any, 256, 20) == [33, 150, 243, 255])
        let maskable = try decode(web + "/icon-maskable-512.png")
        #expect(maskable.layout == .rgb && rgba(maskable, 2, 2) == [33, 150, 243, 255])
        let touch = try decode(web + "/apple-touch-icon.png")
        #expect(touch.width == 180 && touch.layout == .rgb)
        let entries = Self.icoEntries(try FileIO.read(web + "/favicon.ico"))
        #expect(entries.map(\.side) == [16, 32, 48])
        for entry in entries {
            let image = try ImageCodecRegistry.builtIn.decode(entry.png)
            #expect(image.width == entry.side && image.height == entry.side && image.layout == .rgba)
        }
        #expect(try String(contentsOfFile: web + "/icons.html", encoding: .utf8).contains(##"<link rel="manifest" href="manifest.webmanifest">"##))

        guard let python = try Requirement.found(ChildProcess.python(with: "PIL"), "Pillow") else {
            try Test.cancel("Pillow not found (apt-get install python3-pil); favicon.ico is not read by Pillow, nor the manifest by Chromium")
        }
        let sizes = try ChildProcess.output(
            of: "/usr/bin/env", [python, "-c", "from PIL import Image; print(sorted(Image.open('\(web)/favicon.ico').info['sizes']))"])
        #expect(sizes.trimmingCharacters(in: .whitespacesAndNewlines) == "[(16, 16), (32, 32), (48, 48)]", "\(sizes)")
        guard let chromium = try Requirement.found(DevToolsPage.chromium, "chromium and python3") else {
            try Test.cancel("chromium or python3 not found (apt-get install chromium); the web manifest is not read by Chromium")
        }
        try
            ##"<!doctype html><html><head><link rel="manifest" href="manifest.webmanifest"></head><body><img src="icon-192.png"><img src="icon-maskable-512.png"><img src="favicon.ico"><img src="apple-touch-icon.png"></body></html>"##
            .write(toFile: web + "/index.html", atomically: true, encoding: .utf8)
        let page = try DevToolsPage.load("index.html", in: web, chromium: chromium)
        #expect((page.manifest["errors"] as? [Any])?.isEmpty == true, "\(page.manifest)")
        let parsed = try #require((page.manifest["manifest"] as? [String: Any])?["icons"] as? [[String: Any]], "\(page.manifest)")
        #expect(parsed.compactMap { $0["sizes"] as? String } == ["192x192", "512x512", "192x192", "512x512"])
        #expect(page.imageWidths == [192, 512, 48, 180], "\(page.imageWidths)")
    }

    /// The pixels of `image` (8-bit RGBA) with alpha of at least 8, as distances in dp from
    /// the middle of a 108 dp canvas `image.width` pixels wide: the farthest.
    static func farthestDrawn(_ image: Image) -> Double {
        let image = image.converted(to: .rgba).converted(to: .eight)
        let perDp = Double(image.width) / 108
        var farthest = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width where image.sample(x: x, y: y, channel: 3) >= 8 {
                let dx = Double(x) + 0.5 - Double(image.width) / 2
                let dy = Double(y) + 0.5 - Double(image.height) / 2
                farthest = max(farthest, (dx * dx + dy * dy).squareRoot() / perDp)
            }
        }
        return farthest
    }

    @Test(
        "one SVG master → Android: legacy and round mipmaps, an adaptive icon whose vector foreground stays in the 66 dp safe zone, the Play Store image; aapt packages them"
    )
    func androidFromSVGMaster() throws {
        let folder = try TemporaryFolder.make("icons-master")
        try write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><rect x="10" y="20" width="80" height="60" rx="8" fill="#1a73e8"/><path d="M30 50 L45 65 L72 35" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round"/></svg>"##,
            folder + "/logo.svg")
        _ = try AssetHarness.icon([folder + "/logo.svg"], target: .android, output: folder + "/main/res")
        let res = folder + "/main/res"
        for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
            let square = try decode("\(res)/mipmap-\(density)/ic_launcher.png")
            let round = try decode("\(res)/mipmap-\(density)/ic_launcher_round.png")
            #expect(square.width == side && round.width == side && rgba(round, 0, 0)[3] == 0 && rgba(square, 0, 0) == [255, 255, 255, 255])
            #expect(try decode("\(res)/mipmap-\(density)/ic_launcher_monochrome.png").width == side * 9 / 4)
        }
        let adaptive = try String(contentsOfFile: res + "/mipmap-anydpi-v26/ic_launcher.xml", encoding: .utf8)
        #expect(adaptive.contains(##"<foreground android:drawable="@drawable/ic_launcher_foreground"/>"##))
        #expect(adaptive.contains(##"<monochrome android:drawable="@mipmap/ic_launcher_monochrome"/>"##))
        #expect(try String(contentsOfFile: res + "/values/ic_launcher_background.xml", encoding: .utf8).contains(">#ffffff</color>"))
        // The foreground, drawn as Android would at xxxhdpi, and the monochrome layer: inside the
        // safe zone, reaching its edge (the master's farthest corner is on it).
        let foreground = try VectorDrawableCodec.draw(
            VectorDrawableCodec.drawable(FileIO.read(res + "/drawable/ic_launcher_foreground.xml"), limits: .default),
            rendering: VectorRendering(width: 432, height: 432), limits: .default)
        let reach = Self.farthestDrawn(foreground)
        #expect(reach <= 33 + 0.25 && reach > 31.5, "\(reach)")
        #expect(Self.farthestDrawn(try decode(res + "/mipmap-xxxhdpi/ic_launcher_monochrome.png")) <= 33 + 0.25)
        let store = try decode(folder + "/main/ic_launcher-playstore.png")
        #expect(store.width == 512 && store.layout == .rgb)
        // A background drawable instead of a colour: drawn into background mipmaps.
        try write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 108 108"><rect width="108" height="54" fill="#ff9800"/><rect y="54" width="108" height="54" fill="#4caf50"/></svg>"##,
            folder + "/bg.svg")
        _ = try AssetHarness.icon(
            [folder + "/logo.svg"], target: .android, output: folder + "/other/res", background: .drawable(path: folder + "/bg.svg"))
        #expect(
            try String(contentsOfFile: folder + "/other/res/mipmap-anydpi-v26/ic_launcher.xml", encoding: .utf8).contains(
                #"<background android:drawable="@mipmap/ic_launcher_background"/>"#))
        #expect(!FileIO.exists(folder + "/other/res/values/ic_launcher_background.xml"))
        let background = try decode(folder + "/other/res/mipmap-xxxhdpi/ic_launcher_background.png")
        #expect(rgba(background, 10, 10) == [255, 152, 0, 255] && rgba(background, 10, 420) == [76, 175, 80, 255])

        guard
            let aapt = try Requirement.found(
                FileIO.isRegularFile("/usr/share/android-framework-res/framework-res.apk") ? ChildProcess.tool("aapt") : nil, "aapt and android-framework-res")
        else {
            try Test.cancel("aapt or android-framework-res not found (apt-get install aapt android-framework-res); the mipmaps are not packaged")
        }
        try write(
            ##"<manifest \##(Self.android) package="org.example.icon"><uses-sdk android:minSdkVersion="21" android:targetSdkVersion="29"/><application android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"/></manifest>"##,
            folder + "/main/AndroidManifest.xml")
        _ = try ChildProcess.output(
            of: aapt,
            [
                "package", "-f", "-M", folder + "/main/AndroidManifest.xml", "-S", res, "-I", "/usr/share/android-framework-res/framework-res.apk", "-F",
                folder + "/app.apk",
            ])
        let listing = try ChildProcess.output(of: aapt, ["list", folder + "/app.apk"])
        #expect(listing.contains("res/mipmap-anydpi-v26/ic_launcher.xml") && listing.contains("res/mipmap-xxxhdpi-v4/ic_launcher_monochrome.png"), "\(listing)")
        // The tree just written is an adaptive icon again: back to iOS (its monochrome mipmaps are
        // 432 pixels, so enlarged), the same picture as the master drawn directly.
        _ = try AssetHarness.icon([folder + "/main/res"], target: .ios, output: folder + "/A.xcassets") { $0.upscale = true }
        _ = try AssetHarness.icon([folder + "/logo.svg"], target: .ios, output: folder + "/B.xcassets")
        let roundTrip = try decode(folder + "/A.xcassets/AppIcon.appiconset/AppIcon.png")
        let master = try decode(folder + "/B.xcassets/AppIcon.appiconset/AppIcon.png")
        #expect(PremultipliedDifference.meanDifference(roundTrip.converted(to: .rgba), master.converted(to: .rgba)) < 0.5)
    }

    @Test("a PNG master on a one-colour background: that colour becomes the background, the rest the foreground, which drawn over it gives the master back")
    func pngMasterOnSolidBackground() throws {
        let folder = try TemporaryFolder.make("icons-png-master")
        // A master (256 pixels, enlarged with --upscale: the refusal of small masters is checked
        // below): navy, with an orange disc of radius 75 and a light blue bar.
        var master = Image.filled(width: 256, height: 256, layout: .rgba, depth: .eight, color: Color(red: 11, green: 83, blue: 148))
        master.editSamples(
            eight: { samples in
                for y in 0..<256 {
                    for x in 0..<256 {
                        let index = (y * 256 + x) * 4
                        let dx = Double(x) + 0.5 - 128
                        let dy = Double(y) + 0.5 - 128
                        if dx * dx + dy * dy <= 75 * 75 { samples.replaceSubrange(index..<index + 3, with: [255, 152, 0]) }
                        if abs(dy) < 5 && abs(dx) < 38 { samples.replaceSubrange(index..<index + 3, with: [133, 204, 255]) }
                    }
                }
            }, sixteen: { _ in })
        try writePNG(master, folder + "/master.png")
        _ = try AssetHarness.icon([folder + "/master.png"], target: .android, output: folder + "/res") { $0.upscale = true }
        #expect(try String(contentsOfFile: folder + "/res/values/ic_launcher_background.xml", encoding: .utf8).contains(">#0b5394</color>"))
        let foreground = try decode(folder + "/res/mipmap-xxxhdpi/ic_launcher_foreground.png")
        // The disc is what is drawn: its radius becomes 32.5 dp (the safe zone, less its margin).
        let reach = Self.farthestDrawn(foreground)
        #expect(reach <= 33 + 0.25 && reach > 32.25, "\(reach)")
        // Drawn over the background colour, the foreground gives the master's colours.
        let over = foreground
        let middle = rgba(over, 216, 216)
        let disc = rgba(over, 216 + 60, 216 + 60)
        func shown(_ pixel: [Int]) -> [Int] {
            let alpha = Double(pixel[3]) / 255
            return zip(pixel.prefix(3), [11, 83, 148]).map { Int((Double($0) * alpha + Double($1) * (1 - alpha)).rounded()) }
        }
        #expect(shown(middle).elementsEqual([133, 204, 255], by: { abs($0 - $1) <= 1 }), "\(middle)")
        #expect(shown(disc).elementsEqual([255, 152, 0], by: { abs($0 - $1) <= 1 }), "\(disc)")
        #expect(rgba(over, 4, 4)[3] == 0)
        // A master smaller than 1024: refused, saying enlarging it would do.
        try writePNG(Image.filled(width: 512, height: 512, layout: .rgb, depth: .eight, color: Color(red: 1, green: 2, blue: 3)), folder + "/small.png")
        #expect {
            try AssetHarness.icon([folder + "/small.png"], target: .web, output: folder + "/web")
        } throws: { error in
            "\(error)".contains("512×512 is smaller than the 1024×1024") && "\(error)".contains("allow upscaling")
        }
    }

    @Test("a full-bleed master (an iOS icon: a picture to its edges) becomes the background filling the visible square; iOS gets it back unchanged")
    func fullBleedMaster() throws {
        let folder = try TemporaryFolder.make("icons-full-bleed")
        // A picture (256 pixels, enlarged with --upscale): a diagonal gradient, no two edge pixels alike.
        var samples = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let index = (y * 256 + x) * 4
                (samples[index], samples[index + 1], samples[index + 2]) = (UInt8(x), UInt8(y), UInt8((x + y) / 2))
            }
        }
        let master = Image(width: 256, height: 256, layout: .rgba, samples: samples)
        try FileManager.default.createDirectory(atPath: folder + "/Icon.appiconset", withIntermediateDirectories: true)
        try writePNG(master, folder + "/Icon.appiconset/icon-1024.png")
        let android = try AssetHarness.icon([folder + "/Icon.appiconset"], target: .android, output: folder + "/main/res") { $0.upscale = true }
        #expect(android.text.contains("becomes the background layer"), "\(android.text)")
        let adaptive = try String(contentsOfFile: folder + "/main/res/mipmap-anydpi-v26/ic_launcher.xml", encoding: .utf8)
        #expect(adaptive.contains(#"<background android:drawable="@mipmap/ic_launcher_background"/>"#), "\(adaptive)")
        #expect(adaptive.contains("@android:color/transparent") && !adaptive.contains("monochrome"), "\(adaptive)")
        // The background layer: the picture in the middle 72 dp, its edge repeated into the bleed.
        let background = try decode(folder + "/main/res/mipmap-xxxhdpi/ic_launcher_background.png")
        #expect(
            background.width == 432 && rgba(background, 216, 216).elementsEqual([128, 128, 128, 255], by: { abs($0 - $1) <= 2 }),
            "\(rgba(background, 216, 216))")
        #expect(rgba(background, 3, 3) == rgba(background, 72, 72))
        _ = try AssetHarness.icon([folder + "/Icon.appiconset/icon-1024.png"], target: .ios, output: folder + "/A.xcassets") { $0.upscale = true }
        // The 1024 icon is the picture enlarged (compared at the picture's size).
        let back = try decode(folder + "/A.xcassets/AppIcon.appiconset/AppIcon.png")
        #expect(
            rgba(back, 512, 512).elementsEqual([128, 128, 128, 255], by: { abs($0 - $1) <= 2 })
                && rgba(back, 1020, 4).elementsEqual([255, 1, 128, 255], by: { abs($0 - $1) <= 2 }), "\(rgba(back, 1020, 4))")
        #expect(!(try String(contentsOfFile: folder + "/A.xcassets/AppIcon.appiconset/Contents.json", encoding: .utf8)).contains("dark"))
    }

    @Test("colour to alpha is exact: each pixel drawn back over the colour is the pixel it was")
    func colorToAlpha() {
        var generator = SeededGenerator(state: 41)
        let base = AndroidColor(red: 11, green: 83, blue: 148)
        let samples = (0..<4096).map { index in index % 4 == 3 ? UInt8(255) : UInt8.random(in: 0...255, using: &generator) }
        let image = Image(width: 32, height: 32, layout: .rgba, samples: samples)
        let removed = MasterEdge.removing(base, from: image)
        var worst = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let alpha = Double(removed.sample(x: x, y: y, channel: 3)) / 255
                for (channel, under) in [11, 83, 148].enumerated() {
                    let shown = Double(removed.sample(x: x, y: y, channel: channel)) * alpha + Double(under) * (1 - alpha)
                    worst = max(worst, abs(Int(shown.rounded()) - image.sample(x: x, y: y, channel: channel)))
                }
            }
        }
        #expect(worst <= 2, "\(worst)")
        #expect(
            MasterEdge.removing(base, from: Image.filled(width: 2, height: 2, layout: .rgba, depth: .eight, color: Color(red: 11, green: 83, blue: 148)))
                .sample(x: 0, y: 0, channel: 3) == 0)
    }
}
