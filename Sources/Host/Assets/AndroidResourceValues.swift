import NinepipeCore
import Synchronization

/// The values of an Android resource tree (`res/values/*.xml`) that vector drawables use: its
/// colours (`<color name="…">`, what `@color/NAME` resolves to) and its styles (`<style
/// name="…" parent="…">` with `<item name="…">`), from which a theme's colours are resolved.
struct AndroidResourceValues: Sendable {
    /// `@color/NAME` → the value as written.
    var colors: [String: String] = [:]
    /// `@string/NAME` → its text, for path data kept as strings (at most ``maxStringLength``
    /// characters each; longer ones are left out).
    var strings: [String: String] = [:]
    /// `@dimen/NAME` → its value as written.
    var dimensions: [String: String] = [:]
    /// `@color/NAME` of a colour state list → its default item's alpha (the colour is in ``colors``).
    var colorAlphas: [String: Double] = [:]
    static let maxStringLength = 1 << 20
    /// A style's name → its parent (explicit, or implied by a dotted name) and its items.
    var styles: [String: (parent: String?, items: [String: String])] = [:]
    /// The first values file that is not XML Ninepipe reads (refused for a DTD, an entity or its
    /// encoding, or not well-formed), and why: colours resolved without it could be wrong, so
    /// drawables of the tree report it instead of being drawn.
    var unreadable: AssetError?

    /// The values of the tree holding the drawable at `path`: its folder's parent's values
    /// folders for `configuration` (``folders(in:for:)``), when the folder is a `drawable` or `mipmap` one; none
    /// otherwise. The first file that cannot be read (larger than `ResourceFile.maxXMLBytes`, or
    /// gone) or whose XML is refused is kept in ``unreadable``.
    ///
    /// A folder is read once a process while its files keep their sizes and modification
    /// times: every drawable of a tree shares it (reading a real tree's values for each of its
    /// 300 drawables took most of `assets`' time).
    /// The folders that `configuration` selects more narrowly are read first, so their
    /// definitions win (`values-night` in a dark one, `values-fr` for French).
    init(forDrawableAt path: String, limits: ImageLimits, configuration: AssetConfiguration = .standard) {
        guard let tree = Self.tree(ofDrawableAt: path) else {
            self.init()
            return
        }
        self.init(tree: tree, limits: limits, configuration: configuration)
    }

    /// The `res/` tree whose values the drawable at `path` reads: its folder's parent, when the
    /// folder is a `drawable` or `mipmap` one; `nil` otherwise (a loose file reads none).
    static func tree(ofDrawableAt path: String) -> String? {
        let folder = FileIO.parentDirectory(of: path)
        let folderName = FileIO.baseName(of: folder)
        guard folderName.hasPrefix("drawable") || folderName.hasPrefix("mipmap") else { return nil }
        return FileIO.parentDirectory(of: folder)
    }

    /// The values of the `res/` tree at `tree` (see ``init(forDrawableAt:limits:configuration:)``).
    init(tree: String, limits: ImageLimits, configuration: AssetConfiguration = .standard) {
        let table = ResourceTable.table(at: tree)
        let files = Self.folders(in: tree, for: configuration).flatMap { values in
            table.files(inFolder: values).filter { $0.hasSuffix(".xml") }.map { values + "/" + $0 }
        }
        guard !files.isEmpty else { return }
        // stat(2), not FileManager's attributes, which look the owner up in /etc/passwd each time.
        let fingerprint = files.map { name in "\(name) \(FileIO.fingerprint(of: tree + "/" + name))" }
        let key = tree + "\u{0}" + configuration.description + "\u{0}" + String(limits.maxRenderSeconds) + String(limits.decoderMemoryLimit)
        let reading = Self.folders.withLock { folders in
            if let known = folders[key] { return known }
            if folders.count >= Self.maxCachedFolders { folders.removeAll() }
            let made = Folder()
            folders[key] = made
            return made
        }
        // One reader a folder: the workers converting its drawables wait for the first one's
        // reading instead of each reading it (16 jobs read 37 MB of values 16 times at once: 2.15 GB).
        self = reading.values.withLock { kept in
            if let kept, kept.fingerprint == fingerprint { return kept.values }
            var values = AndroidResourceValues()
            values.read(files.map { tree + "/" + $0 }, limits: limits)
            kept = (fingerprint, values)
            return values
        }
    }

