import NinepipeCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Finds the assets in `assets` inputs: image files, Android `res/` trees and `drawable-*`
/// folders, `.imageset` folders and `.xcassets` catalogs. The same name in several densities
/// is one asset.
///
/// - Files: the scale comes from a `drawable-<density>` parent folder, else an `@2x`/`@3x`
///   suffix, else ``sourceScale``.
/// - `res/`: every `drawable[-locale][-ldrtl][-night][-density][-vN]` folder; locale, `-night`
///   and `-ldrtl` ones give the asset's localized, dark and right-to-left configurations
///   (``AssetConfiguration``), as do night colours (`values-night`) for vector and shape
///   drawables. Folders with other qualifiers (`-land`, `-sw600dp`…) are skipped with one
///   warning each, since iOS and the web have no such configurations; name such a folder
///   itself to convert it. Vector
///   drawables convert from any of these folders (`nodpi` and `anydpi` ones too: a vector has
///   no density; of several with one name, the highest `-vN`'s), and stand for their name over
///   bitmaps of the same name; other XML drawables are counted in a warning by kind.
///
/// Symbolic links met while walking an input are followed only when they lead inside that input
/// (so `res/drawable-hdpi -> /elsewhere` is left out with a warning, and a folder is entered
/// once however many links lead to it: `g/l1 -> ..` cannot make the walk loop), unless
/// ``followsLinks`` is set.
public struct AssetCollector: Sendable {
    /// The scale of files whose name and folder say none (1 = mdpi = @1x).
    public var sourceScale: Double
    /// Whether links leading out of an input are followed too (default `false`;
    /// the command line's follow-links option). Each folder is still entered once.
    public var followsLinks = false
    /// The codecs that say which files are images (default: the built-in ones); give the run's
    /// (``AssetOptions/codecs``), so what is collected is what converts.
    public var codecs = ImageCodecRegistry.builtIn

    /// Creates a collector.
    public init(sourceScale: Double = 1) { self.sourceScale = sourceScale }

    /// What was found: the assets, the files read and notes (named so as not to shadow the
    /// standard library's `Collection`).
    public struct Inventory: Sendable {
        /// The assets, sorted by name.
        public var assets: [Asset]
        /// Every file read (images and `Contents.json`): outputs must never replace one.
        public var inputFiles: [String]
        /// Notes about what was skipped.
        public var warnings: [String]
        /// Every file of the inputs left out before conversion, with why (each is also counted in
        /// one of ``warnings``): what a report of the run lists.
        public var skipped: [Skipped] = []
        /// Whether `path` is one of the files read (``inputFiles``), compared by real path: a file a
        /// run must not write, a report included.
        public func reads(_ path: String) -> Bool {
            let identity = BatchRunner.identity(of: path)
            return inputFiles.contains { BatchRunner.identity(of: $0) == identity }
        }
        /// The colour names the XML drawables refer to, and the `res/` folders they are in.
        var colorNames: Set<String> = []
        var trees: Set<String> = []

        /// Creates an inventory.
        public init(assets: [Asset], inputFiles: [String], warnings: [String]) {
            self.assets = assets
            self.inputFiles = inputFiles
            self.warnings = warnings
        }

        /// Of the colour names given (``AssetOptions/colors``: a colour resource, a theme
        /// attribute, or `android:NAME` for a framework colour), those that nothing in the
        /// inputs refers to or defines, each with the nearest name that is (a typo, most likely).
        public func unmatchedColorNames(_ given: [String], limits: ImageLimits = .default) -> [(name: String, nearest: String?)] {
            var known = colorNames
            for tree in trees {
                let values = AndroidResourceValues(tree: tree, limits: limits)
                known.formUnion(values.colors.keys)
                for style in values.styles.values { known.formUnion(style.items.keys.map { $0.hasPrefix("android:") ? String($0.dropFirst(8)) : $0 }) }
            }
            let candidates = known.sorted()
            return given.filter { !known.contains($0) }.sorted().map { ($0, Suggestions.closest(to: $0, in: candidates)) }
        }
    }

