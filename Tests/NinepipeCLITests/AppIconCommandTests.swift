import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// `assets PLATFORM --icons` as a command: refusals with their exit codes and the options'
/// wording (the icons themselves are tested through the API in the Host target).
@Suite(
    "app icons: the command", .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector layers are drawn by the SVG helpers"))
struct AppIconCommandTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { TestConsole.run(arguments) }

    func write(_ text: String, _ path: String) throws { try TemporaryFolder.write(text, to: path) }

    /// A tree whose manifest names an adaptive icon of a colour and a vector.
    func adaptiveTree() throws -> String {
        let folder = try TemporaryFolder.make("icons")
        try write(
            ##"<manifest \##(Self.android) package="org.example"><application android:icon="@mipmap/launcher"/></manifest>"##,
            folder + "/main/AndroidManifest.xml")
        try write(
            ##"<adaptive-icon \##(Self.android)><background android:drawable="@color/brand"/><foreground android:drawable="@drawable/launcher_foreground"/></adaptive-icon>"##,
            folder + "/main/res/mipmap-anydpi-v26/launcher.xml")
        try write(
            ##"<vector \##(Self.android) android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFFFF" android:pathData="M34,54h40v20h-40z"/></vector>"##,
            folder + "/main/res/drawable/launcher_foreground.xml")
        try write(##"<resources><color name="brand">#FF2196F3</color></resources>"##, folder + "/main/res/values/colors.xml")
        return folder
    }

    @Test("no icon at all, a manifest naming a missing one, several inputs: clear errors and exit codes")
    func refusals() throws {
        let folder = try TemporaryFolder.make("icons-refused")
        try write(##"<resources/>"##, folder + "/res/values/strings.xml")
        let none = run(["assets", "ios", folder + "/res", "--icons", "--output", folder + "/A.xcassets"])
        #expect(none.status == 1 && none.err.contains("no launcher icon in") && none.err.contains("--manifest"), "\(none.err)")
        try write(##"<manifest \##(Self.android)><application android:icon="@mipmap/gone"/></manifest>"##, folder + "/AndroidManifest.xml")
        let missing = run(["assets", "ios", folder + "/res", "--icons", "--output", folder + "/A.xcassets"])
        #expect(missing.status == 1 && missing.err.contains("the icon @mipmap/gone is not in"), "\(missing.err)")
        let two = run(["assets", "ios", folder + "/res", folder + "/res", "--icons", "--output", folder + "/A.xcassets"])
        #expect(two.status == 2 && two.err.contains("are both icon sources"), "\(two.err)")
        let notIcons = run(["assets", "ios", folder + "/res", "--background", "#fff", "--output", folder + "/A.xcassets"])
        #expect(notIcons.status == 2 && notIcons.err.contains("--background is for app icons: add --icons"), "\(notIcons.err)")
        let tree = try adaptiveTree()
        let android = run(["assets", "android", tree + "/main/res", "--icons", "--output", folder + "/out/res"])
        #expect(android.status == 2 && android.err.contains("already holds Android launcher icons"), "\(android.err)")
        // A layer naming itself is refused, not followed forever.
        try write(
            ##"<adaptive-icon \##(Self.android)><foreground android:drawable="@drawable/loop"/></adaptive-icon>"##,
            folder + "/loop/res/mipmap-anydpi-v26/ic_launcher.xml")
        try write(##"<inset \##(Self.android) android:drawable="@drawable/loop" android:inset="1dp"/>"##, folder + "/loop/res/drawable/loop.xml")
        let loop = run(["assets", "ios", folder + "/loop/res", "--icons", "--output", folder + "/L.xcassets"])
        #expect(loop.status == 1 && loop.err.contains("nests more than 16 drawables"), "\(loop.err)")
        // Too small a master names the option that enlarges it; a background that is neither a colour nor a file is a usage error.
        let master = folder + "/small.png"
        try FileIO.writeAtomically(
            ImageCodecRegistry.builtIn.encode(
                Image.filled(width: 512, height: 512, layout: .rgb, depth: .eight, color: Color(red: 1, green: 2, blue: 3)),
                options: EncodeOptions(format: .png)),
            to: master)
        let small = run(["assets", "web", master, "--icons", "--output", folder + "/web"])
        #expect(small.status == 1 && small.err.contains("512×512 is smaller than the 1024×1024") && small.err.contains("--upscale"), "\(small.err)")
        let badColor = run(["assets", "android", master, "--icons", "--background", "blue-ish", "--output", folder + "/res2"])
        #expect(badColor.status == 2 && badColor.err.contains("--background needs a colour"), "\(badColor.err)")
        // Flutter's icons go into a project.
        let flutter = run(["assets", "flutter", master, "--icons", "--upscale", "--output", folder + "/not-a-project"])
        #expect(flutter.status == 2 && flutter.err.contains("--output for flutter --icons: \(folder)/not-a-project is not a Flutter project"), "\(flutter.err)")
        #expect(!FileIO.exists(folder + "/not-a-project"))
    }
}
