import NinepipeCore

extension AssetConverter {
    /// The iOS writer: an asset as `NAME.imageset/` in an asset catalog, for each kind of
    /// resource.
    ///
    /// Each configuration's images are slots of the same imageset: a dark one's with
    /// `appearances` `luminosity: dark`, a right-to-left one's with `language-direction:
    /// right-to-left` (the standard slots then say `left-to-right`), as Xcode writes them.
    func iosFiles(_ asset: Asset, configurations: [AssetConfiguration], notes: WarningList) throws -> Conversion {
        switch asset.kind {
        case .vectorDrawable where !options.vectorsAsBitmaps: try iosVectorFiles(asset, configurations: configurations)
        // A shape: drawn at its size, or a rectangle without one as a stretchable image whose
        // cap insets are its corners plus its stroke.
        case .bitmap, .svg, .vectorDrawable, .shape, .layered: try iosImageFiles(asset, configurations: configurations, notes: notes)
        }
    }

    /// `NAME.imageset/` with `NAME.png`, `NAME@2x.png`, `NAME@3x.png` and `Contents.json`.
    ///
    /// mdpi = @1x, xhdpi = @2x, xxhdpi = @3x; other scales come from the nearest denser file.
    /// A nine-patch gets `resizing` per image (cap insets in that image's pixels, mode
    /// `9-part` or `3-part-*` when one axis does not stretch), layout bounds become
    /// `alignment-insets`. A scale no file is dense enough for is an empty slot.
    func iosImageFiles(_ asset: Asset, configurations: [AssetConfiguration], notes: WarningList) throws -> Conversion {
        var entries: [ImageSetContents.Entry] = []
        var files: [AssetFile] = []
        var missing: [String] = []
        let folder = asset.name + ".imageset"
        let hasRightToLeft = configurations.contains { $0.isRightToLeft }
        for configuration in configurations {
            let renderer = renderer(for: asset, configuration: configuration, notes: notes)
            for scale in 1...3 {
                var entry = ImageSetContents.Entry(filename: nil, scale: scale)
                entry.configuration = configuration
                entry.isLeftToRight = (hasRightToLeft || asset.mirrorsInRightToLeft) && !configuration.isRightToLeft
                guard let rendered = try renderer.image(at: Double(scale)) else {
                    if configuration.isStandard { missing.append("@\(scale)x") }
                    entries.append(entry)
                    continue
                }
                let stem = asset.name + configuration.fileSuffix
                try iosSlot(&entry, rendered, stem: stem, asset: asset, folder: folder, files: &files, notes: notes)
                entries.append(entry)
            }
        }
        if !entries.contains(where: { $0.configuration.isStandard && $0.filename != nil }) {
            throw AssetError.notDenseEnough(asset: asset.name, scales: "@1x", densest: AssetCollector.format(asset.variants.last?.scale ?? 0))
        }
        var contents = ImageSetContents(entries: entries)
        // A template stays one whatever its form: an imageset's, or a vector drawable's drawn as PNGs.
        contents.isTemplate = asset.isTemplate || (asset.kind == .vectorDrawable && (try? vectorDrawable(of: asset).drawable.isTemplate) == true)
        files.append(AssetFile(path: folder + "/Contents.json", text: contents.text(author: options.author)))
        return Conversion(files: files, warnings: [], missingScales: missing)
    }

    /// Fills `entry`, the slot of `rendered` at its scale: its file (`stem`, `@2x`, extension),
    /// slicing and alignment insets.
    private func iosSlot(
        _ entry: inout ImageSetContents.Entry, _ rendered: AssetRenderer.Rendered, stem: String, asset: Asset, folder: String, files: inout [AssetFile],
        notes: WarningList
    ) throws {
        let scale = entry.scale
        let image = rendered.image
        if let chunk = image.metadata.ninePatch?.chunk, let mode = Self.resizingMode(chunk) {
            let span = try singleSpan(chunk, asset: asset, platform: "iOS", notes: notes)
            let caps = span.capInsets(width: image.width, height: image.height)
            let center = options.centerMode ?? rendered.source.resizing?.centerMode ?? .stretch
            entry.resizing = ImageSetResizing(mode: mode, centerMode: center, capInsets: caps)
            entry.centerSize = PixelSize(width: image.width - Int(caps.left) - Int(caps.right), height: image.height - Int(caps.top) - Int(caps.bottom))
        }
        if let bounds = image.metadata.ninePatch?.layoutBounds?.insets, !bounds.isZero { entry.alignmentInsets = bounds }
        let (bytes, fileExtension) = try encoded(rendered)
        entry.filename = stem + (scale == 1 ? "" : "@\(scale)x") + "." + fileExtension
        files.append(AssetFile(path: folder + "/" + (entry.filename ?? ""), bytes: bytes))
    }

    /// `9-part`, or `3-part-*` when only one axis stretches; `nil` when neither does.
    static func resizingMode(_ chunk: NinePatchChunk) -> ImageSetResizing.Mode? {
        switch (chunk.xDivs.isEmpty, chunk.yDivs.isEmpty) {
        case (false, false): .ninePart
        case (false, true): .threePartHorizontal
        case (true, false): .threePartVertical
        case (true, true): nil
        }
    }

    /// A vector drawable as `NAME.imageset` with `NAME.svg` (the drawable translated with
    /// Android's semantics) and `preserves-vector-representation`, a single-scale vector Xcode 12
    /// and later keeps (SVG rather than PDF: the translation is already an SVG, drawn and tested
    /// by the same renderer, and Xcode rasterizes both the same way for older systems); a
    /// template gets `template-rendering-intent: template`.
    ///
    /// Each configuration is a slot of its own SVG (`NAME-dark.svg`); an `autoMirrored`
    /// drawable's slots say `language-direction: left-to-right`, Xcode's "Mirrors", so UIKit
    /// flips it in right-to-left layouts as Android does.
    func iosVectorFiles(_ asset: Asset, configurations: [AssetConfiguration]) throws -> Conversion {
        let folder = asset.name + ".imageset"
        let standard = try vectorDrawable(of: asset).drawable
        var files: [AssetFile] = []
        var contents = ImageSetContents(entries: [])
        let hasRightToLeft = configurations.contains { $0.isRightToLeft }
        for configuration in configurations {
            let drawable = configuration.isStandard ? standard : try vectorDrawable(of: asset, in: configuration).drawable
            let file = asset.name + configuration.fileSuffix + ".svg"
            files.append(AssetFile(path: folder + "/" + file, text: try drawable.svg()))
            var entry = ImageSetContents.Entry(filename: file, scale: 1)
            entry.hasScale = false
            entry.configuration = configuration
            entry.isLeftToRight = !configuration.isRightToLeft && (hasRightToLeft || standard.isAutoMirrored || asset.mirrorsInRightToLeft)
            contents.entries.append(entry)
        }
        contents.preservesVectorRepresentation = true
        contents.isTemplate = standard.isTemplate
        return Conversion(files: files + [AssetFile(path: folder + "/Contents.json", text: contents.text(author: options.author))], warnings: [])
    }
}
