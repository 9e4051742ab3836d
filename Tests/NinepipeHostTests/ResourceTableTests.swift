import Foundation
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
