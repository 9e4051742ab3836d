import Foundation
import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// `assets compose`, checked against the Compose Multiplatform resources plugin's own rules
/// re-stated (no Gradle here): its qualifier grammar over every folder written, its accessor
/// rule, the elements and attributes its common vector parser reads, and the generated
/// nine-patch painter's regions drawn by a reference implementation.
@Suite(
    "assets compose",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector drawables are read by the SVG helpers"))
struct ComposeAssetTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    /// The plugin's qualifier rule (`addQualifiers`): theme `light|dark`, density `ldpi`…`xxxhdpi`,
    /// a language `[a-z]{2,3}`, a region `r[A-Z]{2}` right after a language; none repeated,
    /// nothing else. Returns why `folder` is refused, or `nil`.
    static func qualifierProblem(_ folder: String) -> String? {
        let parts = folder.split(separator: "-").map(String.init)
        guard parts.first == "drawable" else { return "type \(parts.first ?? "")" }
        var seen: [String: String] = [:]
        func save(_ kind: String, _ value: String) -> String? {
            if let other = seen[kind] { return "repetitive qualifiers: '\(other)' and '\(value)'" }
            seen[kind] = value
            return nil
        }
        for qualifier in parts.dropFirst() {
            let problem: String?
            switch qualifier {
            case "light", "dark": problem = save("theme", qualifier)
            case "mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi", "ldpi": problem = save("density", qualifier)
            default:
                if qualifier.wholeMatch(of: /[a-z]{2,3}/) != nil {
                    problem = save("language", qualifier)
                } else if qualifier.wholeMatch(of: /r[A-Z]{2}/) != nil {
                    problem = save("region", qualifier)
                } else {
                    problem = "unknown qualifier: '\(qualifier)'"
                }
            }
            if let problem { return problem }
        }
        if let region = seen["region"] {
            guard let language = seen["language"] else { return "Region qualifier must be used only with language" }
            if !folder.contains("-\(language)-\(region)") { return "Region qualifier must be declared after language" }
        }
        return nil
    }

    /// The plugin's accessor rule (`asUnderscoredIdentifier` of the name without its extension).
    static func accessor(_ fileName: String) -> String {
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let underscored = stem.replacing("-", with: "_")
        return underscored.first?.isNumber == true ? "_" + underscored : underscored
    }

    /// `res/`: a nine-patch with a night variant of three regions, a French and a Serbian-Latin
    /// bitmap, a right-to-left bitmap, a vector coloured through `@color` and a theme attribute
    /// with a tint and root alpha, a template, a `-v24` override, and a ring shape.
    func tree() throws -> String {
        let folder = try FlutterAssetTests().tree()
        let res = folder + "/res"
        let png = { (value: Int) in try PNGEncoder().encode(Image(width: 16, height: 16, layout: .rgb, depth: .eight, fill: [value, value, value])) }
        for (sub, value) in [("drawable-xhdpi", 200), ("drawable-fr-xhdpi", 100), ("drawable-b+sr+Latn-xhdpi", 50), ("drawable-ldrtl-xhdpi", 20)] {
            try FileManager.default.createDirectory(atPath: res + "/" + sub, withIntermediateDirectories: true)
            try FileIO.writeAtomically(try png(value), to: res + "/" + sub + "/flag.png")
        }
        try TemporaryFolder.write(
            #"<resources><color name="brand">#FF1976D2</color><style name="AppTheme"><item name="colorAccent">#FFFF9800</item></style></resources>"#,
            to: res + "/values/colors.xml")
        let head = ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24""##
        try TemporaryFolder.write(
            head
                + ##"><path android:fillColor="@color/brand" android:pathData="M0,0h12v24h-12z"/><path android:fillColor="?attr/colorAccent" android:strokeColor="#FF000000" android:strokeWidth="1" android:pathData="M12,0h12v24h-12z"/></vector>"##,
            to: res + "/drawable/ic_mixed.xml")
        try TemporaryFolder.write(
            head + ##" android:alpha="0.5"><path android:fillColor="@color/brand" android:pathData="M2,2h20v20h-20z"/></vector>"##,
            to: res + "/drawable/ic_faded.xml")
        try TemporaryFolder.write(
            head
                + ##" android:alpha="0.5"><path android:fillColor="#FF000000" android:pathData="M0,0h16v16h-16z"/><path android:fillColor="#FFFFFFFF" android:pathData="M8,8h16v16h-16z"/></vector>"##,
            to: res + "/drawable/ic_layered.xml")
        try TemporaryFolder.write(
            head + ##" android:tint="#FF00FF00"><path android:fillColor="#80FF0000" android:pathData="M4,4h16v16h-16z"/></vector>"##,
            to: res + "/drawable/ic_tint.xml")
        try TemporaryFolder.write(
            head + ##"><path android:fillColor="#FF0000FF" android:pathData="M0,0h4v4h-4z"/></vector>"##, to: res + "/drawable/ic_old.xml")
        try TemporaryFolder.write(
            head + ##"><path android:fillColor="#FF00FF00" android:pathData="M0,0h8v8h-8z"/></vector>"##, to: res + "/drawable-v24/ic_old.xml")
        return folder
    }

    func convert(_ folder: String) throws -> (outcome: AssetHarness.Outcome, resources: String) {
        let resources = folder + "/composeApp/src/commonMain/composeResources"
        let outcome = try AssetHarness.run([folder + "/res"], target: .compose, output: resources) { $0.theme = "AppTheme" }
        return (outcome, resources)
    }

    @Test("every folder written is one the plugin accepts; accessors are unique Kotlin identifiers; a density set and a default for every bitmap")
    func folders() throws {
        let folder = try tree()
        let (outcome, resources) = try convert(folder)
        #expect(outcome.succeeded, "\(outcome.text)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: resources).sorted()
        for name in folders { #expect(Self.qualifierProblem(name) == nil, "\(name): \(Self.qualifierProblem(name) ?? "")") }
        #expect(
            folders.contains("drawable-fr-xhdpi") && folders.contains("drawable-dark-mdpi") && !folders.contains { $0.contains("night") || $0.contains("v24") })
        // The checker refuses what the plugin refuses.
        for refused in ["drawable-night", "drawable-v24", "drawable-ldrtl", "drawable-rBR-pt", "drawable-rBR", "drawable-dark-light", "drawable-nodpi"] {
            #expect(Self.qualifierProblem(refused) != nil, "\(refused)")
        }
        // Accessors: one per name and folder type, each a Kotlin identifier.
        var accessors: [String: Set<String>] = [:]
        for name in folders {
            for file in try FileManager.default.contentsOfDirectory(atPath: resources + "/" + name) {
                let accessor = Self.accessor(file)
                #expect(accessor.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil, "\(name)/\(file)")
                accessors[accessor, default: []].insert(file.split(separator: ".").dropLast().joined(separator: "."))
            }
        }
        #expect(accessors.values.allSatisfy { $0.count == 1 }, "\(accessors.filter { $0.value.count > 1 })")
        // Every bitmap has an unqualified default (the plugin falls back to no other density).
        for name in folders where name.hasSuffix("dpi") {
            let base = name.split(separator: "-").dropLast().joined(separator: "-")
            for file in try FileManager.default.contentsOfDirectory(atPath: resources + "/" + name) {
                #expect(FileIO.isRegularFile(resources + "/" + base + "/" + file), "\(name)/\(file) has no default in \(base)")
            }
        }
        // What the grammar cannot say is named: the script locale, the right-to-left file.
        #expect(outcome.text.contains("flag: its sr-Latn files are left out"), "\(outcome.text)")
        #expect(
            FileIO.isRegularFile(resources + "/drawable-xhdpi/flag_rtl.png") && outcome.text.contains("flag: its right-to-left files are written as flag_rtl"))
        // -v24 wins over the plain folder's drawable, and a warning says the other is left out.
        #expect(try String(contentsOfFile: resources + "/drawable/ic_old.xml", encoding: .utf8).contains("#00FF00"))
        #expect(
            outcome.text.contains("1 drawable has files in several API-level (-vNN) folders (ic_old): the highest API level's is converted"), "\(outcome.text)")
    }

    @Test(
        "vectors use only what the common parser reads, nothing starts with @ or ?, drawn they match the Android drawable drawn with its theme, and aapt packages them"
    )
    func vectors() throws {
        let folder = try tree()
        let (outcome, resources) = try convert(folder)
        #expect(outcome.succeeded, "\(outcome.text)")
        let elements: Set<String> = ["vector", "group", "path", "clip-path", "aapt:attr", "gradient", "item"]
        let attributes: Set<String> = [
            "xmlns:android", "xmlns:aapt", "android:width", "android:height", "android:viewportWidth", "android:viewportHeight", "android:autoMirrored",
            "android:name", "android:rotation", "android:pivotX", "android:pivotY", "android:scaleX", "android:scaleY", "android:translateX",
            "android:translateY", "android:pathData", "android:fillColor", "android:strokeColor", "android:strokeWidth", "android:strokeAlpha",
            "android:fillAlpha", "android:strokeLineCap", "android:strokeLineJoin", "android:strokeMiterLimit", "android:trimPathStart",
            "android:trimPathEnd", "android:trimPathOffset", "android:fillType", "name", "android:type", "android:startX", "android:startY",
            "android:endX", "android:endY", "android:centerX", "android:centerY", "android:gradientRadius", "android:tileMode", "android:startColor",
            "android:endColor", "android:centerColor", "android:offset", "android:color",
        ]
        let vectors = try FileManager.default.contentsOfDirectory(atPath: resources + "/drawable").filter { $0.hasSuffix(".xml") }.sorted()
        #expect(vectors == ["ic_back.xml", "ic_faded.xml", "ic_mixed.xml", "ic_old.xml", "ic_tint.xml"], "\(vectors)")
        // What a per-path alpha or a recolouring cannot say is drawn, and the warning says why.
        #expect(FileIO.isRegularFile(resources + "/drawable-xxhdpi/ic_layered.png") && FileIO.isRegularFile(resources + "/drawable-xxhdpi/ic_tinted.png"))
        #expect(
            outcome.text.contains("ic_layered.xml: written as density PNGs, not a vector drawable: its root alpha (0.5) is over several paints"),
            "\(outcome.text)")
        #expect(
            outcome.text.contains("ic_tinted.xml: written as density PNGs, not a vector drawable: its tint mode (multiply) composites a colour"),
            "\(outcome.text)")
        for file in vectors {
            // Past the XML declaration and comments, which any XML parser reads.
            let text = try String(contentsOfFile: resources + "/drawable/" + file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("<?xml") && !$0.hasPrefix("<!--") }.joined(separator: "\n")
            for match in text.matches(of: /<([a-z:-]+)[\s>\/]/) { #expect(elements.contains(String(match.1)), "\(file): <\(match.1)>") }
            for match in text.matches(of: /\s([A-Za-z:]+)="([^"]*)"/) {
                #expect(attributes.contains(String(match.1)), "\(file): \(match.1)")
                #expect(!match.2.hasPrefix("@") && !match.2.hasPrefix("?"), "\(file): \(match.1)=\"\(match.2)\"")
            }
        }
        // Drawn from the written XML alone, as the Android drawable drawn with the tree and theme.
        var options = AssetOptions(target: .compose)
        options.theme = "AppTheme"
        for name in ["ic_mixed", "ic_tint", "ic_faded"] {
            let original = folder + "/res/drawable/\(name).xml"
            let values = try AssetConverter.resources(forDrawableAt: original, options: options)
            let android = try VectorDrawableCodec.draw(
                VectorDrawableCodec.drawable(FileIO.read(original), limits: .default, resources: values), rendering: VectorRendering(scale: 2),
                limits: .default)
            let written = try VectorDrawableCodec.draw(
                VectorDrawableCodec.drawable(FileIO.read(resources + "/drawable/\(name).xml"), limits: .default), rendering: VectorRendering(scale: 2),
                limits: .default)
            let difference = PremultipliedDifference.meanDifference(android, written)
            #expect(difference <= 1, "\(name): \(difference)")
        }
        let template = try String(contentsOfFile: resources + "/drawable/ic_back.xml", encoding: .utf8)
        #expect(template.hasPrefix("<?xml") && template.contains("<!-- A template") && template.contains(##"android:fillColor="#FFFFFF""##))
        // Android's own tools read them too: aapt packages every vector written.
        let apk = "/usr/share/android-framework-res/framework-res.apk"
        guard let aapt = try Requirement.found(FileIO.isRegularFile(apk) ? ChildProcess.tool("aapt") : nil, "aapt and android-framework-res") else {
            try Test.cancel("aapt or android-framework-res not installed (apt-get install aapt android-framework-res): the vectors are not packaged")
        }
        let check = try TemporaryFolder.make("compose-aapt")
        try FileManager.default.createDirectory(atPath: check + "/res/drawable", withIntermediateDirectories: true)
        for file in vectors { try FileManager.default.copyItem(atPath: resources + "/drawable/" + file, toPath: check + "/res/drawable/" + file) }
        try TemporaryFolder.write(
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.ninepipe.check"/>"#, to: check + "/AndroidManifest.xml")
        let output = try ChildProcess.output(
            of: aapt, ["package", "-f", "-M", check + "/AndroidManifest.xml", "-S", check + "/res", "-I", apk, "-F", check + "/check.apk"])
        #expect(FileIO.isRegularFile(check + "/check.apk"), "\(output)")
    }
}

