import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCore
@testable import NinepipeHost

/// Dark, right-to-left and localized variants. A `res/` tree with a `drawable-night` bitmap, a
/// `drawable-ldrtl` bitmap, an `autoMirrored` vector drawable coloured by a colour that
/// `values-night` changes, and one whose colour it does not change, goes to an imageset's
/// `appearances` and `language-direction`, to CSS `prefers-color-scheme` and `:dir(rtl)` rules
/// (checked in Chromium), and back to Android's folders.
@Suite("assets: dark, right-to-left and localized variants")
struct AssetConfigurationTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func png(_ color: [Int], to path: String) throws {
        let bytes = try PNGEncoder().encode(Image(width: 32, height: 32, layout: .rgb, depth: .eight, fill: color))
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// The tree; `withVectors` adds the vector drawables (drawn by the SVG helpers).
    func tree(withVectors: Bool = ImageCodecRegistry.builtIn.reads(.svg)) throws -> String {
        let folder = try TemporaryFolder.make("variants")
        for sub in [
            "drawable", "drawable-xhdpi", "drawable-night-xhdpi", "drawable-ldrtl-xhdpi", "drawable-land-xhdpi", "drawable-pt-rBR-xhdpi", "values",
            "values-night",
        ] {
            try FileManager.default.createDirectory(atPath: "\(folder)/res/\(sub)", withIntermediateDirectories: true)
        }
        try png([200, 200, 200], to: "\(folder)/res/drawable-xhdpi/card.png")
        try png([40, 40, 40], to: "\(folder)/res/drawable-night-xhdpi/card.png")
        try png([0, 120, 0], to: "\(folder)/res/drawable-pt-rBR-xhdpi/card.png")
        try png([255, 0, 0], to: "\(folder)/res/drawable-xhdpi/arrow.png")
        try png([0, 0, 255], to: "\(folder)/res/drawable-ldrtl-xhdpi/arrow.png")
        try png([0, 255, 0], to: "\(folder)/res/drawable-land-xhdpi/arrow.png")
        try png([9, 9, 9], to: "\(folder)/res/drawable-night-xhdpi/orphan.png")
        guard withVectors else { return folder }
        let head = ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24""##
        try
            (head
            + ##" android:autoMirrored="true"><path android:fillColor="@color/icon" android:pathData="M20,11H7.83l5.59,-5.59L12,4l-8,8 8,8 1.41,-1.41L7.83,13H20v-2z"/></vector>"##)
            .write(toFile: "\(folder)/res/drawable/ic_back.xml", atomically: true, encoding: .utf8)
        try (head + ##"><path android:fillColor="@color/fixed" android:pathData="M0,0h24v24h-24z"/></vector>"##)
            .write(toFile: "\(folder)/res/drawable/ic_same.xml", atomically: true, encoding: .utf8)
        try #"<resources><color name="icon">#202020</color><color name="fixed">#FF8800</color></resources>"#
            .write(toFile: "\(folder)/res/values/colors.xml", atomically: true, encoding: .utf8)
        try #"<resources><color name="icon">#F0F0F0</color></resources>"#.write(
            toFile: "\(folder)/res/values-night/colors.xml", atomically: true, encoding: .utf8)
        return folder
    }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    /// An imageset's slots as (file, dark, direction).
    func slots(_ contents: [String: Any]) -> [(file: String?, dark: Bool, direction: String?)] {
        (contents["images"] as? [[String: Any]] ?? []).map { image in
            let dark =
                (image["appearances"] as? [[String: Any]])?.contains { $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark" }
                ?? false
            return (image["filename"] as? String, dark, image["language-direction"] as? String)
        }
    }

    @Test(
        "the collector reads -night and -ldrtl folders as configurations, values-night as a vector's dark one; other qualifiers and night-only files are skipped with a warning"
    )
    func collect() throws {
        let folder = try tree(withVectors: false)
        let inventory = try AssetCollector().collect([folder + "/res"])
        #expect(inventory.assets.map(\.name) == ["arrow", "card"])
        let card = try #require(inventory.assets.first { $0.name == "card" })
        #expect(card.allConfigurations == [.standard, AssetConfiguration(isDark: true), AssetConfiguration(locale: "pt-BR")])
        #expect(card.configurations[AssetConfiguration(isDark: true)]?.map(\.path) == ["\(folder)/res/drawable-night-xhdpi/card.png"])
        let arrow = try #require(inventory.assets.first { $0.name == "arrow" })
        #expect(arrow.allConfigurations == [.standard, AssetConfiguration(isRightToLeft: true)])
        #expect(
            inventory.warnings.contains { $0.contains("with qualifiers other than density, locale, night and ldrtl (drawable-land-xhdpi)") },
            "\(inventory.warnings)")
        #expect(inventory.warnings.contains { $0.contains("with only dark or right-to-left files (orphan)") }, "\(inventory.warnings)")
    }

    @Test(
        "iOS: dark slots with appearances, right-to-left slots beside left-to-right ones; a vector's night colours and autoMirrored",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg))))
    func ios() throws {
        let folder = try tree()
        let result = try AssetHarness.run([folder + "/res"], target: .ios, output: folder + "/Assets.xcassets")
        #expect(result.succeeded, "\(result.text)")
        let cardContents = try json(folder + "/Assets.xcassets/card.imageset/Contents.json")
        let card = slots(cardContents)
        #expect(
            card.filter { $0.file != nil }.map { "\($0.file ?? "") \($0.dark)" } == [
                "card.png false", "card@2x.png false", "card-dark.png true", "card-dark@2x.png true", "card-pt-BR.png false", "card-pt-BR@2x.png false",
            ])
        // A locale's slots say it, and the set is localizable, as Xcode writes them.
        let locales = (cardContents["images"] as? [[String: Any]] ?? []).compactMap { $0["locale"] as? String }
        #expect(locales == ["pt-BR", "pt-BR", "pt-BR"] && (cardContents["properties"] as? [String: Any])?["localizable"] as? Bool == true)
        let dark = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/Assets.xcassets/card.imageset/card-dark@2x.png")).converted(to: .rgb)
        #expect((0..<3).map { dark.sample(x: 5, y: 5, channel: $0) } == [40, 40, 40])
        let arrow = slots(try json(folder + "/Assets.xcassets/arrow.imageset/Contents.json"))
        #expect(
            arrow.filter { $0.file != nil }.map { "\($0.file ?? "") \($0.direction ?? "-")" } == [
                "arrow.png left-to-right", "arrow@2x.png left-to-right", "arrow-rtl.png right-to-left", "arrow-rtl@2x.png right-to-left",
            ])
        // The vector: a dark SVG in the night colour, every slot mirrored in right-to-left layouts.
        let back = slots(try json(folder + "/Assets.xcassets/ic_back.imageset/Contents.json"))
        #expect(
            back.map { "\($0.file ?? "") \($0.dark) \($0.direction ?? "-")" } == ["ic_back.svg false left-to-right", "ic_back-dark.svg true left-to-right"])
        #expect(try String(contentsOfFile: folder + "/Assets.xcassets/ic_back.imageset/ic_back-dark.svg", encoding: .utf8).contains(##"fill="#f0f0f0""##))
        // values-night changes nothing in ic_same: no dark slot.
        #expect(slots(try json(folder + "/Assets.xcassets/ic_same.imageset/Contents.json")).count == 1)
    }

    @Test(
        "back to Android: dark slots become drawable-night folders, right-to-left ones drawable-ldrtl, a mirrored SVG an autoMirrored vector drawable",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg))))
    func roundTrip() throws {
        let folder = try tree()
        #expect(try AssetHarness.run([folder + "/res"], target: .ios, output: folder + "/Assets.xcassets").succeeded)
        let result = try AssetHarness.run([folder + "/Assets.xcassets"], target: .android, output: folder + "/back")
        #expect(result.succeeded, "\(result.text)")
        for path in [
            "drawable-night-xhdpi/card.png", "drawable-pt-rBR-xhdpi/card.png", "drawable-xhdpi/card.png", "drawable-ldrtl-xhdpi/arrow.png",
            "drawable-xhdpi/arrow.png", "drawable/ic_back.xml",
            "drawable-night/ic_back.xml",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder + "/back/" + path), "\(path)")
        }
        let rtl = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/back/drawable-ldrtl-xhdpi/arrow.png")).converted(to: .rgb)
        #expect((0..<3).map { rtl.sample(x: 5, y: 5, channel: $0) } == [0, 0, 255])
        let back = try String(contentsOfFile: folder + "/back/drawable-night/ic_back.xml", encoding: .utf8)
        #expect(back.contains(#"android:autoMirrored="true""#) && back.contains("#F0F0F0"), "\(back)")
        // Android to Android: the night colours stay Android's to apply; no drawable-night copy.
        #expect(try AssetHarness.run([folder + "/res"], target: .android, output: folder + "/same").succeeded)
        #expect(FileManager.default.fileExists(atPath: folder + "/same/drawable-night-xhdpi/card.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/same/drawable-night/ic_back.xml"))
    }

    @Test(
        "web, in Chromium: the dark file under prefers-color-scheme: dark, the right-to-left file under dir=rtl, an autoMirrored vector mirrored",
        .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg))))
    func web() throws {
        let folder = try tree()
        #expect(try AssetHarness.run([folder + "/res"], target: .web, output: folder + "/web").succeeded)
        let card = try #require((try json(folder + "/web/assets.json")["assets"] as? [[String: Any]])?.first { $0["name"] as? String == "card" })
        #expect((card["dark"] as? [[String: Any]])?.compactMap { $0["file"] as? String } == ["card-dark.png", "card-dark@2x.png"])
        let css = try String(contentsOfFile: folder + "/web/card.css", encoding: .utf8)
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  .card {") && css.contains(#"url("card-dark.png")"#), "\(css)")
        #expect(try String(contentsOfFile: folder + "/web/arrow.css", encoding: .utf8).contains(".arrow:dir(rtl) {"))
        #expect(css.contains(".card:lang(pt-BR) {") && css.contains(#"url("card-pt-BR.png")"#), "\(css)")
        guard let chromium = try Requirement.found(DevToolsPage.chromium, "chromium and python3") else {
            try Test.cancel("chromium or python3 not found (apt-get install chromium); the variants' CSS is not checked in a browser")
        }
        let page =
            #"<!doctype html><html><head><link rel="stylesheet" href="card.css"><link rel="stylesheet" href="arrow.css"><link rel="stylesheet" href="ic_back.css"><style>body{margin:0;background:#fff}div{position:absolute;top:0}</style></head><body><div class="card" style="left:0"></div><div class="arrow" style="left:20px" dir="ltr"></div><div class="arrow" style="left:40px" dir="rtl"></div><div class="ic_back" style="left:60px" dir="ltr"></div><div class="ic_back" style="left:90px" dir="rtl"></div></body></html>"#
        try page.write(toFile: folder + "/web/page.html", atomically: true, encoding: .utf8)
        func shot(dark: Bool) throws -> Image {
            // The dark scheme emulated over DevTools (Emulation.setEmulatedMedia).
            try DevToolsPage.load("page.html", in: folder + "/web", chromium: chromium, width: 120, height: 30, dark: dark).screenshot
        }
        func color(_ image: Image, _ x: Int, _ y: Int) -> [Int] { (0..<3).map { image.sample(x: x, y: y, channel: $0) } }
        let light = try shot(dark: false)
        let dark = try shot(dark: true)
        #expect(color(light, 8, 8) == [200, 200, 200] && color(dark, 8, 8) == [40, 40, 40])
        #expect(color(light, 28, 8) == [255, 0, 0] && color(light, 48, 8) == [0, 0, 255])
        // The arrow drawn for right-to-left is the left-to-right one mirrored, in either scheme
        // (edges antialiased a little differently once mirrored).
        for image in [light, dark] {
            var differences = 0
            for y in 0..<24 {
                for x in 0..<24 where zip(color(image, 60 + x, y), color(image, 90 + 23 - x, y)).contains(where: { abs($0 - $1) > 48 }) { differences += 1 }
            }
            #expect(differences == 0)
        }
        #expect(color(light, 64, 12) != color(light, 64 + 18, 12), "the arrow is not symmetric")
        #expect(color(light, 72, 12) == [32, 32, 32] && color(dark, 72, 12) == [240, 240, 240])
    }
}
