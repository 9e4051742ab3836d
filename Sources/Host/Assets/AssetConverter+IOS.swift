import NinepipeCore

extension AssetConverter {
    /// The iOS writer: an asset as `NAME.imageset/` in an asset catalog, for each kind of
    /// resource.
    func iosFiles(_ asset: Asset, renderer: AssetRenderer, notes: WarningList) throws -> Conversion {
        switch asset.kind {
        case .vectorDrawable where !options.vectorsAsBitmaps: try iosVectorFiles(asset)
        case .bitmap, .svg, .vectorDrawable: try iosImageFiles(asset, renderer: renderer, notes: notes)
        }
    }

    /// `NAME.imageset/` with `NAME.png`, `NAME@2x.png`, `NAME@3x.png` and `Contents.json`.
    ///
    /// mdpi = @1x, xhdpi = @2x, xxhdpi = @3x; other scales come from the nearest denser file.
    /// A nine-patch gets `resizing` per image (cap insets in that image's pixels, mode
    /// `9-part` or `3-part-*` when one axis does not stretch), layout bounds become
    /// `alignment-insets`. A scale no file is dense enough for is an empty slot.
    func iosImageFiles(_ asset: Asset, renderer: AssetRenderer, notes: WarningList) throws -> Conversion {
        var entries: [ImageSetContents.Entry] = []
        var files: [AssetFile] = []
        var missing: [String] = []
        let folder = asset.name + ".imageset"
        for scale in 1...3 {
            var entry = ImageSetContents.Entry(filename: nil, scale: scale)
            guard let rendered = try renderer.image(at: Double(scale)) else {
                missing.append("@\(scale)x")
                entries.append(entry)
                continue
            }
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
            entry.filename = asset.name + (scale == 1 ? "" : "@\(scale)x") + "." + fileExtension
            files.append(AssetFile(path: folder + "/" + (entry.filename ?? ""), bytes: bytes))
            entries.append(entry)
        }
        if files.isEmpty {
            throw AssetError.notDenseEnough(asset: asset.name, scales: "@1x", densest: AssetCollector.format(asset.variants.last?.scale ?? 0))
        }
        files.append(AssetFile(path: folder + "/Contents.json", text: ImageSetContents(entries: entries).text(author: options.author)))
        return Conversion(files: files, warnings: [], missingScales: missing)
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
    func iosVectorFiles(_ asset: Asset) throws -> Conversion {
        let drawable = try vectorDrawable(of: asset).drawable
        let folder = asset.name + ".imageset"
        var properties: [String: JSONValue] = ["preserves-vector-representation": .bool(true)]
        if drawable.isTemplate { properties["template-rendering-intent"] = .string("template") }
        let contents = JSONValue.object([
            "images": .array([.object(["filename": .string(asset.name + ".svg"), "idiom": .string("universal")])]),
            "info": .object(["author": .string(options.author), "version": .number(1)]),
            "properties": .object(properties),
        ])
        return Conversion(
            files: [
                AssetFile(path: folder + "/" + asset.name + ".svg", text: drawable.svg()),
                AssetFile(path: folder + "/Contents.json", text: contents.text),
            ], warnings: [])
    }
}
