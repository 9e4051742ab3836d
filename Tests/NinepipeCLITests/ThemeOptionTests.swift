import Foundation
import NinepipeTestSupport
import Testing

@testable import NinepipeCLI
@testable import NinepipeCore
@testable import NinepipeHost

/// `--theme` and `--color` on the command line: a drawable mixing a theme attribute with fixed
/// colours fails naming the themes that would give it and the options that help; a theme or a
/// colour given converts it; an unknown theme and a malformed colour are usage errors.
@Suite(
    "assets: --theme and --color",
    .enabled(if: Requirement.met(ImageCodecRegistry.builtIn.reads(.svg)), "no SVG here: vector drawables are drawn by the SVG helpers"))
struct ThemeOptionTests {
    static let android = #"xmlns:android="http://schemas.android.com/apk/res/android""#

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = TestConsole()
        let status = CommandLineTool().run(arguments, console: console.console())
        return (status, console.out, console.err)
    }

    /// `res/` whose colours chain `@color/brand` → `@color/blue`.
    func tree() throws -> String {
        let folder = try TemporaryFolder.make("theme-options")
        try TemporaryFolder.write(
            #"<resources><color name="brand">@color/blue</color><color name="blue">#1976D2</color></resources>"#, to: folder + "/res/values/colors.xml")
        try FileManager.default.createDirectory(atPath: folder + "/res/drawable", withIntermediateDirectories: true)
        return folder
    }

    @Test("a drawable mixing a theme attribute with fixed colours takes the theme's colour (--theme, parents and chains followed) or one given (--color)")
    func themes() throws {
        let folder = try tree()
        try
            #"<resources><style name="AppTheme" parent="Theme.Material3.DayNight"><item name="android:colorPrimary">?attr/brandColor</item><item name="brandColor">@color/brand</item></style><style name="AppTheme.Dark"><item name="colorSurface">#000</item></style></resources>"#
            .write(toFile: "\(folder)/res/values/styles.xml", atomically: true, encoding: .utf8)
        let mixed =
            ##"<vector \##(Self.android) android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24"><path android:fillColor="#fff" android:pathData="M0,0h24v12h-24z"/><path android:fillColor="?attr/colorPrimary" android:pathData="M0,12h24v12h-24z"/></vector>"##
        try mixed.write(toFile: "\(folder)/res/drawable/ic_mixed.xml", atomically: true, encoding: .utf8)
        let without = run(["assets", "web", folder + "/res", "--output", folder + "/web1"])
        #expect(
            without.status == 1 && without.err.contains("ic_mixed.xml: line 1: colours come from theme attributes (?attr/colorPrimary) beside fixed colours"),
            "\(without.err)")
        // The themes of the tree that give the attribute are named, with the options that help.
        #expect(
            without.err.contains(
                "themes in this tree that give them: AppTheme, AppTheme.Dark: choose one, or give each colour by name (--theme NAME chooses a theme, --color ATTRIBUTE=#RRGGBB gives a colour)"
            ), "\(without.err)")
        // AppTheme.Dark's parent is AppTheme by its name; colorPrimary → ?attr/brandColor → @color/brand → @color/blue.
        let themed = run(["assets", "web", folder + "/res", "--output", folder + "/web2", "--theme", "AppTheme.Dark"])
        #expect(themed.status == 0, "\(themed.err)")
        let svg = try String(contentsOfFile: folder + "/web2/ic_mixed.svg", encoding: .utf8)
        #expect(svg.contains("#1976d2") && svg.contains("#ffffff") && !svg.contains("currentColor"), "\(svg)")
        let given = run(["assets", "web", folder + "/res", "--output", folder + "/web3", "--color", "colorPrimary=#0f0"])
        #expect(given.status == 0, "\(given.err)")
        #expect(try String(contentsOfFile: folder + "/web3/ic_mixed.svg", encoding: .utf8).contains("#00ff00"))
        let unknown = run(["assets", "web", folder + "/res", "--output", folder + "/web4", "--theme", "Nope"])
        #expect(unknown.status == 2 && unknown.err.contains("has no theme called 'Nope'; its themes: AppTheme, AppTheme.Dark"), "\(unknown.err)")
        let near = run(["assets", "web", folder + "/res", "--output", folder + "/web4", "--theme", "apptheme.dark"])
        #expect(near.status == 2 && near.err.contains("(did you mean 'AppTheme.Dark'?)") && !near.err.contains("ic_"), "\(near.err)")
        let bad = run(["assets", "web", folder + "/res", "--output", folder + "/web5", "--color", "colorPrimary=blue"])
        #expect(bad.status == 2 && bad.err.contains("--color needs NAME=#RRGGBB"), "\(bad.err)")
    }
}
