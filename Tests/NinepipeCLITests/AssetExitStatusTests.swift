import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

/// The exit status a build can use: resources left out for a reason the tree cannot change are
/// warnings (exit 0, listed in the summary); `--strict` makes them failures (exit 1).
@Suite(
    "assets: exit status with resources left out",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: Android XML is read by the SVG helpers"))
struct AssetExitStatusTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func tree() throws -> String {
        let folder = try TemporaryFolder.make("exit-status")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android) android:shape="oval"><solid android:color="#FFFF0000"/></shape>"##, to: folder + "/res/drawable/dot.xml")
        try TemporaryFolder.write(
            ##"<shape \##(Self.android)><size android:width="4dp" android:height="4dp"/><solid android:color="@color/brand"/></shape>"##,
            to: folder + "/res/drawable/chip.xml")
        return folder
    }

    @Test("a size-less oval and a colour another module holds: exit 0, each listed as left out; with --strict, exit 1")
    func leftOutIsNotFailure() throws {
        let folder = try tree()
        // The web draws the oval in CSS; iOS has no size to draw it at; Android keeps its XML.
        for (platform, summary) in [
            ("ios", "2 assets: 0 ok (0 files written, 0 unchanged), 2 left out, 0 failed"),
            ("web", "2 assets: 1 ok (2 files written, 0 unchanged), 1 left out, 0 failed"),
            ("android", "2 assets: 2 ok (2 files written, 0 unchanged), 0 failed"),
        ] {
            let output = folder + "/out-\(platform)" + (platform == "ios" ? "/A.xcassets" : "")
            let result = TestConsole.run(["assets", platform, folder + "/res", "--output", output])
            #expect(result.status == 0, "\(platform): \(result.err)")
            #expect(result.err.contains(summary), "\(platform): \(result.err)")
            // Android copies the XML, whose reference the app that builds it resolves.
            #expect(
                result.err.contains("left out (a reason the inputs cannot change; --strict makes each an error):") == (platform != "android"), "\(result.err)")
            #expect(result.err.contains("dot.xml: left out: a shape without <size>") == (platform == "ios"), "\(result.err)")
            #expect(
                result.err.contains(
                    "chip.xml:1: left out: @color/brand is not a colour in this tree's values/*.xml or res/color; the tree does not hold it (another module's or a library's colour): give each colour by name to convert it (--color NAME=#RRGGBB"
                ) == (platform != "android"), "\(result.err)")
            #expect(result.err.contains("chip.xml: copied as it is: this tree does not give @color/brand") == (platform == "android"), "\(result.err)")
            let strict = TestConsole.run(["assets", platform, folder + "/res", "--output", output, "--strict"])
            #expect(strict.status == 1 && strict.err.contains("\(platform == "ios" ? 2 : 1) failed"), "\(platform): \(strict.err)")
            #expect(strict.err.contains("(an error because of --strict; without it, a warning)"), "\(strict.err)")
        }
        let given = TestConsole.run(["assets", "web", folder + "/res", "--output", folder + "/given", "--color", "@color/brand=#336699"])
        #expect(given.status == 0 && given.err.contains("2 assets: 2 ok"), "\(given.err)")
        // A name nothing refers to is a warning with the nearest one that is.
        let typo = TestConsole.run(["assets", "web", folder + "/res", "--output", folder + "/typo", "--color", "bran=#336699"])
        #expect(
            typo.status == 0
                && typo.err.contains(
                    "warning: --color bran: no drawable or values file of the inputs names a colour or theme attribute 'bran'; did you mean 'brand'?"),
            "\(typo.err)")
    }
}
