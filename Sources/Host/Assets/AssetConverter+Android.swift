import NinepipeCore

extension AssetConverter {
    /// The Android writer: an asset as files of a `res/` tree, for each kind of resource, in
    /// each configuration's folders (`drawable-night-xhdpi`, `drawable-ldrtl`…).
    func androidFiles(_ asset: Asset, configurations: [AssetConfiguration], notes: WarningList) throws -> Conversion {
        if let reference = asset.reference {
            // A selector, ripple or wrapper stays itself: it names drawables written beside it.
            guard reference.isOwnName else { return Conversion(files: [], warnings: []) }
            let bytes: [UInt8]
            do { bytes = try FileIO.read(reference.path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true) } catch {
                throw FileError.inFile(path: reference.path, underlying: error)
            }
            let name = ResourceName.valid(asset.name)
            return Conversion(files: [AssetFile(path: "drawable/\(name).xml", bytes: bytes)], warnings: Self.renameWarnings(asset.name, name))
        }
        var result = Conversion(files: [], warnings: [])
        for configuration in configurations {
            let part = try androidFiles(asset, in: configuration, notes: notes)
            result.files += part.files
            result.warnings += part.warnings.filter { !result.warnings.contains($0) }
            if configuration.isStandard { result.missingScales = part.missingScales }
        }
        return result
    }

