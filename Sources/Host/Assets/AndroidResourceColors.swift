import Foundation
import NinepipeCore

/// The colours of an Android resource tree (`res/values/*.xml`'s `<color name="…">`), for the
/// vector drawables beside them (`res/drawable*/NAME.xml`): what `@color/NAME` resolves to.
enum AndroidResourceColors {
    /// The colours of the tree holding the drawable at `path`: its folder's parent's `values`
    /// folder, when the folder is a `drawable` or `mipmap` one; none otherwise. Files that do
    /// not read are skipped (a drawable naming one of their colours then says it is missing).
    static func colors(forDrawableAt path: String, limits: ImageLimits) -> [String: String] {
        let folder = FileIO.parentDirectory(of: path)
        let folderName = FileIO.baseName(of: folder)
        guard folderName.hasPrefix("drawable") || folderName.hasPrefix("mipmap") else { return [:] }
        let values = FileIO.parentDirectory(of: folder) + "/values"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: values) else { return [:] }
        var colors: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".xml") {
            guard FileIO.isRegularFile(values + "/" + name), let bytes = try? FileIO.read(values + "/" + name, maxBytes: 4 << 20),
                let root = try? XMLDocument.parse(bytes, limits: limits), root.name == "resources"
            else { continue }
            for element in root.children where element.name == "color" {
                if let key = element.attribute("name", namespace: ""), colors[key] == nil {
                    colors[key] = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        }
        return colors
    }
}
