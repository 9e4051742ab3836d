import NinepipeCore

/// Converts assets for one platform: asset in, files (paths and bytes) out. Writing, reruns
/// and parallelism are ``AssetRun``'s; this type only computes.
///
/// ```swift
/// let collection = try AssetCollector().collect(["app/src/main/res"])
/// let converter = AssetConverter(options: AssetOptions(target: .ios))
/// for asset in collection.assets {
///     let result = try converter.convert(asset)       // result.files: Contents.json and PNGs
/// }
/// ```
public struct AssetConverter: Sendable {
    /// What to make.
    public var options: AssetOptions
    /// The run's XML drawables, each read and parsed once.
    let documents: ResourceDocuments
    /// What the run's drawables resolve references to, once per tree and appearance.
    let resolved = ResolvedResources()

    /// Creates a converter.
    public init(options: AssetOptions) {
        self.options = options
        documents = ResourceDocuments(limits: options.limits)
    }

    /// The files of one asset, and what could not be said on the target platform.
    public struct Conversion: Sendable {
        /// The files, paths relative to the output folder.
        public var files: [AssetFile]
        /// Notes: renames, slicing the platform cannot express, decoder warnings.
        public var warnings: [String]
        /// The scales (`@3x`, `xxxhdpi`, `2x`) no file was dense enough for: left out.
        public var missingScales: [String] = []
        /// The asset's entry in the web manifest (`assets.json`).
        var manifestEntry: JSONValue?
        /// What a target keeps of the asset for its closing files (Flutter's generated code).
        var targetEntry: (any Sendable)?

        /// Creates a conversion of `files` with `warnings`.
        public init(files: [AssetFile], warnings: [String], missingScales: [String] = []) {
            self.files = files
            self.warnings = warnings
            self.missingScales = missingScales
        }
    }

    /// Converts `asset`.
    ///
    /// - Throws: ``AssetError/leftOut(path:reason:)`` for an asset left out for a reason the
    ///   inputs cannot change (a shape or layer list with no size of its own, colours only a
    ///   library's or Android's theme gives: a warning, not a failure); a `FileError`
    ///   naming the file that cannot be read or decoded, or a ``AssetError`` for slicing the
    ///   platform cannot express under ``AssetOptions/strict``.
    public func convert(_ asset: Asset) throws -> Conversion {
        do {
            return try conversion(of: asset)
        } catch {
            throw omission(for: error) ?? error
        }
    }

    private func conversion(of asset: Asset) throws -> Conversion {
        let notes = WarningList()
        if asset.kind == .layered, !options.target.keepsDrawableXML || options.vectorsAsBitmaps, let unsized = try unsizedLayers(asset) {
            throw unsized
        }
        let configurations = try configurations(of: asset)
        // The target writes every kind of resource (Asset.Kind) for each configuration the asset
        // has; a new target is one more conforming type.
        var result = try options.target.files(for: asset, in: configurations, context: AssetTargetContext(converter: self, notes: notes))
        result.warnings = notes.all + result.warnings
        return result
    }

    /// Why the layer list or inset `asset` is left out of images, when it is: it has no size of
    /// its own (only colours and size-less shapes), so Android stretches it to its view and there
    /// is no size to draw it at.
    func unsizedLayers(_ asset: Asset) throws -> AssetError? {
        guard let path = asset.variants.first(where: { $0.kind == .layered })?.path else { return nil }
        let layer = try DrawableLayerReader.reading(path, limits: options.limits, documents: documents) { [self] in
            try resources(forDrawableAt: $0)
        }
        guard layer.intrinsicSize(codecs: options.codecs) == nil else { return nil }
        return .leftOut(
            path: path,
            reason:
                "a layer list or inset with no size of its own (only colours and shapes without <size>) is stretched to its view on Android, and has no size to be drawn at here"
        )
    }

    /// The renderer of `asset`'s files in `configuration` (a dark one's vector drawables take
    /// the tree's night colours).
    func renderer(for asset: Asset, configuration: AssetConfiguration, notes: WarningList) -> AssetRenderer {
        let renderer = AssetRenderer(
            asset: asset.configured(configuration), codecs: options.codecs, limits: options.limits, upscale: options.upscale, documents: documents
        ) {
            notes.append($0)
        }
        renderer.resources = { [self] path in try resources(forDrawableAt: path, configuration: configuration) }
        return renderer
    }

