import NinepipeCore

extension AppIcon {
    /// The launcher icon of `inputs`: one master image (a file, or an `.appiconset` or catalog
    /// holding one), or an Android tree (a `res/` folder or the folder holding it).
    ///
    /// In a tree, the icon is the one `AndroidManifest.xml` names (`manifest`, else the one beside
    /// `res/`) on `<application android:icon>`; without a manifest, a `mipmap` resource that is an
    /// `adaptive-icon` or is called `ic_launcher…` (`ic_launcher` first). Its highest-API XML
    /// (`mipmap-anydpi-v26`) is read as an adaptive icon; without one, its densest PNG is a legacy
    /// icon.
    public static func find(in inputs: [String], manifest: String? = nil, background: Background? = nil, options: AssetOptions) throws -> AppIcon {
        guard let input = inputs.first else { throw AppIconError.notFound(inputs: "no input", looked: "nothing given") }
        if inputs.count > 1 { throw AppIconError.severalSources(first: inputs[0], second: inputs[1]) }
        let path = input.count > 1 && input.hasSuffix("/") ? String(input.dropLast()) : input
        guard FileIO.exists(path) else { throw AssetError.missingInput(path: input) }
        if !FileIO.isDirectory(path) {
            if path.hasSuffix(".xml") && (try? AssetCollector.xmlKind(path)) == .adaptiveIcon {
                let tree = ResourceTree(path: FileIO.parentDirectory(of: FileIO.parentDirectory(of: path)))
                return try adaptive(path, tree: tree, name: AssetCollector.assetName(path), options: options)
            }
            return try master(path, background: background, options: options)
        }
        if path.hasSuffix(".appiconset") || path.hasSuffix(".xcassets") {
            return try master(try masterImage(inCatalog: path, codecs: options.codecs), background: background, options: options)
        }
        let found = ResourceTree.resourceFolders(under: path)
        guard let res = found.first else {
            throw AppIconError.notFound(inputs: input, looked: "no res/ folder there, nor a res, src/main/res or MODULE/src/main/res folder in it")
        }
        if found.count > 1 { throw AppIconError.severalSources(first: found[0], second: found[1]) }
        let tree = ResourceTree(path: res)
        let manifestPath = manifest ?? FileIO.parentDirectory(of: res) + "/AndroidManifest.xml"
        var notes: [String] = []
        var reference: String?
        if manifest != nil || FileIO.isRegularFile(manifestPath) {
            let named = try manifestIcon(manifestPath)
            if let named, named.value.hasPrefix("@mipmap/") || named.value.hasPrefix("@drawable/") {
                do { _ = try ResourceReference(parsing: named.value) } catch {
                    throw AppIconError.manifest(path: manifestPath, reason: "line \(named.line): \(error)")
                }
                reference = named.value
            } else {
                notes.append(
                    "\(manifestPath): <application> names no icon resource (\(named.map { XMLText.quoted($0.value) } ?? "no android:icon")); looked for ic_launcher instead"
                )
            }
        }
        if reference == nil {
            let candidates = tree.launcherCandidates()
            guard let name = candidates.first(where: { $0 == "ic_launcher" }) ?? candidates.first else {
                throw AppIconError.notFound(
                    inputs: input,
                    looked: FileIO.isRegularFile(manifestPath)
                        ? "\(manifestPath) names none, and no mipmap is an adaptive icon or called ic_launcher…"
                        : "no AndroidManifest.xml beside \(res), and no mipmap is an adaptive icon or called ic_launcher…")
            }
            reference = "@mipmap/" + name
        }
        let parts = (reference ?? "").dropFirst().split(separator: "/", maxSplits: 1).map(String.init)
        let (type, name) = (parts.first ?? "mipmap", parts.last ?? "")
        var icon: AppIcon
        if let xml = tree.xmlFile(named: name, type: type), (try? AssetCollector.xmlKind(xml)) == .adaptiveIcon {
            icon = try adaptive(xml, tree: tree, name: name, options: options)
        } else if let densest = tree.bitmaps(named: name, type: type).last {
            icon = AppIcon(source: densest.path, name: name, legacy: .bitmap(path: densest.path, scale: densest.scale))
            icon.warnings.append(
                "\(densest.path): a legacy icon (no adaptive-icon): used whole, its own shape and margins included, with no dark or tinted variant")
        } else if let xml = tree.xmlFile(named: name, type: type) {
            // A drawable that is not an adaptive icon (a vector): the whole visible icon.
            let layer = try DrawableLayerReader(tree: tree, limits: options.limits) { try AssetConverter.resources(forDrawableAt: $0, options: options) }.layer(
                reference: "@\(type)/\(name)", file: xml, line: 0)
            icon = AppIcon(source: xml, name: name, legacy: layer)
        } else {
            throw AppIconError.manifest(path: manifestPath, reason: "the icon \(reference ?? "") is not in \(res) (no \(type)*/\(name).xml or .png)")
        }
        icon.warnings = notes + icon.warnings
        return icon
    }

