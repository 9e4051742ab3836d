import NinepipeCore

/// One asset's Flutter files: in each configuration, an SVG for a vector that `flutter_svg` and
/// `vector_graphics_compiler` draw (else density PNGs, with a warning naming what they lack), or
/// the image at each density Flutter reads, and what the generated Dart needs to know of it.
struct FlutterAssetWriter {
    let asset: Asset
    let context: AssetTargetContext

    private var converter: AssetConverter { context.converter }

    /// The files of every configuration, with the asset's entry for the generated Dart.
    func files(in configurations: [AssetConfiguration]) throws -> AssetConverter.Conversion {
        let stem = try DartName.fileStem(asset.name)
        var entry = FlutterAssetEntry(name: asset.name, identifier: try DartName.identifier(asset.name))
        entry.isTemplate = asset.isTemplate
        entry.matchesTextDirection = asset.mirrorsInRightToLeft && !configurations.contains(where: \.isRightToLeft)
        var files: [AssetFile] = []
        if let shapes = try decorations(in: configurations) {
            entry.shapes = shapes
            if let size = shapes[0].shape.size(at: 1) { (entry.width, entry.height) = (Double(size.width), Double(size.height)) }
            var conversion = AssetConverter.Conversion(files: [], warnings: [])
            conversion.targetEntry = entry
            return conversion
        }
        for configuration in configurations {
            let name = stem + configuration.flutterFileSuffix
            if let svg = try vector(in: configuration) {
                let path = FlutterLayout.vectorFolder + "/" + name + ".svg"
                files.append(AssetFile(path: path, text: svg.text))
                entry.isVector = true
                entry.isTemplate = entry.isTemplate || svg.isTemplate
                entry.matchesTextDirection = entry.matchesTextDirection || (svg.mirrors && !configurations.contains(where: \.isRightToLeft))
                if configuration.isStandard { (entry.width, entry.height) = (svg.width, svg.height) }
                entry.paths.append(.init(key: configuration.variantKey, path: path))
            } else {
                files += try images(in: configuration, name: name, entry: &entry)
            }
        }
        var conversion = AssetConverter.Conversion(files: files, warnings: [])
        conversion.targetEntry = entry
        return conversion
    }

    /// The shape drawable of each configuration, when Flutter draws every one of them as a
    /// decoration (a rectangle or an oval, no dashes); `nil` otherwise, and for other kinds.
    private func decorations(in configurations: [AssetConfiguration]) throws -> [FlutterAssetEntry.Shape]? {
        guard !converter.options.vectorsAsBitmaps, asset.kind == .shape else { return nil }
        var shapes: [FlutterAssetEntry.Shape] = []
        for configuration in configurations {
            guard asset.configured(configuration).kind == .shape else { return nil }
            let shape = try converter.shapeDrawable(of: asset, in: configuration).shape
            guard FlutterDecoration(shape: shape).expression(indent: 0) != nil else { return nil }
            shapes.append(.init(key: configuration.variantKey, shape: shape))
        }
        return shapes
    }

    /// An SVG Flutter draws: a vector drawable's translation, or an SVG source read as a vector
    /// drawable and written back in that subset; `nil` for a bitmap, or (with a warning) for a
    /// vector using what Flutter's SVG packages do not draw.
    private func vector(in configuration: AssetConfiguration) throws -> (text: String, width: Double, height: Double, isTemplate: Bool, mirrors: Bool)? {
        let configured = asset.configured(configuration)
        guard let drawable = try converter.keptVector(of: asset, in: configuration, instead: "not an SVG for Flutter", warn: context.warn) else { return nil }
        // A template's paints are white, to be tinted in the app (a colour filter), never currentColor.
        let text = try drawable.svg(templateColor: "#FFFFFF")
        if let missing = FlutterSVG.unsupportedFeature(in: text) {
            context.warn("\(configured.variants.first?.path ?? asset.name): written as density PNGs, not an SVG for Flutter: \(missing)")
            return nil
        }
        return (text, drawable.width, drawable.height, drawable.isTemplate, drawable.isAutoMirrored)
    }

    /// The image at each density, named `name` in the image folder and its variant folders; a
    /// nine-patch's slicing kept for the generated Dart.
    private func images(in configuration: AssetConfiguration, name: String, entry: inout FlutterAssetEntry) throws -> [AssetFile] {
        var scales = FlutterLayout.scales
        if asset.configured(configuration).variants.contains(where: { abs($0.scale - FlutterLayout.lowDensity.scale) < 1e-6 }) {
            scales.insert(FlutterLayout.lowDensity, at: 0)
        }
        var rendered: [(scale: Double, folder: String, image: AssetRenderer.Rendered)] = []
        for (scale, folder) in scales {
            guard let image = try context.rendered(asset, in: configuration, at: scale) else { continue }
            rendered.append((scale, folder, image))
        }
        guard rendered.contains(where: { $0.scale == 1 }) else {
            throw AssetError.notDenseEnough(asset: asset.name, scales: "1.0x", densest: AssetCollector.format(asset.variants.last?.scale ?? 0))
        }
        // One file name in every variant folder: copies keep their format only when all share it.
        var encoded = try rendered.map { try converter.encoded($0.image) }
        if Set(encoded.map(\.extension)).count > 1 {
            encoded = try rendered.map { item in
                var image = item.image.image
                image.metadata.ninePatch = nil
                return (try context.png(image), "png")
            }
        }
        var files: [AssetFile] = []
        for (item, (bytes, fileExtension)) in zip(rendered, encoded) {
            let path = FlutterLayout.imageFolder + "/" + item.folder + name + "." + fileExtension
            files.append(AssetFile(path: path, bytes: bytes))
            let image = item.image.image
            if item.scale == 1 {
                entry.paths.append(.init(key: configuration.variantKey, path: path))
                if configuration.isStandard { (entry.width, entry.height) = (Double(image.width), Double(image.height)) }
            }
            if let slicing = NinePatchFileSlicing(key: configuration.variantKey, scale: item.scale, image: image) { entry.slicings.append(slicing) }
        }
        return files
    }
}