    /// Collects the assets of `inputs`.
    ///
    /// - Throws: ``AssetError`` for a missing input, a malformed `Contents.json`, or two files
    ///   claiming the same asset and scale.
    public func collect(_ inputs: [String]) throws(AssetError) -> Inventory {
        var state = State()
        for input in inputs {
            let path = input.count > 1 && input.hasSuffix("/") ? String(input.dropLast()) : input
            guard FileIO.exists(path) else { throw .missingInput(path: input) }
            if FileIO.isDirectory(path) {
                // A module or repository root: its resource folder, when it has one.
                var folder = path
                if !Self.holdsAssets(path) {
                    let found = ResourceTree.resourceFolders(under: path)
                    if found.count > 1 { throw .severalResourceFolders(input: input, found: found) }
                    if let res = found.first, res != path {
                        folder = res
                        state.warnings.append("\(input): converting its resource folder \(res)")
                    }
                }
                state.root = FileIO.realPath(folder)
                try collectDirectory(folder, into: &state)
            } else if path.lowercased().hasSuffix(".xml") {
                // One XML drawable given by itself, read with its tree's values.
                guard let kind = try Self.xmlKind(path).assetKind else { throw .notAnImage(path: input) }
                state.addDrawable(Self.assetName(path), Asset.Variant(path: path, scale: 1, kind: kind), apiLevel: 0)
            } else {
                guard Self.isImage(path, codecs: codecs) else { throw .notAnImage(path: input) }
                try state.add(Self.assetName(path), Asset.Variant(path: path, scale: scale(ofFile: path), codecs: codecs))
            }
        }
        var warnings = state.warnings
        if !state.skippedFolders.isEmpty {
            let files = state.skippedFolders.values.reduce(0, +)
            let names = state.skippedFolders.keys.sorted()
            warnings.append(
                "skipped \(files) file\(files == 1 ? "" : "s") in \(names.count) folder\(names.count == 1 ? "" : "s") with qualifiers other than density, locale, night and ldrtl (\(names.prefix(4).joined(separator: ", "))\(names.count > 4 ? ", …" : "")): other platforms have no such configurations; name a folder itself to convert it"
            )
        }
        for (reason, files) in state.unreadFiles.sorted(by: { $0.key < $1.key }) {
            warnings.append(
                "left out \(files.count) file\(files.count == 1 ? "" : "s") of drawable folders, \(reason): \(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? ", …" : "")"
            )
        }
        if !state.refusedFolders.isEmpty {
            let names = state.refusedFolders.keys.sorted()
            let files = state.refusedFolders.values.reduce(0, +)
            warnings.append(
                "left out \(files) file\(files == 1 ? "" : "s") in \(names.count) folder\(names.count == 1 ? "" : "s") whose name aapt2 does not read as a resource folder (\(names.prefix(4).joined(separator: ", "))\(names.count > 4 ? ", …" : "")): a qualifier it does not know, or qualifiers out of Android's order (drawable-night-hdpi, not drawable-hdpi-night); rename the folder"
            )
        }
        if !state.superseded.isEmpty {
            let names = state.superseded.sorted()
            warnings.append(
                "\(names.count) drawable\(names.count == 1 ? " has" : "s have") files in several API-level (-vNN) folders (\(names.prefix(4).joined(separator: ", "))\(names.count > 4 ? ", …" : "")): the highest API level's is converted, as a current device picks, and the others are left out (each named in the report of the run)"
            )
        }
        if !state.linksLeftOut.isEmpty {
            let links = state.linksLeftOut
            warnings.append(
                "left out \(links.count) symbolic link\(links.count == 1 ? "" : "s") leading out of the folder given (\(links.prefix(3).joined(separator: ", "))\(links.count > 3 ? ", …" : "")): name the target itself, or allow links out of the tree"
            )
        }
        if let clips = state.xmlDrawables.removeValue(forKey: DrawableKind.clip.elementName) {
            warnings.append(
                "skipped \(clips) <clip> drawable\(clips == 1 ? "" : "s"): a clip draws nothing until the app sets its level (0 at rest), so there is no picture to convert; in a layer list it is drawn empty"
            )
        }
        let xmlCount = state.xmlDrawables.values.reduce(0, +)
        if xmlCount > 0 {
            let kinds = state.xmlDrawables.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            warnings.append(
                "skipped \(xmlCount) XML drawable\(xmlCount == 1 ? "" : "s") (\(kinds.joined(separator: ", "))): bitmaps, vectors, shapes, layer lists and insets convert, these kinds do not yet"
            )
        }
        // A vector drawable stands for its name at every density, in its configuration: bitmaps
        // of the same name are the fallbacks older Android versions use (AGP's generated PNGs).
        for (key, vector) in state.drawables {
            for fallback in state.variants[key.name, default: []] where fallback.configuration == key.configuration {
                state.skipped.append(
                    Skipped(
                        path: fallback.path,
                        reason: "a bitmap standing in for \(vector.variant.path) on older Android versions, which every target here reads instead"))
            }
            state.variants[key.name, default: []].removeAll { $0.configuration == key.configuration }
            state.variants[key.name, default: []].append(vector.variant)
        }
        // A vector or shape drawable whose tree has night colours has a dark configuration: the
        // same file read with values-night over values (dropped by the writers when nothing changes).
        var nightTrees: [String: Bool] = [:]  // asked once a tree, not once a drawable
        func hasNightValues(_ path: String) -> Bool {
            let tree = FileIO.parentDirectory(of: FileIO.parentDirectory(of: path))
            if let known = nightTrees[tree] { return known }
            let found = Self.hasNightValues(forDrawableAt: path)
            nightTrees[tree] = found
            return found
        }
        for (key, vector) in state.drawables where key.configuration.isStandard && hasNightValues(vector.variant.path) {
            let dark = AssetConfiguration(isDark: true)
            guard state.variants[key.name]?.contains(where: { $0.configuration == dark }) != true else { continue }
            var variant = vector.variant
            variant.configuration = dark
            state.variants[key.name, default: []].append(variant)
        }
        var assets: [Asset] = []
        var withoutDefault: [String] = []
        for name in state.variants.keys.sorted() {
            let all = state.variants[name] ?? []
            let standard = all.filter { $0.configuration.isStandard }
            guard !standard.isEmpty else {
                withoutDefault.append(name)
                for variant in all {
                    state.skipped.append(
                        Skipped(path: variant.path, reason: "only dark, right-to-left or localized files: Android finds none in the default configuration"))
                }
                continue
            }
            var asset = Asset(
                name: name, variants: standard, configurations: Dictionary(grouping: all.filter { !$0.configuration.isStandard }, by: \.configuration))
            asset.mirrorsInRightToLeft = state.mirrored.contains(name) && !asset.configurations.keys.contains { $0.isRightToLeft }
            asset.isTemplate = state.templates.contains(name)
            assets.append(asset)
        }
        Self.resolve(state.references, into: &assets, warnings: &warnings, skipped: &state.skipped)
        if !withoutDefault.isEmpty {
            warnings.append(
                "skipped \(withoutDefault.count) drawable\(withoutDefault.count == 1 ? "" : "s") with only dark or right-to-left files (\(withoutDefault.prefix(4).joined(separator: ", "))\(withoutDefault.count > 4 ? ", …" : "")): Android would find none in the default configuration either"
            )
        }
        var inventory = Inventory(assets: assets, inputFiles: state.inputFiles, warnings: warnings)
        (inventory.colorNames, inventory.trees, inventory.skipped) = (state.colorNames, state.trees, state.skipped.sorted { $0.path < $1.path })
        return inventory
    }

