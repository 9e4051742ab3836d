import Foundation
import NinepipeCore
import NinepipeTestSupport
import Testing

@testable import NinepipeHost

/// One walk of a `res/` folder gives every file by type and name with its folder's
/// configuration; the lookups by name (layers, icons, values folders) go through it, and it is
/// walked again only when a folder changes.
@Suite("resource table")
struct ResourceTableTests {
    @Test("files by type and name with their configurations; refused folders named; lookups through it; walked again after a change")
    func table() throws {
        let res = try TemporaryFolder.make("table") + "/res"
        for file in [
            "drawable-hdpi/card.png", "drawable-xhdpi/card.png", "drawable-xhdpi/card_bg.9.png", "drawable/card.xml", "drawable-v24/card.xml",
            "drawable-night/card.xml", "drawable-hdpi-night/stray.png", "mipmap-anydpi-v26/ic_launcher.xml", "values/colors.xml",
            "values-night-v31/colors.xml", "values-fr/strings.xml",
        ] {
            try TemporaryFolder.write("x", to: res + "/" + file)
        }
        let table = ResourceTable.table(at: res)
        let card = table.entries(type: "drawable", name: "card").map { "\($0.folder.name)/\($0.fileName)" }
        #expect(card == ["drawable/card.xml", "drawable-hdpi/card.png", "drawable-night/card.xml", "drawable-v24/card.xml", "drawable-xhdpi/card.png"])
        #expect(table.entries(type: "drawable", name: "card_bg").map(\.fileName) == ["card_bg.9.png"])
        #expect(table.refusedFolders == ["drawable-hdpi-night"])
        #expect(table.names(inFolder: "drawable-hdpi-night") == ["stray.png"] && table.files(inFolder: "drawable-xhdpi") == ["card.png", "card_bg.9.png"])
        #expect(table.names == (table.folders.map(\.name) + table.refusedFolders).sorted())
        #expect(table.folders(type: "values").map(\.name) == ["values", "values-fr", "values-night-v31"])
        #expect(table.entries(type: "drawable", name: "card").first { $0.folder.name == "drawable-night" }?.folder.configuration.isNight == true)

        let tree = ResourceTree(path: res)
        #expect(tree.xmlFile(named: "card", type: "drawable") == res + "/drawable-v24/card.xml")
        #expect(tree.bitmaps(named: "card", type: "drawable").map(\.scale) == [1.5, 2])
        #expect(tree.xmlFile(named: "../values/colors", type: "drawable") == nil)
        #expect(AndroidResourceValues.folders(in: res, for: AssetConfiguration(isDark: true)) == ["values-night-v31", "values"])

        // Kept while nothing changes; a file added to a folder is seen.
        #expect(ResourceTable.table(at: res).entries(type: "drawable", name: "dot").isEmpty)
        try TemporaryFolder.write("x", to: res + "/drawable-xhdpi/dot.png")
        #expect(ResourceTable.table(at: res).entries(type: "drawable", name: "dot").map(\.path) == [res + "/drawable-xhdpi/dot.png"])
    }
}

extension ResourceTableTests {
    /// Values were read from `values` and `values-night…` only, so `values-fr` and
    /// `values-ldrtl` never reached the drawables of those configurations.
    @Test("values folders per configuration in Android's precedence: locale, direction, night, API level; others' folders never read")
    func valuesFoldersPerConfiguration() throws {
        let res = try TemporaryFolder.make("values-config") + "/res"
        for folder in [
            "values", "values-v31", "values-night", "values-night-v31", "values-fr", "values-fr-rCA", "values-fr-night", "values-de", "values-ldrtl",
            "values-hdpi", "values-land", "color-fr",
        ] {
            try TemporaryFolder.write("<resources/>", to: res + "/" + folder + "/v.xml")
        }
        func folders(_ configuration: AssetConfiguration) -> [String] { AndroidResourceValues.folders(in: res, for: configuration) }
        #expect(folders(.standard) == ["values-v31", "values"])
        #expect(folders(AssetConfiguration(isDark: true)) == ["values-night-v31", "values-night", "values-v31", "values"])
        #expect(
            folders(AssetConfiguration(isDark: true, locale: "fr-CA"))
                == ["values-fr-rCA", "values-fr-night", "values-fr", "values-night-v31", "values-night", "values-v31", "values", "color-fr"])
        #expect(folders(AssetConfiguration(locale: "fr")) == ["values-fr", "values-v31", "values", "color-fr"])
        #expect(folders(AssetConfiguration(isRightToLeft: true)) == ["values-ldrtl", "values-v31", "values"])

        // A vector in drawable-fr takes the French colour; the standard one the default.
        try TemporaryFolder.write(
            "<resources><color name=\"brand\">#FF0000</color></resources>", to: res + "/values/colors.xml")
        try TemporaryFolder.write(
            "<resources><color name=\"brand\">#0000FF</color></resources>", to: res + "/values-fr/colors.xml")
        let vector = """
            <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="4dp" android:height="4dp" android:viewportWidth="4" android:viewportHeight="4">
              <path android:fillColor="@color/brand" android:pathData="M0,0h4v4h-4z"/>
            </vector>
            """
        try TemporaryFolder.write(vector, to: res + "/drawable/flag.xml")
        try TemporaryFolder.write(vector, to: res + "/drawable-fr/flag.xml")
        let output = FileIO.parentDirectory(of: res) + "/web"
        let outcome = try AssetHarness.run([res], target: WebAssetTarget(), output: output) { $0.vectorsAsBitmaps = true }
        #expect(outcome.succeeded, "\(outcome.text)")
        func centre(_ file: String) throws -> [Int] {
            let image = try ImageCodecRegistry.builtIn.decode(FileIO.read(output + "/" + file))
            return (0..<3).map { image.sample(x: 1, y: 1, channel: $0) }
        }
        #expect(try centre("flag.png") == [255, 0, 0])
        #expect(try centre("flag-fr.png") == [0, 0, 255])
    }
}