    /// The `values…` and `color…` folders of the tree at `tree` a device in `configuration`
    /// reads, the one whose definitions win first, as Android's resource matching ranks them:
    /// locale (a region or script over a bare language), then layout direction, then night, then
    /// the higher API level. For French in the dark: `values-fr-night`, `values-fr`,
    /// `values-night-v31`, `values-night`, `values-v31`, `values`. Folders for another locale,
    /// direction or appearance, a density or other qualifiers are not read.
    static func folders(in tree: String, for configuration: AssetConfiguration) -> [String] {
        // Listed once a tree while it is unchanged (Wikipedia's holds 200 values folders, and
        // every drawable asks, in each configuration).
        let fingerprint = FileIO.fingerprint(of: tree)
        let key = tree + "\u{0}" + configuration.description
        if let kept = folderLists.withLock({ $0[key] }), kept.fingerprint == fingerprint { return kept.folders }
        let folders = listFolders(in: tree, for: configuration)
        folderLists.withLock { lists in
            if lists.count >= maxCachedFolders { lists.removeAll() }
            lists[key] = (fingerprint, folders)
        }
        return folders
    }

    /// The folder lists ``folders(in:for:)`` has made, by tree and configuration.
    private static let folderLists = Mutex<[String: (fingerprint: [Int], folders: [String])]>([:])

    /// ``folders(in:for:)`` read from the disk.
    private static func listFolders(in tree: String, for wanted: AssetConfiguration) -> [String] {
        let locale = wanted.locale.flatMap(ResourceConfiguration.Locale.init(languageTag:))
        func localeMatches(_ folder: ResourceConfiguration.Locale?) -> Bool {
            guard let folder else { return true }
            guard let locale, folder.language == locale.language else { return false }
            return (folder.region == nil || folder.region == locale.region) && (folder.script == nil || folder.script == locale.script)
        }
        let chosen = ResourceTable.table(at: tree).folders.filter { folder in
            let configuration = folder.configuration
            return (folder.type == "values" || folder.type == "color") && localeMatches(configuration.locale)
                && (configuration.isRightToLeft == nil || configuration.isRightToLeft == wanted.isRightToLeft)
                && configuration.density == nil && configuration.others.isEmpty && (configuration.isNight == nil || configuration.isNight == wanted.isDark)
        }
        func key(_ folder: ResourceTable.Folder) -> (Int, Int, Int, Int, Int, String) {
            let configuration = folder.configuration
            let localeRank = configuration.locale.map { ($0.region ?? $0.script) == nil ? 1 : 0 } ?? 2
            return (
                folder.type == "values" ? 0 : 1, localeRank, configuration.isRightToLeft == nil ? 1 : 0, configuration.isNight == nil ? 1 : 0,
                -(configuration.apiLevel ?? 0), folder.name
            )
        }
        return chosen.sorted { key($0) < key($1) }.map(\.name)
    }

    /// How many values folders the process keeps read.
    static let maxCachedFolders = 64
    /// The most bytes of values files one folder's reading takes in all (each file is at most
    /// 16 MiB, `ResourceFile.maxXMLBytes`): past it, none is read and ``unreadable`` says so.
    static let maxTotalBytes = 64 << 20

    /// One values folder's reading, done once while the others wait.
    private final class Folder: Sendable {
        let values = Mutex<(fingerprint: [String], values: AndroidResourceValues)?>(nil)
    }
    private static let folders = Mutex<[String: Folder]>([:])
    /// How many times each tree's values were read in this process (what tests count).
    static let folderReads = Mutex<[String: Int]>([:])

    private init() {}