    private struct State {
        var variants: [String: [Asset.Variant]] = [:]
        var inputFiles: [String] = []
        var warnings: [String] = []
        var skippedFolders: [String: Int] = [:]
        /// XML drawables that are neither vectors nor shapes, by their root element.
        var xmlDrawables: [String: Int] = [:]
        /// XML drawables that stand for others (selectors, ripples…).
        var references: [DrawableReference] = []
        /// Imagesets whose slots say `language-direction: left-to-right`.
        var mirrored: Set<String> = []
        /// Imagesets that say `template-rendering-intent: template`.
        var templates: Set<String> = []
        /// Vector and shape drawables by name and configuration, with the API level of the folder
        /// each came from.
        var drawables: [DrawableKey: (variant: Asset.Variant, apiLevel: Int)] = [:]
        /// The real path of the input folder being walked.
        var root: String?
        /// Folders entered, by device and inode.
        var visited: Set<[UInt64]> = []
        /// Links met that lead out of the input.
        var linksLeftOut: [String] = []
        /// Folders named like drawable folders whose qualifiers aapt2 refuses, with how many
        /// entries each holds.
        var refusedFolders: [String: Int] = [:]
        /// Files of drawable folders that are not read, by why.
        var unreadFiles: [String: [String]] = [:]
        /// The colour names the XML drawables refer to (``ColorNames``).
        var colorNames: Set<String> = []
        /// Every file left out, with why.
        var skipped: [Skipped] = []
        /// The `res/` folders whose XML drawables were read.
        var trees: Set<String> = []
        /// Drawables with files in several `-vNN` folders of one configuration (one converted).
        var superseded: Set<String> = []