    /// The configurations `asset` is written in: the standard one, and each other one that
    /// differs from it. A dark configuration that is only the standard vector drawable read with
    /// the tree's night colours is left out when those colours change nothing in it.
    func configurations(of asset: Asset) throws -> [AssetConfiguration] {
        try asset.allConfigurations.filter { configuration in
            let light = configuration.with(isDark: false)
            guard configuration.isDark, let variant = asset.configurations[configuration]?.first,
                let standard = asset.configured(light).variants.first, standard.path == variant.path
            else { return true }
            switch variant.kind {
            case .vectorDrawable: return try vectorDrawable(of: asset, in: configuration).drawable != vectorDrawable(of: asset, in: light).drawable
            case .shape: return try shapeDrawable(of: asset, in: configuration).shape != shapeDrawable(of: asset, in: light).shape
            case .layered:
                // Layers name other drawables: compared as drawn (one with no size of its own is
                // not drawn: left out of images, kept as XML on Android, which reads values-night).
                guard try unsizedLayers(asset) == nil else { return false }
                let notes = WarningList()
                return try renderer(for: asset, configuration: configuration, notes: notes).image(at: 1)?.image
                    != renderer(for: asset, configuration: light, notes: notes).image(at: 1)?.image
            case .bitmap, .svg: return true
            }
        }
    }

    /// ``resources(forDrawableAt:options:configuration:)`` with this converter's options, worked
    /// out once a run for each tree and configuration.
    func resources(forDrawableAt path: String, configuration: AssetConfiguration = .standard) throws -> VectorDrawable.Resources {
        try resolved.resources(forDrawableAt: path, configuration: configuration) {
            try Self.resources(forDrawableAt: path, options: options, configuration: configuration)
        }
    }

    /// What the colours of the vector drawable at `path` resolve to: its tree's colours, the
    /// theme's (``AssetOptions/theme``) and the colours given (``AssetOptions/colors``, which win).
    ///
    /// In `configuration`, the values folders it selects win over `values`' (`values-night` in a
    /// dark one, `values-fr` for French, `values-ldrtl` right to left).
    public static func resources(
        forDrawableAt path: String, options: AssetOptions, configuration: AssetConfiguration = .standard
    ) throws -> VectorDrawable.Resources {
        let values = AndroidResourceValues(forDrawableAt: path, limits: options.limits, configuration: configuration)
        if let unreadable = values.unreadable { throw unreadable }
        if let theme = options.theme, !values.hasStyle(theme) {
            throw AssetError.unknownTheme(name: theme, tree: FileIO.parentDirectory(of: FileIO.parentDirectory(of: path)), themes: values.themes)
        }
        var resources = values.resources(theme: options.theme)
        for (name, color) in options.colors {
            resources.themeColors[name] = color
            resources.colors[name] = color.description
        }
        return resources
    }

    /// `error`, met reading the drawable at `path`, as the file error to report; a drawable
    /// needing theme colours is told which of the tree's themes give them.
    static func reading(_ error: any Error, path: String, limits: ImageLimits) -> any Error {
        if let error = error as? FileError { return error }
        if let error = error as? DrawableLayerError { return error }
        var attributes: [String] = []
        if let error = error as? VectorDrawableError, error.needsTheme { attributes = error.themeAttributes }
        if let error = error as? ShapeDrawableError, let attribute = error.themeAttribute { attributes = [attribute] }
        guard !attributes.isEmpty else { return FileError.inFile(path: path, underlying: error) }
        let values = AndroidResourceValues(forDrawableAt: path, limits: limits)
        let themes = values.themes.filter { style in
            let colors = values.themeColors(style)
            let items = values.themeItems(style)
            return attributes.allSatisfy { colors[$0] != nil || (error is ShapeDrawableError && items[$0] != nil) }
        }
        return AssetError.themeColorsNeeded(path: path, reason: "\(error)", attributes: attributes, themes: themes.sorted())
    }

