import Foundation
import NinepipeCore

/// An Android `res/` folder read for resources by name (`@drawable/NAME`, `@mipmap/NAME`) in the
/// default configuration: no night, right-to-left, locale or other qualifiers, as a launcher
/// draws the app's icon on a device in its default state.
struct ResourceTree: Sendable {
    /// The `res/` folder.
    let path: String
    /// Its `drawable…` and `mipmap…` folders in the default configuration: name, resource type
    /// and configuration.
    private let folders: [(name: String, type: String, configuration: ResourceConfiguration)]

    /// Reads the folder list of `path`.
    init(path: String) {
        self.path = path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        folders = names.compactMap { name in
            guard let (type, configuration) = ResourceConfiguration.folder(name), type == "drawable" || type == "mipmap",
                configuration.locale == nil, configuration.isNight != true, configuration.isRightToLeft != true, configuration.others.isEmpty,
                FileIO.isDirectory(path + "/" + name)
            else { return nil }
            return (name, type, configuration)
        }
    }

    /// The resource folders of the module or repository at `root`: `root` itself when it is one,
    /// else `res`, `src/main/res`, and each module's `src/main/res` one level down
    /// (`app/src/main/res`), in that order, those that exist. At most 256 modules are looked at.
    static func resourceFolders(under root: String) -> [String] {
        if isResourceFolder(root) { return [root] }
        let modules = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted().prefix(256)
        let candidates = [root + "/res", root + "/src/main/res"] + modules.map { root + "/" + $0 + "/src/main/res" }
        return candidates.filter { FileIO.isDirectory($0) && isResourceFolder($0) }
    }

    /// Whether `path` looks like a `res/` folder: it has a `drawable…`, `mipmap…` or `values` folder.
    static func isResourceFolder(_ path: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.contains { $0.hasPrefix("drawable") || $0.hasPrefix("mipmap") || $0 == "values" }
    }

    /// The XML file for resource `name` of `type` (`drawable` or `mipmap`): of several, the
    /// one for the highest API level, as a current device picks.
    func xmlFile(named name: String, type: String) -> String? {
        guard ResourceReference.isName(name) else { return nil }  // never a path
        return folders.filter { $0.type == type && FileIO.isRegularFile(path + "/" + $0.name + "/" + name + ".xml") }
            .max { ($0.configuration.apiLevel ?? 0) < ($1.configuration.apiLevel ?? 0) }
            .map { path + "/" + $0.name + "/" + name + ".xml" }
    }

    /// The bitmap files for resource `name` of `type`, each with its scale (mdpi 1), densest last.
    func bitmaps(named name: String, type: String) -> [(path: String, scale: Double)] {
        guard ResourceReference.isName(name) else { return [] }  // never a path
        var found: [(path: String, scale: Double)] = []
        for folder in folders where folder.type == type {
            guard let scale = (folder.configuration.density ?? .dpi(160)).scale else { continue }
            // The bitmap formats a drawable folder holds (the collector's list, SVG aside).
            for ext in AssetCollector.imageFormats.filter({ $0 != .svg }).flatMap(\.fileExtensions) {
                let file = path + "/" + folder.name + "/" + name + "." + ext
                if FileIO.isRegularFile(file) { found.append((file, scale)) }
            }
        }
        return found.sorted { $0.scale < $1.scale }
    }

    /// The names of `type` resources whose XML root is `adaptive-icon` or whose name starts with
    /// `ic_launcher`, sorted.
    func launcherCandidates() -> [String] {
        var names: Set<String> = []
        for folder in folders where folder.type == "mipmap" {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder.name)) ?? [] {
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