    /// `<application android:icon>` of the manifest at `path` (else its `android:roundIcon`)
    /// and its line, `nil` when it names none.
    static func manifestIcon(_ path: String) throws -> (value: String, line: Int)? {
        let root: ResourceXMLElement
        do {
            root = try ResourceXML.parse(FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true), limits: .default)
        } catch {
            throw AppIconError.manifest(path: path, reason: "\(error)")
        }
        guard root.name == "manifest" else { throw AppIconError.manifest(path: path, reason: "the root element is <\(root.name)>, not <manifest>") }
        guard let application = root.children.first(where: { $0.name == "application" }) else { return nil }
        for name in ["icon", "roundIcon"] {
            if let value = application.attribute(name) { return (value, application.line(of: name)) }
        }
        return nil
    }

    /// The adaptive icon at `path`: its `<background>`, `<foreground>` and `<monochrome>` layers.
    static func adaptive(_ path: String, tree: ResourceTree, name: String, options: AssetOptions) throws -> AppIcon {
        let root: ResourceXMLElement
        do {
            root = try ResourceXML.parse(FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true), limits: options.limits)
        } catch {
            throw AppIconError.layer(path: path, line: 0, reason: "\(error)")
        }
        let reader = DrawableLayerReader(tree: tree, limits: options.limits) { try AssetConverter.resources(forDrawableAt: $0, options: options) }
        func layer(_ element: String) throws -> DrawableLayer? {
            guard let found = root.children.first(where: { $0.name == element }) else { return nil }
            if let reference = found.attribute("drawable") { return try reader.layer(reference: reference, file: path, line: found.line(of: "drawable")) }
            guard let inner = found.children.first else { return nil }
            return try reader.layer(element: inner, file: path, depth: 1)
        }
        var icon = AppIcon(source: path, name: name)
        icon.background = try layer("background")
        icon.foreground = try layer("foreground")
        icon.monochrome = try layer("monochrome")
        let references = ["foreground", "monochrome"].map { element in root.children.first { $0.name == element }?.attribute("drawable") }
        icon.monochromeIsForeground = references[0] != nil && references[0] == references[1]
        if case .color(let color) = icon.background { icon.backgroundColor = color }
        guard icon.background != nil || icon.foreground != nil else {
            throw AppIconError.layer(path: path, line: root.line, reason: "the adaptive icon has neither a background nor a foreground")
        }
        return icon
    }

    /// The master image of an `.appiconset` (or the first in a catalog): its universal or
    /// iOS 1024 image with no appearance, else its largest file.
    static func masterImage(inCatalog path: String, codecs: ImageCodecRegistry) throws -> String {
        var set = path
        if path.hasSuffix(".xcassets") {
            guard let found = contents(of: path).first(where: { $0.hasSuffix(".appiconset") }) else {
                throw AppIconError.notFound(inputs: path, looked: "the catalog has no .appiconset")
            }
            set = path + "/" + found
        }
        let files = contents(of: set).filter { AssetCollector.isImage($0, codecs: codecs) }
        let sized = files.compactMap { file -> (String, Int)? in
            guard let bytes = try? FileIO.read(set + "/" + file, maxBytes: 64 << 20, requiringRegularFile: true),
                let info = try? codecs.info(bytes)
            else { return nil }
            return (file, min(info.width, info.height))
        }
        // The light icon: files named for dark or tinted appearances come after it.
        let light = sized.filter { !$0.0.lowercased().contains("dark") && !$0.0.lowercased().contains("tinted") }
        guard let best = (light.isEmpty ? sized : light).max(by: { $0.1 < $1.1 }) else {
            throw AppIconError.notFound(inputs: path, looked: "the icon set holds no image")
        }
        return set + "/" + best.0
    }

    /// The names in the folder at `path`, sorted, hidden ones left out.
    private static func contents(of path: String) -> [String] {
        FileIO.names(in: path, visibleOnly: true, sorted: true) ?? []
    }
}
