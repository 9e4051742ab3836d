import NinepipeCore

/// One asset's Compose Multiplatform files: a vector drawable in the subset the common parser
/// reads (every reference resolved, the tint and root alpha baked into the paints), or the
/// image at every density plus an unqualified copy of the densest (the plugin falls back to no
/// other density); configurations the grammar cannot say are named in a warning.
struct ComposeAssetWriter {
    let asset: Asset
    let context: AssetTargetContext

    private var converter: AssetConverter { context.converter }

    /// The files of every configuration, with the asset's entry for the generated Kotlin.
    func files(in configurations: [AssetConfiguration]) throws -> AssetConverter.Conversion {
        guard let stem = ComposeLayout.fileStem(asset.name) else {
            throw AssetError.invalidTargetName(asset: asset.name, target: "Compose resource", reason: "it has no ASCII letter or digit")
        }
        var entry = ComposeAssetEntry(name: asset.name, accessor: ComposeLayout.accessor(ofFile: stem + ".png"))
        var files: [AssetFile] = []
        var warnings: [String] = []
        for configuration in configurations {
            // Compose resources have no layout direction: a right-to-left file gets a name of its own.
            var base = configuration
            var name = stem
            if configuration.isRightToLeft {
                base.isRightToLeft = false
                name += "_rtl"
                warnings.append(
                    "\(asset.name): its right-to-left files are written as \(name) (Res.drawable.\(ComposeLayout.accessor(ofFile: name + ".png"))): Compose resources have no layout-direction qualifier; choose it by LocalLayoutDirection"
                )
            }
            guard ComposeLayout.folder(base, density: nil) != nil else {
                warnings.append(
                    "\(asset.name): its \(configuration) files are left out: Compose resources' qualifiers say a 2–3 letter language and a 2-letter region, not \(configuration.locale ?? "this locale")"
                )
                continue
            }
            if let xml = try vector(in: configuration) {
                files.append(AssetFile(path: (ComposeLayout.folder(base, density: nil) ?? "drawable") + "/" + name + ".xml", text: xml))
            } else {
                files += try images(in: configuration, folder: base, name: name, entry: &entry)
            }
        }
        var conversion = AssetConverter.Conversion(files: files, warnings: warnings)
        conversion.targetEntry = entry
        return conversion
    }

    /// The vector drawable Compose's common parser reads, or `nil` for images (a bitmap, a
    /// shape or layers, vectors asked for as bitmaps, or a drawable that cannot be baked, with a
    /// warning).
    private func vector(in configuration: AssetConfiguration) throws -> String? {
        let configured = asset.configured(configuration)
        guard let drawable = try converter.keptVector(of: asset, in: configuration, instead: "not a vector drawable", warn: context.warn) else { return nil }
        let baked: VectorDrawable
        switch ComposeVector.baked(drawable) {
        case .success(let drawable): baked = drawable
        case .failure(let refusal):
            context.warn(
                "\(configured.variants.first?.path ?? asset.name): written as density PNGs, not a vector drawable: \(refusal.reason), and Compose's parser reads no android:tint, tintMode or root alpha"
            )
            return nil
        }
        var lines = baked.xml().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if drawable.isTemplate || asset.isTemplate {
            // After the XML declaration, which must come first.
            let at = lines.first?.hasPrefix("<?xml") == true ? 1 : 0
            lines.insert("<!-- A template: its paints are white, meant to be tinted (Icon(painterResource(…), tint = …)). -->", at: at)
        }
        return lines.joined(separator: "\n")
    }

    /// The image at every density the sources are dense enough for, and an unqualified copy of
    /// the densest; a nine-patch's slicing kept for the generated Kotlin.
    private func images(in configuration: AssetConfiguration, folder: AssetConfiguration, name: String, entry: inout ComposeAssetEntry) throws -> [AssetFile] {
        var files: [AssetFile] = []
        var densest: (bytes: [UInt8], extension: String)?
        for (scale, qualifier) in ComposeLayout.densities {
            guard let rendered = try context.rendered(asset, in: configuration, at: scale),
                let path = ComposeLayout.folder(folder, density: qualifier)
            else { continue }
            var (bytes, fileExtension) = try converter.encoded(rendered)
            if fileExtension != "png" && fileExtension != "jpg" { fileExtension = "png" }
            files.append(AssetFile(path: path + "/" + name + "." + fileExtension, bytes: bytes))
            densest = (bytes, fileExtension)
            let image = rendered.image
            if let slicing = NinePatchFileSlicing(key: configuration.variantKey, scale: scale, image: image) { entry.slicings.append(slicing) }
        }
        guard let densest, let path = ComposeLayout.folder(folder, density: nil) else {
            throw AssetError.notDenseEnough(asset: asset.name, scales: "mdpi", densest: AssetCollector.format(asset.variants.last?.scale ?? 0))
        }
        // The plugin falls back to no other density: a file without one is there for any screen.
        files.append(AssetFile(path: path + "/" + name + "." + densest.extension, bytes: densest.bytes))
        if asset.kind == .shape || asset.kind == .layered {
            context.warn("\(asset.name): a \(asset.kind == .shape ? "shape" : "layer list") drawn to density PNGs: Compose resources read no such drawable")
        }
        return files
    }
}