        mutating func add(_ name: String, _ variant: Asset.Variant) throws(AssetError) {
            if let other = variants[name]?.first(where: { abs($0.scale - variant.scale) < 1e-9 && $0.configuration == variant.configuration }) {
                throw .duplicateAsset(name: name, scale: AssetCollector.format(variant.scale), first: other.path, second: variant.path)
            }
            variants[name, default: []].append(variant)
            inputFiles.append(variant.path)
        }

        /// A vector or shape drawable: where several folders hold one of the same name (`drawable` and
        /// `drawable-anydpi-v24`), the one for the highest API level, as a current device picks.
        mutating func addDrawable(_ name: String, _ variant: Asset.Variant, apiLevel: Int) {
            inputFiles.append(variant.path)
            let key = DrawableKey(name: name, configuration: variant.configuration)
            if let kept = drawables[key], kept.apiLevel >= apiLevel {
                skipped.append(Skipped(path: variant.path, reason: "superseded by \(kept.variant.path), for a higher API level, as a current device picks"))
                superseded.insert(name)
                return
            }
            if let replaced = drawables[key] {
                skipped.append(Skipped(path: replaced.variant.path, reason: "superseded by \(variant.path), for a higher API level, as a current device picks"))
                superseded.insert(name)
            }
            drawables[key] = (variant, apiLevel)
        }
    }

    /// A file of the inputs left out before conversion, and why.
    public struct Skipped: Sendable, Hashable {
        /// The file.
        public var path: String
        /// Why it was left out.
        public var reason: String
    }

    /// An imageset slot: a scale in a configuration.
    private struct ImageSetSlot: Hashable {
        var scale: Int
        var configuration: AssetConfiguration
    }

    /// A vector or shape drawable's name and configuration.
    private struct DrawableKey: Hashable {
        var name: String
        var configuration: AssetConfiguration
    }

    /// Whether the tree holding the drawable at `path` has a night values folder
    /// (`values-night`, `values-night-v31`, `color-night`) with XML.
    static func hasNightValues(forDrawableAt path: String) -> Bool {
        let tree = FileIO.parentDirectory(of: FileIO.parentDirectory(of: path))
        let light = Set(AndroidResourceValues.folders(in: tree, for: .standard))
        let table = ResourceTable.table(at: tree)
        return AndroidResourceValues.folders(in: tree, for: AssetConfiguration(isDark: true)).contains { folder in
            !light.contains(folder) && table.files(inFolder: folder).contains { $0.hasSuffix(".xml") }
        }
    }