extension ComposeAssetTests {
    /// The slicings of `accessor` in `NinePatches.kt`, by variant key, in file order.
    static func slicings(of accessor: String, in kotlin: String) throws -> [String: [(scale: Double, width: Int, height: Int, xDivs: [Int], yDivs: [Int])]] {
        let start = try #require(kotlin.range(of: "    val \(accessor) =\n"))
        let body = kotlin[start.upperBound...].prefix { _ in true }
        let end = body.range(of: "\n\n").map { body[..<$0.lowerBound] } ?? body
        var result: [String: [(scale: Double, width: Int, height: Int, xDivs: [Int], yDivs: [Int])]] = [:]
        var key = ""
        let pattern =
            /"([^"]*)" to|scale = ([\d.]+)f,\s*width = (\d+),\s*height = (\d+),\s*xDivs = listOf\(([^)]*)\),\s*yDivs = listOf\(([^)]*)\)/
        for match in end.matches(of: pattern) {
            if let named = match.1 {
                key = String(named)
                continue
            }
            func numbers(_ text: Substring?) -> [Int] { (text ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
            guard let scale = match.2.flatMap({ Double($0) }), let width = match.3.flatMap({ Int($0) }), let height = match.4.flatMap({ Int($0) }) else {
                continue
            }
            result[key, default: []].append((scale, width, height, numbers(match.5), numbers(match.6)))
        }
        return result
    }

    @Test("NinePatches.kt's regions, drawn as its painter draws them (Skia's drawImageRect, integer edges), are ninepipe ninepatch of each density's source")
    func ninePatchPainter() throws {
        let folder = try tree()
        let (outcome, resources) = try convert(folder)
        #expect(outcome.succeeded, "\(outcome.text)")
        let kotlin = try String(contentsOfFile: resources + "/../kotlin/ninepipe/NinePatches.kt", encoding: .utf8)
        #expect(kotlin.hasPrefix("// GENERATED by `ninepipe assets compose`") && kotlin.contains("\nobject NinePatches {\n"))
        // Brackets balanced outside strings and comments (KDoc lines set aside), as in the Dart check.
        let code = kotlin.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("/**") ? "" : String(line)
        }.joined(separator: "\n")
        #expect(FlutterDartTests.problems(in: code).filter { !$0.contains("columns") }.isEmpty, "\(FlutterDartTests.problems(in: code))")
        let slicings = try Self.slicings(of: "btn_default_normal", in: kotlin)
        #expect(slicings[""]?.map(\.scale) == [1, 1.5, 2] && slicings["dark"]?.first?.xDivs.count == 6)
        guard let python = try Requirement.found(FlutterNinePatchTests.python, "skia-python 87.9 (with drawImageNine)") else {
            try Test.cancel("no skia-python (pip install skia-python==87.9; .ci/run makes NINEPIPE_SKIA_PYTHON): the painter's regions are not drawn")
        }
        let cases: [(key: String, scale: Double, written: String, source: String)] = [
            ("", 1, "drawable-mdpi", "drawable-mdpi"), ("", 2, "drawable-xhdpi", "drawable-xhdpi"), ("dark", 1, "drawable-dark-mdpi", "drawable-night-mdpi"),
        ]
        let tests = FlutterNinePatchTests()
        for (key, scale, written, source) in cases {
            let slicing = try #require(slicings[key]?.first { $0.scale == scale })
            for (width, height) in [(70, 52), (130, 64), (41, 90)] {
                // On a screen of the file's density a file pixel is a screen pixel.
                let drawn = try tests.drawn(
                    [
                        "image": resources + "/" + written + "/btn_default_normal.png", "width": width, "height": height, "xDivs": slicing.xDivs,
                        "yDivs": slicing.yDivs, "round": true,
                    ], python: python)
                let ours = try tests.reference(folder + "/res/" + source + "/btn_default_normal.9.png", width: width, height: height)
                let difference = PremultipliedDifference.meanDifference(drawn, ours)
                #expect(difference <= 1, "\(written) at \(width)×\(height): \(difference)")
            }
        }
    }

    @Test("two sources whose files get one accessor are refused naming both, before anything is written")
    func clash() throws {
        let folder = try TemporaryFolder.make("compose-clash")
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for name in ["ic-back.png", "ic_back.png"] {
            try FileIO.writeAtomically(try PNGEncoder().encode(AssetFixtures.picture(width: 4, height: 4)), to: folder + "/in/" + name)
        }
        #expect(throws: AssetError.targetNameClash(first: "ic-back", second: "ic_back", name: "ic_back", target: "Compose resource accessor")) {
            try AssetHarness.run([folder + "/in"], target: .compose, output: folder + "/composeResources")
        }
        #expect(!FileIO.exists(folder + "/composeResources"))
        #expect(ComposeLayout.accessor(ofFile: "9lives.png") == "_9lives" && ComposeLayout.accessor(ofFile: "a-b.xml") == "a_b")
        #expect(ComposeLayout.fileStem("Big Button") == "Big_Button" && ComposeLayout.fileStem("ü") == nil)
    }
}

extension ComposeAssetTests {
    @Test("--icons: Android's launcher icons in androidMain/res beside composeResources, nothing inside it")
    func icons() throws {
        let folder = try TemporaryFolder.make("compose-icons")
        try TemporaryFolder.write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><rect x="10" y="20" width="80" height="60" rx="8" fill="#1a73e8"/></svg>"##,
            to: folder + "/logo.svg")
        let resources = folder + "/composeApp/src/commonMain/composeResources"
        let outcome = try AssetHarness.icon([folder + "/logo.svg"], target: .compose, output: resources)
        let launcher = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/composeApp/src/androidMain/res/mipmap-xxxhdpi/ic_launcher.png"))
        #expect(launcher.width == 192 && FileIO.isRegularFile(folder + "/composeApp/src/androidMain/res/mipmap-anydpi-v26/ic_launcher.xml"))
        let inside = (try? FileManager.default.contentsOfDirectory(atPath: resources)) ?? []
        #expect(inside.isEmpty && outcome.written.allSatisfy { $0.contains("/androidMain/") }, "\(inside) \(outcome.written)")
    }
}
