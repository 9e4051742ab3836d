import NinepipeCore

extension AssetConverter {
    /// The vector drawable an asset of that kind is made of in `configuration`: its file, its
    /// bytes and the drawable read with the tree's colours (night ones first in a dark
    /// configuration) and the theme asked for. Each platform's writer keeps it as a vector its
    /// own way (`iosVectorFiles`, `webVectorFiles`, the drawable itself on Android).
    func vectorDrawable(of asset: Asset, in configuration: AssetConfiguration = .standard) throws -> (
        path: String, bytes: [UInt8], drawable: VectorDrawable
    ) {
        let read = try xmlDrawable(of: asset, in: configuration, kind: .vectorDrawable) { root, resources in
            try VectorDrawable(root, resources: resources)
        }
        return (read.path, read.bytes, read.value)
    }

    /// The shape drawable an asset of that kind is made of in `configuration`: its file, its
    /// bytes and the shape read with the tree's colours and dimensions (night ones first in a
    /// dark configuration).
    func shapeDrawable(of asset: Asset, in configuration: AssetConfiguration = .standard) throws -> (path: String, bytes: [UInt8], shape: ShapeDrawable) {
        let read = try xmlDrawable(of: asset, in: configuration, kind: .shape) { root, resources in
            try ShapeDrawable(root, resources: resources)
        }
        return (read.path, read.bytes, read.value)
    }

    /// The file of `kind` among the asset's variants in `configuration`, read and parsed with the
    /// resources of its tree; errors name the file (and the themes that give missing colours).
    private func xmlDrawable<Value>(
        of asset: Asset, in configuration: AssetConfiguration, kind: Asset.Kind, parse: (ResourceXMLElement, VectorDrawable.Resources) throws -> Value
    ) throws -> (path: String, bytes: [UInt8], value: Value) {
        guard let source = asset.configured(configuration).variants.first(where: { $0.kind == kind }) else {
            throw AssetError.cannotExpress(detail: "\(asset.name): no \(kind.rawValue) drawable among its files")
        }
        let path = source.path
        do {
            let document = try documents.document(at: path)
            let resources = try resources(forDrawableAt: path, configuration: configuration)
            return (path, document.bytes, try parse(document.root, resources))
        } catch {
            throw Self.reading(error, path: path, limits: options.limits)
        }
    }

    /// The SVG source `source` of `asset` as a vector drawable, as Android Studio's import writes
    /// it (see `VectorDrawable.init(svg:limits:)`): an imageset's mirroring kept, an iOS template
    /// tinted by the theme's control colour as Material's icons are. `nil`, with a warning that
    /// the file is written as density PNGs, `instead` of what, and why, when the SVG uses what a
    /// vector drawable cannot express.
    func importedSVG(_ source: Asset.Variant, of asset: Asset, instead: String, warn: (String) -> Void) throws -> VectorDrawable? {
        var drawable: VectorDrawable
        do {
            drawable = try VectorDrawable(svg: try FileIO.read(source.path, maxBytes: 32 << 20, requiringRegularFile: true), limits: options.limits)
        } catch let error as SVGImportError where error.feature != nil {
            warn("\(source.path): written as density PNGs, \(instead): \(error.reason) (line \(error.line))")
            return nil
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError.inFile(path: source.path, underlying: error)
        }
        drawable.isAutoMirrored = asset.mirrorsInRightToLeft
        if asset.isTemplate && drawable.templateAttribute == nil { drawable.templateAttribute = Self.templateTint }
        return drawable
    }

    /// The vector `asset` is in `configuration` for a target that keeps vectors: its vector
    /// drawable as read, or its SVG source imported (``importedSVG(_:of:instead:warn:)``); `nil`
    /// when vectors are asked for as bitmaps, for other kinds, for a `.9.svg` (whose guides only
    /// images keep), and (with a warning) for an SVG a vector drawable cannot express.
    func keptVector(of asset: Asset, in configuration: AssetConfiguration, instead: String, warn: (String) -> Void) throws -> VectorDrawable? {
        guard !options.vectorsAsBitmaps else { return nil }
        let configured = asset.configured(configuration)
        switch configured.kind {
        case .vectorDrawable:
            return try vectorDrawable(of: asset, in: configuration).drawable
        case .svg:
            guard let source = configured.variants.last, !source.path.lowercased().hasSuffix(".9.svg") else { return nil }
            return try importedSVG(source, of: asset, instead: instead, warn: warn)
        case .bitmap, .shape, .layered:
            return nil
        }
    }
}