    /// Whether the walk may use `path`: anything that is not a link, or a link leading inside
    /// the input (or any link with ``followsLinks``); a link left out is remembered for a warning.
    private func allows(_ path: String, _ state: inout State) -> Bool {
        guard !followsLinks, FileIO.isSymbolicLink(path) else { return true }
        if let root = state.root, FileIO.leads(path, inside: root) { return true }
        state.linksLeftOut.append(path)
        state.skipped.append(Skipped(path: path, reason: "a symbolic link leading out of the folder given"))
        return false
    }

    /// Whether the folder at `path` is entered for the first time (by device and inode).
    private func entersFirstTime(_ path: String, _ state: inout State) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return state.visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
    }

    private func collectDirectory(_ path: String, into state: inout State) throws(AssetError) {
        guard entersFirstTime(path, &state) else { return }
        let base = FileIO.baseName(of: path)
        if base.hasSuffix(".imageset") {
            try collectImageSet(path, into: &state)
        } else if base.hasSuffix(".xcassets") {
            for imageSet in imageSets(under: path, &state) { try collectImageSet(imageSet, into: &state) }
        } else if let configuration = Self.drawableFolder(base) {
            let files = Self.list(path).filter { FileIO.isRegularFile(path + "/" + $0) }
            try collectDrawables(path, files: files, configuration: configuration, into: &state, named: true)
        } else {
            // A res/ tree (or any folder): listed once, by the resource table its other readers share.
            let table = ResourceTable.table(at: path)
            let folders = Set(table.folders.map(\.name) + table.refusedFolders)
            let children = table.names.filter { allows(path + "/" + $0, &state) }
            for child in children where folders.contains(child) {
                if let configuration = Self.drawableFolder(child) {
                    try collectDrawables(path + "/" + child, files: table.files(inFolder: child), configuration: configuration, into: &state, named: false)
                } else if let folder = ResourceConfiguration.folder(child), folder.type == "mipmap" || folder.type == "color" {
                    // Launcher icons (the app icon conversion reads the app's) and colour state lists (read as
                    // the colours drawables name): accounted for, not converted as drawables.
                    let reason =
                        folder.type == "mipmap"
                        ? "a launcher icon (mipmap): converted as the app's icon, not as a drawable"
                        : "a colour state list: read as the colour drawables name, not an image"
                    for entry in table.names(inFolder: child) { state.skipped.append(Skipped(path: path + "/" + child + "/" + entry, reason: reason)) }
                } else if child.split(separator: "-").first == "drawable" {
                    // Named like a drawable folder, but aapt2 would refuse it (an unknown qualifier,
                    // or qualifiers out of Android's order): its files are not resources.
                    let entries = table.names(inFolder: child)
                    state.refusedFolders[child] = entries.count
                    for entry in entries {
                        state.skipped.append(
                            Skipped(path: path + "/" + child + "/" + entry, reason: "in a folder whose name aapt2 does not read as a resource folder"))
                    }
                }
            }
            for child in children where child.hasSuffix(".imageset") || child.hasSuffix(".xcassets") {
                try collectDirectory(path + "/" + child, into: &state)
            }
            for child in children where Self.isImage(child, codecs: codecs) && FileIO.isRegularFile(path + "/" + child) {
                let file = path + "/" + child
                try state.add(Self.assetName(file), Asset.Variant(path: file, scale: scale(ofFile: file), codecs: codecs))
            }
        }
    }

    /// The configuration of a `drawable[-qualifiers]` folder called `name`, or `nil` when it is
    /// not one aapt2 reads.
    static func drawableFolder(_ name: String) -> ResourceConfiguration? {
        guard let folder = ResourceConfiguration.folder(name), folder.type == "drawable" else { return nil }
        return folder.configuration
    }

    /// A `drawable-…` folder's drawables, of its regular `files`; `named` when the user named
    /// the folder itself (then other qualifiers are accepted).
    private func collectDrawables(
        _ path: String, files regularFiles: [String], configuration folder: ResourceConfiguration, into state: inout State, named: Bool
    ) throws(AssetError) {
        guard named || entersFirstTime(path, &state) else { return }
        let files = regularFiles.filter { allows(path + "/" + $0, &state) }
        let images = files.filter { Self.isImage($0, codecs: codecs) }
        // An image this build cannot read (built without WebP, say), or a file that is neither
        // an image nor XML: each counted in a warning, never dropped without a word.
        for file in files where !images.contains(file) && !file.hasSuffix(".xml") {
            let format = Self.imageFormat(of: file, codecs: codecs)
            let reason = format.map { "\($0) (this build has no \($0) decoder)" } ?? "not an image or XML"
            state.unreadFiles[reason, default: []].append(path + "/" + file)
            state.skipped.append(Skipped(path: path + "/" + file, reason: reason))
        }
        // Night and right-to-left folders are configurations every platform has; others
        // (a locale, `-land`, `-sw600dp`) are not yet.
        let configuration = named ? AssetConfiguration.standard : AssetConfiguration(folder)
        guard named || folder.others.isEmpty else {
            let skipped = images + files.filter { $0.hasSuffix(".xml") }
            if !skipped.isEmpty { state.skippedFolders[FileIO.baseName(of: path), default: 0] += skipped.count }
            for file in skipped {
                state.skipped.append(
                    Skipped(
                        path: path + "/" + file,
                        reason:
                            "in a folder with qualifiers other platforms have no configuration for (\(folder.others.map(\.qualifier).joined(separator: "-")))"))
            }
            return
        }
        // Vector drawables have no density: taken from nodpi and anydpi folders too.
        for file in files where file.hasSuffix(".xml") {
            let (root, names) = try Self.xmlDocument(path + "/" + file)
            state.colorNames.formUnion(names)
            state.trees.insert(FileIO.parentDirectory(of: path))
            guard let kind = root.assetKind, root != .layerList else {
                // A reference, or a layer list of one plain layer (which stands for what it names).
                if root == .layerList || root.isReference,
                    let reference = try DrawableReference(
                        name: Self.assetName(file), path: path + "/" + file, configuration: configuration, limits: ImageLimits.default)
                {
                    state.references.append(reference)
                    state.inputFiles.append(path + "/" + file)
                } else if root == .layerList {
                    // Layers that are composited (a single layer that only names a drawable is a reference).
                    state.addDrawable(
                        Self.assetName(file), Asset.Variant(path: path + "/" + file, scale: 1, configuration: configuration, kind: .layered),
                        apiLevel: folder.apiLevel ?? 0)
                } else {
                    state.xmlDrawables[root.elementName, default: 0] += 1
                    let reason =
                        root == .clip
                        ? "a <clip> draws nothing until the app sets its level (0 at rest, as a progress bar's is before it moves): there is no picture to convert"
                        : "a <\(root.elementName)> drawable: this kind does not convert yet"
                    state.skipped.append(Skipped(path: path + "/" + file, reason: reason))
                }
                continue
            }
            state.addDrawable(
                Self.assetName(file), Asset.Variant(path: path + "/" + file, scale: 1, configuration: configuration, kind: kind),
                apiLevel: folder.apiLevel ?? 0)
        }
        // A folder without a density qualifier is mdpi's; nodpi and anydpi ones have no scale.
        guard let scale = (folder.density ?? .dpi(160)).scale else {
            if !images.isEmpty { state.skippedFolders[FileIO.baseName(of: path), default: 0] += images.count }
            for file in images {
                state.skipped.append(Skipped(path: path + "/" + file, reason: "a bitmap in a nodpi or anydpi folder has no density to be scaled from"))
            }
            return
        }
        for file in images {
            try state.add(Self.assetName(file), Asset.Variant(path: path + "/" + file, scale: scale, configuration: configuration, codecs: codecs))
        }
    }

    /// The root element's name of the XML file at `path` (`vector`, `shape`, `selector`…), or
    /// `unreadable`; throws ``AssetError/unreadableDocument(path:reason:)`` for text in an
    /// encoding Ninepipe does not read (see ``XMLText``), which would otherwise hide its kind.
    static func xmlKind(_ path: String) throws(AssetError) -> DrawableKind { try xmlDocument(path).kind }

    /// The kind of the XML file at `path` (as ``xmlKind(_:)``) and the colour names it refers
    /// to (``ColorNames/referenced(in:)``).
    static func xmlDocument(_ path: String) throws(AssetError) -> (kind: DrawableKind, colorNames: Set<String>) {
        guard let bytes = try? FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true) else { return (.other("unreadable"), []) }
        do {
            let text = try XMLText.utf8(bytes)
            return (DrawableKind(rootElement: VectorDrawableCodec.rootName(of: text) ?? "unreadable"), ColorNames.referenced(in: text))
        } catch {
            throw .unreadableDocument(path: path, reason: error.description)
        }
    }

    private func collectImageSet(_ path: String, into state: inout State) throws(AssetError) {
        let contentsPath = path + "/Contents.json"
        let bytes: [UInt8]
        do { bytes = try FileIO.read(contentsPath, requiringRegularFile: true) } catch {
            // The reason without the path, which the error names itself.
            let reason: String =
                switch error {
                case .cannotRead(_, let reason): "cannot read: \(reason)"
                default: "\(error)"
                }
            throw .unreadableContents(path: contentsPath, reason: reason)
        }
        let contents = try ImageSetContents(parsing: bytes, path: contentsPath)
        state.inputFiles.append(contentsPath)
        let name = String(FileIO.baseName(of: path).dropLast(".imageset".count))
        // One image per scale and configuration (dark, right-to-left): universal first, then
        // iPhone; other idioms are left out. A light-only slot stands in for a missing "any" one.
        var chosen: [ImageSetSlot: ImageSetContents.Entry] = [:]
        var skippedIdioms: Set<String> = []
        for entry in contents.entries where entry.filename != nil {
            let slot = ImageSetSlot(scale: entry.scale, configuration: entry.configuration)
            let kept = chosen[slot]
            let better =
                kept == nil || (kept?.isLightOnly == true && !entry.isLightOnly)
                || (kept?.isLightOnly == entry.isLightOnly && entry.idiom == "universal" && kept?.idiom != "universal")
            if entry.idiom == "universal" || entry.idiom == "iphone" {
                if better { chosen[slot] = entry }
            } else {
                skippedIdioms.insert(entry.idiom)
            }
        }
        if !skippedIdioms.isEmpty {
            state.warnings.append("\(path): left out the \(skippedIdioms.sorted().joined(separator: ", ")) images; only universal and iphone images convert")
        }
        if chosen.values.contains(where: \.isLeftToRight) { state.mirrored.insert(name) }
        if contents.isTemplate { state.templates.insert(name) }
        for slot in chosen.keys.sorted(by: { ($0.configuration, $0.scale) < ($1.configuration, $1.scale) }) {
            guard let entry = chosen[slot], let filename = entry.filename else { continue }
            let file = path + "/" + filename
            guard FileIO.exists(file) else { throw .missingImageSetFile(contents: contentsPath, scale: slot.scale, file: filename) }
            try state.add(
                name,
                Asset.Variant(
                    path: file, scale: Double(slot.scale), resizing: entry.resizing, alignmentInsets: entry.alignmentInsets, configuration: slot.configuration))
        }
    }

    /// Whether the folder at `path` holds assets itself: it is a drawable folder, an imageset or a
    /// catalog, or holds one of those or an image file.
    static func holdsAssets(_ path: String) -> Bool {
        let base = FileIO.baseName(of: path)
        if base.hasSuffix(".imageset") || base.hasSuffix(".xcassets") || drawableFolder(base) != nil { return true }
        return list(path).contains { child in
            child.hasSuffix(".imageset") || child.hasSuffix(".xcassets") || drawableFolder(child) != nil || isImage(child)
        }
    }

    /// The scale a loose file's folder or name gives it.
    private func scale(ofFile path: String) -> Double {
        if let folder = Self.drawableFolder(FileIO.baseName(of: FileIO.parentDirectory(of: path))), let scale = (folder.density ?? .dpi(160)).scale {
            return scale
        }
        return Self.scaleSuffix(of: FileIO.baseName(of: path)) ?? sourceScale
    }

    /// `button` for `button.9.png`, `button@2x.png` and `button.jpg`.
    static func assetName(_ path: String) -> String {
        let stem = stem(of: FileIO.baseName(of: path))
        guard scaleSuffix(of: stem) != nil, let at = stem.lastIndex(of: "@") else { return stem }
        return String(stem[..<at])
    }

    /// 2 for `x@2x.png` or `x@2x`; `nil` without such a suffix.
    static func scaleSuffix(of fileName: String) -> Double? {
        let stem = stem(of: fileName)
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x") else { return nil }
        let number = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
        guard let value = Double(number), value > 0, value <= 8 else { return nil }
        return value
    }

    /// A file name without its extension and without a nine-patch `.9`: `button@2x` for `button@2x.9.png`.
    private static func stem(of fileName: String) -> String {
        var stem = fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        if stem.lowercased().hasSuffix(".9") { stem = String(stem.dropLast(2)) }
        return stem
    }

    /// The built-in image formats a drawable folder, an imageset or a loose file may hold.
    static let imageFormats: [ImageFormat] = [.png, .jpeg, .webp, .gif, .svg]
    /// Built-in formats that are not assets here (photos' containers, XML read as drawables).
    static let notAssetFormats: [ImageFormat] = [.heic, .avif, .vectorDrawable]

    /// The format of the image file `path` names by its extension: one of ``imageFormats``, or
    /// a format of `codecs` of a tool's own (registered beside the built-in ones).
    static func imageFormat(of path: String, codecs: ImageCodecRegistry = .builtIn) -> ImageFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let suffix = path[path.index(after: dot)...].lowercased()
        if let known = imageFormats.first(where: { $0.fileExtensions.contains(suffix) }) { return known }
        guard let own = codecs.format(forPath: path), !notAssetFormats.contains(own) else { return nil }
        return own
    }

    /// Whether `path` names an image `codecs` read (PNG, JPEG, WebP, GIF or SVG, or a format of
    /// a tool's own codec, by extension).
    static func isImage(_ path: String, codecs: ImageCodecRegistry = .builtIn) -> Bool {
        imageFormat(of: path, codecs: codecs).map(codecs.reads) ?? false
    }

    static func format(_ scale: Double) -> String {
        scale == scale.rounded() ? "\(Int(scale))x" : "\(scale)x"
    }

    private static func list(_ path: String) -> [String] {
        FileIO.names(in: path, visibleOnly: true, sorted: true) ?? []
    }

    /// Every `.imageset` below a catalog (groups are plain folders), each folder entered once.
    private func imageSets(under path: String, _ state: inout State) -> [String] {
        var found: [String] = []
        for child in Self.list(path) where FileIO.isDirectory(path + "/" + child) && allows(path + "/" + child, &state) {
            guard entersFirstTime(path + "/" + child, &state) else { continue }
            if child.hasSuffix(".imageset") { found.append(path + "/" + child) } else { found += imageSets(under: path + "/" + child, &state) }
        }
        return found
    }
}