    private func androidFiles(_ asset: Asset, in configuration: AssetConfiguration, notes: WarningList) throws -> Conversion {
        let configured = asset.configured(configuration)
        let resource = configuration.resourceConfiguration
        switch configured.kind {
        case .vectorDrawable where !options.vectorsAsBitmaps, .shape where !options.vectorsAsBitmaps:
            // The drawable itself, byte for byte (read first, so a bad one fails here as
            // elsewhere): Android draws vectors and shapes itself at every density.
            var source: (path: String, bytes: [UInt8])
            var warnings: [String] = []
            do {
                if configured.kind == .shape {
                    let read = try shapeDrawable(of: asset, in: configuration)
                    source = (read.path, read.bytes)
                } else {
                    let read = try vectorDrawable(of: asset, in: configuration)
                    source = (read.path, read.bytes)
                }
            } catch let error {
                // A colour, theme attribute or dimension this tree does not give (no theme chosen,
                // another module's, a library's theme): the XML names it, and Android resolves it
                // in the app that builds it. Copied as it is, said so (an error under `strict`);
                // targets that draw it cannot.
                guard !options.strict, let references = Self.unresolvedReferences(error), let path = configured.variants.first?.path else { throw error }
                do { source = (path, try FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true)) } catch {
                    throw FileError.inFile(path: path, underlying: error)
                }
                warnings.append(Self.copiedUnresolved(path, references))
            }
            // A dark configuration made of night colours only: Android reads values-night itself.
            if !configuration.isStandard, source.path == asset.variants.first?.path { return Conversion(files: [], warnings: []) }
            let name = ResourceName.valid(asset.name)
            return Conversion(
                files: [AssetFile(path: resource.folderName(type: "drawable") + "/\(name).xml", bytes: source.bytes)],
                warnings: warnings + Self.renameWarnings(asset.name, name))
        case .layered where !options.vectorsAsBitmaps:
            // The layer list or inset itself: it names drawables written beside it (read first, so
            // a bad one fails here as elsewhere; one without a size is Android's to stretch).
            guard configured.variants.first?.kind == .layered, let variant = configured.variants.first else { fallthrough }
            var warnings: [String] = []
            do { _ = try unsizedLayers(asset) } catch let error {
                guard !options.strict, let references = Self.unresolvedReferences(error) else { throw error }
                warnings.append(Self.copiedUnresolved(variant.path, references))
            }
            if !configuration.isStandard, variant.path == asset.variants.first?.path { return Conversion(files: [], warnings: []) }
            let bytes: [UInt8]
            do { bytes = try FileIO.read(variant.path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true) } catch {
                throw FileError.inFile(path: variant.path, underlying: error)
            }
            let name = ResourceName.valid(asset.name)
            // An adaptive icon exists from API 26: it goes where older versions never look.
            var folder = resource
            if (try? AssetCollector.xmlKind(variant.path)) == .adaptiveIcon { (folder.density, folder.apiLevel) = (.anydpi, 26) }
            return Conversion(
                files: [AssetFile(path: folder.folderName(type: "drawable") + "/\(name).xml", bytes: bytes)],
                warnings: warnings + Self.renameWarnings(asset.name, name))
        case .svg where !options.vectorsAsBitmaps:
            return try androidFilesFromSVG(
                configured, in: resource, renderer: renderer(for: asset, configuration: configuration, notes: notes), notes: notes)
        case .bitmap, .svg, .vectorDrawable, .shape, .layered:
            return try androidImageFiles(
                configured, in: resource, renderer: renderer(for: asset, configuration: configuration, notes: notes), notes: notes)
        }
    }

    /// The references `error` says this tree does not resolve (`@color/brand`,
    /// `?attr/colorControlNormal`, `@drawable/other`), or `nil` for any other error.
    static func unresolvedReferences(_ error: any Error) -> String? {
        switch error {
        case AssetError.themeColorsNeeded(_, _, let attributes, _):
            return attributes.map { "?attr/" + $0 }.joined(separator: ", ")
        case FileError.inFile(_, let error as VectorDrawableError):
            if let color = error.missingColor { return "@color/" + color }
            return error.needsTheme ? error.themeAttributes.map { "?attr/" + $0 }.joined(separator: ", ") : nil
        case FileError.inFile(_, let error as ShapeDrawableError):
            return error.missingColor.map { "@color/" + $0 } ?? error.themeAttribute.map { "?attr/" + $0 }
        case let error as DrawableLayerError:
            return error.missingResource ?? error.themeAttribute.map { "?attr/" + $0 }
        default:
            return nil
        }
    }

    /// The warning for a drawable at `path` copied with `references` unresolved.
    static func copiedUnresolved(_ path: String, _ references: String) -> String {
        "\(path): copied as it is: this tree does not give \(references) (no theme chosen, or another module's or a library's); Android resolves it in the app that builds it"
    }

    /// `drawable-<density>/name.9.png` for nine-patches (a crisp 1-pixel frame drawn from the
    /// scaled divs; with ``AssetOptions/compiled`` the frame is compiled into `npTc`/`npLb`/
    /// `npOl` exactly as `aapt singleCrunch` would, keeping the `.9.png` name as APKs do),
    /// `name.png`/`name.jpg` for plain images.
    ///
    /// Imageset cap insets become one stretch region per stretching axis with the center as
    /// padding; alignment insets become layout bounds; a tiled center is noted (Android
    /// stretches). Names become valid resource names (``ResourceName``).
    func androidImageFiles(_ asset: Asset, in configuration: ResourceConfiguration = ResourceConfiguration(), renderer: AssetRenderer, notes: WarningList)
        throws -> Conversion
    {
        let name = ResourceName.valid(asset.name)
        var warnings = Self.renameWarnings(asset.name, name)
        if asset.mirrorsInRightToLeft {
            warnings.append(
                "\(asset.name): mirrored in right-to-left layouts on iOS; Android images do not mirror, so right-to-left layouts show it as it is (give a drawable-ldrtl file, or a vector drawable with autoMirrored)"
            )
        }
        if let tiled = asset.variants.first(where: { $0.resizing?.centerMode == .tile }) {
            warnings.append("\(tiled.path): the center tiles on iOS; Android nine-patches stretch it")
        }
        var files: [AssetFile] = []
        var missing: [String] = []
        for density in options.densities {
            guard let rendered = try renderer.image(at: density.scale) else {
                missing.append(density.rawValue)
                continue
            }
            var folderConfiguration = configuration
            folderConfiguration.density = ResourceConfiguration.Density(density)
            let folder = folderConfiguration.folderName(type: "drawable") + "/"
            guard rendered.image.metadata.ninePatch?.chunk != nil else {
                if rendered.image.metadata.ninePatch?.layoutBounds != nil {
                    notes.append("\(rendered.source.path): alignment insets are left out: Android has layout bounds only on nine-patches")
                }
                let (bytes, fileExtension) = try encoded(rendered)
                files.append(AssetFile(path: folder + name + "." + fileExtension, bytes: bytes))
                continue
            }
            files.append(AssetFile(path: folder + name + ".9.png", bytes: try ninePatchBytes(rendered) { warnings.append("\(folder + name).9.png: \($0)") }))
        }
        if files.isEmpty {
            throw AssetError.notDenseEnough(asset: asset.name, scales: options.densities.map(\.rawValue).joined(separator: ", "), densest: nil)
        }
        return Conversion(files: files, warnings: warnings, missingScales: missing)
    }

    /// An SVG asset as a vector drawable, `drawable/NAME.xml`, as Android Studio's import writes
    /// it (see `VectorDrawable.init(svg:limits:)`); density PNGs with one warning naming the
    /// feature when the SVG uses something a vector drawable cannot express, and for `.9.svg`
    /// nine-patches, whose guides only images keep.
    func androidFilesFromSVG(_ asset: Asset, in configuration: ResourceConfiguration, renderer: AssetRenderer, notes: WarningList) throws -> Conversion {
        guard let source = asset.variants.last, !source.path.lowercased().hasSuffix(".9.svg") else {
            return try androidImageFiles(asset, in: configuration, renderer: renderer, notes: notes)
        }
        guard let drawable = try importedSVG(source, of: asset, instead: "not a vector drawable", warn: notes.append) else {
            return try androidImageFiles(asset, in: configuration, renderer: renderer, notes: notes)
        }
        let name = ResourceName.valid(asset.name)
        return Conversion(
            files: [AssetFile(path: configuration.folderName(type: "drawable") + "/\(name).xml", text: drawable.xml())],
            warnings: Self.renameWarnings(asset.name, name))
    }

    /// The note that `original` is written as `name`, when it is.
    private static func renameWarnings(_ original: String, _ name: String) -> [String] {
        name == original ? [] : ["\(original) is written as \(name): Android resource names are lowercase letters, digits and _, starting with a letter"]
    }

    /// The nine-patch as a framed source, or compiled from that frame as aapt does.
    private func ninePatchBytes(_ rendered: AssetRenderer.Rendered, warn: (String) -> Void) throws -> [UInt8] {
        let path = rendered.source.path
        do {
            guard let framed = NinePatchFrame.framed(rendered.image, warn: warn) else { throw AssetError.noStretchRegions(path: path) }
            var output = framed
            if options.compiled {
                output = NinePatchFrame.clearingTransparentColor(try NinePatchFrame.parse(framed))
            }
            return try options.codecs.encode(output, options: EncodeOptions(format: .png))
        } catch let error as AssetError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }

    /// The theme attribute an iOS template image is tinted by on Android: the colour Material
    /// and AppCompat give icons in toolbars and controls.
    static let templateTint = "colorControlNormal"
}
