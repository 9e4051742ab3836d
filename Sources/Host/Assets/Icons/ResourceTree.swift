import NinepipeCore

/// An Android `res/` folder read for resources by name (`@drawable/NAME`, `@mipmap/NAME`) in the
/// default configuration: no night, right-to-left, locale or other qualifiers, as a launcher
/// draws the app's icon on a device in its default state.
struct ResourceTree: Sendable {
    /// The `res/` folder.
    let path: String
    /// Its files by type and name, walked once (``ResourceTable/table(at:)``).
    let table: ResourceTable
    /// Its `drawable…` and `mipmap…` folders in the default configuration.
    private let folders: [ResourceTable.Folder]

    /// The tree at `path`, through its table.
    init(path: String) {
        self.path = path
        table = ResourceTable.table(at: path)
        folders = table.folders.filter { folder in
            let configuration = folder.configuration
            return (folder.type == "drawable" || folder.type == "mipmap") && Self.isDefault(configuration)
        }
    }

    /// Whether a device in its default state reads folders of `configuration`: no locale, night,
    /// right-to-left or other qualifier (a density and an API level are chosen among).
    static func isDefault(_ configuration: ResourceConfiguration) -> Bool {
        configuration.locale == nil && configuration.isNight != true && configuration.isRightToLeft != true && configuration.others.isEmpty
    }

    /// The resource folders of the module or repository at `root`: `root` itself when it is one,
    /// else `res`, `src/main/res`, and each module's `src/main/res` one level down
    /// (`app/src/main/res`), in that order, those that exist. At most 256 modules are looked at.
    static func resourceFolders(under root: String) -> [String] {
        if isResourceFolder(root) { return [root] }
        let modules = (FileIO.names(in: root, visibleOnly: true, sorted: true) ?? []).prefix(256)
        let candidates = [root + "/res", root + "/src/main/res"] + modules.map { root + "/" + $0 + "/src/main/res" }
        return candidates.filter { FileIO.isDirectory($0) && isResourceFolder($0) }
    }

    /// Whether `path` looks like a `res/` folder: it has a `drawable…`, `mipmap…` or `values` folder.
    static func isResourceFolder(_ path: String) -> Bool {
        let names = FileIO.names(in: path) ?? []
        return names.contains { $0.hasPrefix("drawable") || $0.hasPrefix("mipmap") || $0 == "values" }
    }

    /// The XML file for resource `name` of `type` (`drawable` or `mipmap`): of several, the
    /// one for the highest API level, as a current device picks.
    func xmlFile(named name: String, type: String) -> String? {
        guard ResourceReference.isName(name) else { return nil }  // never a path
        return defaultEntries(named: name, type: type).filter { $0.fileName == name + ".xml" }
            .max { ($0.folder.configuration.apiLevel ?? 0) < ($1.folder.configuration.apiLevel ?? 0) }?.path
    }

    /// The bitmap files for resource `name` of `type`, each with its scale (mdpi 1), densest last.
    func bitmaps(named name: String, type: String) -> [(path: String, scale: Double)] {
        guard ResourceReference.isName(name) else { return [] }  // never a path
        // The bitmap formats a drawable folder holds (the collector's list, SVG aside).
        let extensions = Set(AssetCollector.imageFormats.filter { $0 != .svg }.flatMap(\.fileExtensions))
        var found: [(path: String, scale: Double)] = []
        for entry in defaultEntries(named: name, type: type) {
            guard let scale = (entry.folder.configuration.density ?? .dpi(160)).scale,
                let dot = entry.fileName.firstIndex(of: "."), extensions.contains(String(entry.fileName[entry.fileName.index(after: dot)...]).lowercased())
            else { continue }
            found.append((entry.path, scale))
        }
        return found.sorted { $0.scale < $1.scale }
    }

    /// The files of resource `name` of `type` in the default configuration's folders.
    private func defaultEntries(named name: String, type: String) -> [ResourceTable.Entry] {
        table.entries(type: type, name: name).filter { entry in folders.contains(entry.folder) }
    }

    /// The names of `type` resources whose XML root is `adaptive-icon` or whose name starts with
    /// `ic_launcher`, sorted.
    func launcherCandidates() -> [String] {
        var names: Set<String> = []
        for folder in folders where folder.type == "mipmap" {
            for file in table.files(inFolder: folder.name) {
                let stem = String(file.split(separator: ".").first ?? "")
                if stem.hasPrefix("ic_launcher")
                    || (file.hasSuffix(".xml") && (try? AssetCollector.xmlKind(path + "/" + folder.name + "/" + file)) == .adaptiveIcon)
                {
                    names.insert(stem)
                }
            }
        }
        return names.sorted()
    }
}