    /// The one stretch span per axis iOS and CSS can express; several regions on an axis become
    /// one span from the first start to the last end, with a warning (an error under `strict`).
    func singleSpan(_ chunk: NinePatchChunk, asset: Asset, platform: String, notes: WarningList) throws -> NinePatchChunk {
        var result = chunk
        let file = asset.variants.last?.path ?? asset.name
        for (axis, divs) in [("horizontal", chunk.xDivs), ("vertical", chunk.yDivs)] where divs.count > 2 {
            let message =
                "\(file): \(divs.count / 2) stretch regions on the \(axis) axis; \(platform) has one center per axis, so the span from the first region's start to the last one's end stretches, fixed parts in it included"
            if options.strict { throw AssetError.cannotExpress(detail: message) }
            notes.append(message)
            if axis == "horizontal" { result.xDivs = [divs[0], divs[divs.count - 1]] } else { result.yDivs = [divs[0], divs[divs.count - 1]] }
        }
        return result
    }

    /// `image` encoded like its source: PNG, or JPEG for a JPEG source. A source used as it is
    /// (same scale, upright, no nine-patch) is copied byte for byte.
    func encoded(_ rendered: AssetRenderer.Rendered, stripping: Bool = true) throws -> (bytes: [UInt8], extension: String) {
        let sourceFormat = options.codecs.format(forPath: rendered.source.path)
        let isJPEG = sourceFormat == .jpeg
        // A PNG or JPEG used as it is is copied; a WebP or GIF drawable becomes a PNG.
        if let original = rendered.original, sourceFormat == .png || isJPEG { return (original, isJPEG ? "jpg" : "png") }
        var image = rendered.image
        if stripping { image.metadata.ninePatch = nil }
        let format: ImageFormat = isJPEG ? .jpeg : .png
        do {
            return (try options.codecs.encode(image, options: EncodeOptions(format: format)), isJPEG ? "jpg" : "png")
        } catch {
            throw FileError.inFile(path: rendered.source.path, underlying: error)
        }
    }
}

/// How `assets` converts.
public struct AssetOptions: Sendable {
    /// The target: what each asset becomes (``AssetTarget``; `.ios`, `.android`, `.web` or one a
    /// tool defines).
    public var target: any AssetTarget
    /// Enlarge the densest file when no file is dense enough for a scale (default: leave the scale out).
    public var upscale = false
    /// iOS and web center mode; `nil` keeps an imageset's own mode, else stretch.
    public var centerMode: ImageSetResizing.CenterMode?
    /// Make slicing the target cannot express, and each resource left out
    /// (``AssetError/leftOut(path:reason:)``), an error instead of a warning.
    public var strict = false
    /// Android densities to write.
    public var densities: [AndroidDensity] = AndroidDensity.defaultTargets
    /// Vector drawables as images at each scale (PNGs) instead of vectors (an SVG imageset,
    /// an SVG file, the drawable itself); default `false`.
    public var vectorsAsBitmaps = false
    /// The theme (a style in the tree's `values/*.xml`) whose colours vector drawables' theme
    /// attributes take when they are not one template's; `nil` for none.
    public var theme: String?
    /// Colours given by name: a theme attribute's (`colorPrimary`) or a colour resource's.
    public var colors: [String: AndroidColor] = [:]
    /// Android: write aapt-compiled PNGs (`npTc` chunks, no frame) instead of `.9.png` sources.
    public var compiled = false
    /// `info.author` in the `Contents.json` files.
    public var author = "ninepipe"
    /// Size limits for decoding.
    public var limits = ImageLimits.default
    /// The codecs assets are read and written with (default: the built-in ones): which files
    /// are images, and how each is decoded and encoded.
    public var codecs = ImageCodecRegistry.builtIn
    /// Whether a symbolic link found where a file is written is written through (its target
    /// replaced) instead of replaced itself (default `false`).
    public var followsOutputLinks = false

    /// Creates options for `target` with the defaults above.
    public init(target: some AssetTarget) { self.target = target }
}
