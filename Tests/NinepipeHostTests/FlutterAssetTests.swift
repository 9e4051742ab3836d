import Foundation
import NinepipeCore
import NinepipePlugins
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// `assets flutter`, checked against Flutter's own rules re-stated (no Dart SDK here): the
/// variant folders flutter_tools reads, the pubspec parsed back by PyYAML, the slicing drawn
/// by Skia's `drawImageNine` (what `centerSlice` is) against `ninepipe ninepatch`, and the
/// generated Dart's well-formedness and asset paths.
@Suite(
    "assets flutter",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector drawables are read by the SVG helpers"))
struct FlutterAssetTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#
    static let frameworkRes = Repository.path("Tests/NinepipeCoreTests/Fixtures/framework-res")
    /// flutter_tools' variant folder rule (`_assetVariantDirectoryRegExp`, `/?(\d+(\.\d*)?)x$`):
    /// the folder's scale, or `nil` when it is not a variant folder.
    static func variantScale(_ folder: String) -> Double? {
        guard let match = folder.wholeMatch(of: /(\d+(\.\d*)?)x/) else { return nil }
        return Double(match.1)
    }

    /// `res/`: Android's `btn_default_normal` at mdpi and xhdpi (whose xhdpi slices are not
    /// twice the mdpi ones) with a night nine-patch of three regions across, a photo at
    /// xxhdpi only, a template vector that mirrors, and a vector whose tint mode needs a filter.
    func tree() throws -> String {
        let folder = try TemporaryFolder.make("flutter")
        let res = folder + "/res"
        for (from, to) in [
            ("btn_default_normal.9.png", "drawable-mdpi/btn_default_normal.9.png"),
            ("drawable-xhdpi/btn_default_normal.9.png", "drawable-xhdpi/btn_default_normal.9.png"),
            ("btn_toggle_off_normal_holo_dark.9.png", "drawable-night-mdpi/btn_default_normal.9.png"),
        ] {
            try FileManager.default.createDirectory(atPath: FileIO.parentDirectory(of: res + "/" + to), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.frameworkRes + "/" + from, toPath: res + "/" + to)
        }
        try FileManager.default.createDirectory(atPath: res + "/drawable-xxhdpi", withIntermediateDirectories: true)
        try FileIO.writeAtomically(try PNGEncoder().encode(AssetFixtures.picture(width: 48, height: 36)), to: res + "/drawable-xxhdpi/photo.png")
        let head = ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24""##
        try TemporaryFolder.write(
            head
                + ##" android:autoMirrored="true" android:tint="?attr/colorControlNormal"><path android:fillColor="#fff" android:pathData="M20,11H7.83l5.59,-5.59L12,4l-8,8 8,8 1.41,-1.41L7.83,13H20v-2z"/></vector>"##,
            to: res + "/drawable/ic_back.xml")
        try TemporaryFolder.write(
            head + ##" android:tint="#80FF0000" android:tintMode="multiply"><path android:fillColor="#00FF00" android:pathData="M0,0h24v24h-24z"/></vector>"##,
            to: res + "/drawable/ic_tinted.xml")
        // Shapes: a stretchable rounded rectangle with a stroke, a sized gradient oval, a ring.
        try TemporaryFolder.write(
            ##"<shape \##(Self.android)><solid android:color="#FF2196F3"/><corners android:radius="16dp"/><stroke android:width="2dp" android:color="#FF1565C0"/><padding android:left="12dp" android:top="6dp" android:right="12dp" android:bottom="6dp"/></shape>"##,
            to: res + "/drawable/pill.xml")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android) android:shape="oval"><gradient android:angle="270" android:startColor="#FF000000" android:endColor="#00000000"/><size android:width="24dp" android:height="16dp"/></shape>"##,
            to: res + "/drawable/fade.xml")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android) android:shape="ring" android:innerRadius="8dp" android:thickness="3dp" android:useLevel="false"><solid android:color="#FF4CAF50"/><size android:width="24dp" android:height="24dp"/></shape>"##,
            to: res + "/drawable/ring.xml")
        return folder
    }

    /// Converts `tree`'s `res/` into `output`.
    func convert(_ folder: String, into output: String) throws -> AssetHarness.Outcome {
        try AssetHarness.run([folder + "/res"], target: .flutter, output: output)
    }

    @Test(
        "density variants in flutter_tools' folders with the main file's name and N times its size; dark files beside; vectors as SVG; a rerun writes nothing")
    func layout() throws {
        let folder = try tree()
        let app = folder + "/app"
        let outcome = try convert(folder, into: app)
        #expect(outcome.succeeded, "\(outcome.text)")
        let images = app + "/assets/images"
        let folders = try FileManager.default.contentsOfDirectory(atPath: images).filter { FileIO.isDirectory(images + "/" + $0) }.sorted()
        #expect(folders == ["1.5x", "2.0x", "3.0x", "4.0x"], "\(folders)")
        for variant in folders {
            let scale = try #require(Self.variantScale(variant), "\(variant) is not a variant folder")
            for file in try FileManager.default.contentsOfDirectory(atPath: images + "/" + variant) {
                let main = try ImageCodecRegistry.builtIn.decode(FileIO.read(images + "/" + file))
                let scaled = try ImageCodecRegistry.builtIn.decode(FileIO.read(images + "/" + variant + "/" + file))
                #expect(
                    abs(Double(scaled.width) - Double(main.width) * scale) <= 1 && abs(Double(scaled.height) - Double(main.height) * scale) <= 1,
                    "\(variant)/\(file)")
            }
        }
        // The photo at xxhdpi only: 1.0x, 1.5x, 2.0x and 3.0x drawn from it, no 4.0x.
        for path in ["photo.png", "1.5x/photo.png", "2.0x/photo.png", "3.0x/photo.png", "btn_default_normal_dark.png"] {
            #expect(FileIO.isRegularFile(images + "/" + path), "\(path)")
        }
        #expect(!FileIO.exists(images + "/4.0x/photo.png"))
        #expect(try ImageCodecRegistry.builtIn.decode(FileIO.read(images + "/photo.png")).width == 16)
        // The nine-patch's 2.0x file is the xhdpi source's pixels (a compiled file: no frame).
        let source = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/res/drawable-xhdpi/btn_default_normal.9.png"))
        let written = try ImageCodecRegistry.builtIn.decode(FileIO.read(images + "/2.0x/btn_default_normal.png"))
        let samePixels = written.converted(to: .rgba).storage == source.converted(to: .rgba).storage
        #expect(samePixels, "the 2.0x file is not the xhdpi source's pixels")
        // The template vector: white paints, no currentColor; the filter one as images, with a warning.
        let svg = try String(contentsOfFile: app + "/assets/vectors/ic_back.svg", encoding: .utf8)
        #expect(svg.contains(##"fill="#FFFFFF""##) && !svg.contains("currentColor"), "\(svg)")
        #expect(FileIO.isRegularFile(images + "/3.0x/ic_tinted.png") && !FileIO.exists(app + "/assets/vectors/ic_tinted.svg"))
        #expect(
            outcome.text.contains("ic_tinted.xml: written as density PNGs, not an SVG for Flutter: its tint mode composites with an SVG filter"),
            "\(outcome.text)")
        let dart = try String(contentsOfFile: app + "/lib/ninepipe/assets.g.dart", encoding: .utf8)
        #expect(dart.contains("  static const icBack = NinepipeAsset(\n    'assets/vectors/ic_back.svg',\n"), "\(dart)")
        #expect(dart.contains("    matchTextDirection: true,\n    isVector: true,\n    isTemplate: true,\n"), "\(dart)")
        #expect(dart.contains("variants: {'dark': 'assets/images/btn_default_normal_dark.png'},"), "\(dart)")
        // Rectangles and ovals are decorations Flutter draws; a ring is images.
        let shapes = try String(contentsOfFile: app + "/lib/ninepipe/shapes.g.dart", encoding: .utf8)
        #expect(
            shapes.contains(
                """
                  static const pill = NinepipeShape(
                    BoxDecoration(
                      color: Color(0xFF2196F3),
                      border: Border.fromBorderSide(
                        BorderSide(color: Color(0xFF1565C0), width: 2.0),
                      ),
                      borderRadius: BorderRadius.all(Radius.circular(17.0)),
                    ),
                    padding: EdgeInsets.fromLTRB(10.0, 4.0, 10.0, 4.0),
                  );
                """), "\(shapes)")
        #expect(shapes.contains("      gradient: LinearGradient(\n        begin: Alignment.topCenter,\n        end: Alignment.bottomCenter,\n"), "\(shapes)")
        #expect(shapes.contains("      shape: OvalBorder(),\n    ),\n    width: 24.0,\n    height: 16.0,\n"), "\(shapes)")
        #expect(FileIO.isRegularFile(images + "/2.0x/ring.png") && !dart.contains("static const pill") && !FileIO.exists(images + "/pill.png"))
        // The same again: nothing written.
        let again = try convert(folder, into: app)
        #expect(again.succeeded && again.summary.written == 0 && again.summary.unchanged > 0, "\(again.summary.written) written")
    }
}