    /// Reads the colours and styles of `paths`, the first definition of a name winning.
    private mutating func read(_ paths: [String], limits: ImageLimits) {
        Self.folderReads.withLock { $0[FileIO.parentDirectory(of: FileIO.parentDirectory(of: paths[0])), default: 0] += 1 }
        let total = paths.reduce(0) { sum, path in
            sum + (FileIO.sizeAndModificationTime(of: path)?.size ?? 0)
        }
        guard total <= Self.maxTotalBytes else {
            unreadable = .unreadableDocument(
                path: FileIO.parentDirectory(of: FileIO.parentDirectory(of: paths[0])),
                reason:
                    "its values files (\(paths.count) read for drawables) hold \(total >> 20) MiB, more than the \(Self.maxTotalBytes >> 20) MiB Ninepipe reads"
            )
            return
        }
        for path in paths {
            guard FileIO.isRegularFile(path) else { continue }
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true) } catch {
                // Too large, or gone: colours resolved without it could be wrong.
                if unreadable == nil { unreadable = .unreadableDocument(path: path, reason: "\(error)") }
                continue
            }
            let root: ResourceXMLElement
            do { root = try ResourceXML.parse(bytes, limits: limits) } catch {
                if unreadable == nil { unreadable = .unreadableDocument(path: path, reason: "\(error)") }
                continue
            }
            if DrawableKind(root) == .selector {
                // res/color/NAME.xml, a colour state list: the item the default state matches.
                let name = String(FileIO.baseName(of: path).dropLast(4))
                guard colors[name] == nil,
                    let item = root.children.first(where: { $0.name == "item" && DrawableReference.matchesDefaultState($0) }),
                    let color = item.attribute("color", namespace: ResourceXMLElement.androidNamespace)
                else { continue }
                colors[name] = color
                if let alpha = item.attribute("alpha", namespace: ResourceXMLElement.androidNamespace).flatMap({ Double(decimal: $0) }), alpha.isFinite {
                    colorAlphas[name] = min(1, max(0, alpha))
                }
                continue
            }
            guard root.name == "resources" else { continue }
            for element in root.children {
                guard let key = element.attribute("name", namespace: "") else { continue }
                switch element.name {
                case "dimen" where dimensions[key] == nil:
                    dimensions[key] = String(element.text.trimmingWhitespace)
                case "string" where strings[key] == nil && element.text.utf8.count <= Self.maxStringLength:
                    strings[key] = element.text
                case "color" where colors[key] == nil:
                    colors[key] = String(element.text.trimmingWhitespace)
                case "style" where styles[key] == nil:
                    var items: [String: String] = [:]
                    for item in element.children where item.name == "item" {
                        guard let itemName = item.attribute("name", namespace: "") else { continue }
                        items[itemName] = String(item.text.trimmingWhitespace)
                    }
                    var parent = element.attribute("parent", namespace: "").map { $0.hasPrefix("@style/") ? String($0.dropFirst(7)) : $0 }
                    if parent == nil, let dot = key.lastIndex(of: ".") { parent = String(key[..<dot]) }
                    styles[key] = (parent?.isEmpty == true ? nil : parent, items)
                default: break
                }
            }
        }
    }

    /// The colours theme `name` gives its attributes: every item of it and its ancestors (the
    /// nearest wins) whose value ends in a colour, by ``ResourceResolver``'s rules (the ones
    /// drawables are read by). `android:colorPrimary` and `colorPrimary` are both read as
    /// `colorPrimary`.
    func themeColors(_ name: String) -> [String: AndroidColor] {
        let resolver = ResourceResolver(resources: resources(theme: name))
        var resolved: [String: AndroidColor] = [:]
        for key in resolver.resources.themeValues.keys {
            if case .color(let color, _)? = try? resolver.color("?attr/" + key) { resolved[key] = color }
        }
        return resolved
    }

    /// The values as what drawables resolve their references through, with theme `name`'s
    /// items when one is given.
    func resources(theme name: String? = nil) -> VectorDrawable.Resources {
        var resources = VectorDrawable.Resources(colors: colors)
        resources.strings = strings
        resources.dimensions = dimensions
        resources.colorAlphas = colorAlphas
        if let name { resources.themeValues = themeItems(name) }
        return resources
    }

    /// Every item theme `name` gives, as written: its own and its ancestors' in this tree (the
    /// nearest wins). `android:colorPrimary` and `colorPrimary` are both read as `colorPrimary`.
    func themeItems(_ name: String) -> [String: String] {
        var items: [String: String] = [:]
        var style: String? = name
        var seen: Set<String> = []
        while let current = style, let found = styles[current], seen.insert(current).inserted {
            for (key, value) in found.items {
                let attribute = key.hasPrefix("android:") ? String(key.dropFirst(8)) : key
                if items[attribute] == nil { items[attribute] = value }
            }
            style = found.parent
        }
        return items
    }

    /// The styles theme `name`'s chain passes through in this tree, from `name` up, and the
    /// parent it names that the tree does not hold (a library's or Android's theme), if any.
    func themeChain(_ name: String) -> (styles: [String], leaves: String?) {
        var chain: [String] = []
        var style: String? = name
        while let current = style, !chain.contains(current) {
            guard let found = styles[current] else { return (chain, current) }
            chain.append(current)
            style = found.parent
        }
        return (chain, nil)
    }

    /// The tree's themes, sorted: its styles whose chain leaves the tree for a library's or the
    /// platform's theme (`Theme.Material3.Light`, `android:Theme.Material`), not for an overlay
    /// (`ThemeOverlay.…`) or a text or widget style.
    var themes: [String] {
        styles.keys.filter { name in
            guard let leaves = themeChain(name).leaves else { return false }
            let parent = leaves.split(separator: "/").last.map(String.init) ?? leaves
            return parent.hasPrefix("Theme.") || parent.hasPrefix("android:Theme.") || parent == "Theme" || parent == "android:Theme"
        }.sorted()
    }

    /// Whether the tree defines a style called `name`.
    func hasStyle(_ name: String) -> Bool { styles[name] != nil }
}