extension FlutterAssetTests {
    @Test("--icons into a Flutter project: the iOS app icon, Android's launcher icons and the web files flutter create's manifest lists")
    func icons() throws {
        let folder = try TemporaryFolder.make("flutter-icons")
        try TemporaryFolder.write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><rect x="10" y="20" width="80" height="60" rx="8" fill="#1a73e8"/></svg>"##,
            to: folder + "/logo.svg")
        try TemporaryFolder.write("name: app\nflutter:\n  uses-material-design: true\n", to: folder + "/app/pubspec.yaml")
        #expect(FlutterAssetTarget().appIconOutputProblem(folder + "/app") == nil)
        #expect(FlutterAssetTarget().appIconOutputProblem(folder)?.contains("is not a Flutter project (no pubspec.yaml)") == true)
        let outcome = try AssetHarness.icon([folder + "/logo.svg"], target: .flutter, output: folder + "/app")
        let sides = [
            "ios/Runner/Assets.xcassets/AppIcon.appiconset/AppIcon.png": 1024, "android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png": 192,
            "web/icons/Icon-192.png": 192, "web/icons/Icon-512.png": 512, "web/icons/Icon-maskable-512.png": 512, "web/favicon.png": 32,
        ]
        for (path, side) in sides {
            let image = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/app/" + path))
            #expect(image.width == side && image.height == side, "\(path)")
        }
        #expect(FileIO.isRegularFile(folder + "/app/android/app/src/main/ic_launcher-playstore.png"))
        #expect(!FileIO.exists(folder + "/app/ios/Runner/Assets.xcassets/Contents.json"), "the project's own catalog file is left alone")
        #expect(outcome.written.count == 29, "\(outcome.written)")
    }
}

extension FlutterAssetTests {
    @Test("--icons from an Android tree's adaptive icon: the iOS icon, Android's legacy square and round icons drawn from it, the web icons")
    func iconsFromAnAndroidTree() throws {
        let folder = try TemporaryFolder.make("flutter-icons-tree")
        let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#
        try TemporaryFolder.write(
            ##"<manifest \##(android) package="org.example"><application android:icon="@mipmap/launcher"/></manifest>"##,
            to: folder + "/main/AndroidManifest.xml")
        try TemporaryFolder.write(
            ##"<adaptive-icon \##(android)><background android:drawable="@color/brand"/><foreground android:drawable="@drawable/dot"/></adaptive-icon>"##,
            to: folder + "/main/res/mipmap-anydpi-v26/launcher.xml")
        try TemporaryFolder.write(
            ##"<vector \##(android) android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFFFF" android:pathData="M34,54a20,20 0 1,0 40,0a20,20 0 1,0 -40,0z"/></vector>"##,
            to: folder + "/main/res/drawable/dot.xml")
        try TemporaryFolder.write(##"<resources><color name="brand">#FF2196F3</color></resources>"##, to: folder + "/main/res/values/colors.xml")
        try TemporaryFolder.write("name: app\nflutter:\n", to: folder + "/app/pubspec.yaml")
        let outcome = try AssetHarness.icon([folder + "/main/res"], target: .flutter, output: folder + "/app")
        let square = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/app/android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png"))
        let round = try ImageCodecRegistry.builtIn.decode(FileIO.read(folder + "/app/android/app/src/main/res/mipmap-xxxhdpi/ic_launcher_round.png"))
        #expect(square.width == 192 && round.width == 192)
        // The brand blue in the middle of the background, a corner of the round one transparent.
        let corner = round.converted(to: .rgba)
        #expect(corner.sample(x: 1, y: 1, channel: 3) == 0)
        #expect(FileIO.isRegularFile(folder + "/app/ios/Runner/Assets.xcassets/AppIcon.appiconset/AppIcon.png"))
        #expect(FileIO.isRegularFile(folder + "/app/web/icons/Icon-maskable-192.png"))
        #expect(outcome.text.contains("Android gets the legacy square and round launcher icons drawn from the app's icon"), "\(outcome.text)")
    }
}
