import NinepipeCore

extension AssetConverter {
    /// The web writer: an asset as files for a page (images or an SVG, CSS and its entry in
    /// `assets.json`), for each kind of resource. Each other configuration's files are named
    /// with its suffix (`NAME-dark@2x.png`, `NAME-rtl.svg`) and its CSS is the standard rule's,
    /// for `prefers-color-scheme: dark` and `:dir(rtl)`; an `autoMirrored` vector drawable is
    /// mirrored in right-to-left text as on Android. The entry lists each configuration's files.
    func webFiles(_ asset: Asset, configurations: [AssetConfiguration], notes: WarningList) throws -> Conversion {
        let selector = "." + Self.cssClass(asset.name)
        var (result, sheet) = try webFiles(asset, in: .standard, selector: selector, media: [], notes: notes)
        let keepsVector = asset.kind == .vectorDrawable && !options.vectorsAsBitmaps
        let mirrors = try asset.mirrorsInRightToLeft || (keepsVector && vectorDrawable(of: asset).drawable.isAutoMirrored)
        var entry: [String: JSONValue] = [:]
        if case .object(let standard)? = result.manifestEntry { entry = standard }
        if mirrors && !configurations.contains(where: \.isRightToLeft) {
            sheet.rules.append(CSSStyleSheet.Rule(selector: selector + ":dir(rtl)", declarations: ["transform: scaleX(-1);"]))
            entry["auto-mirrored"] = .bool(true)
        }
        for configuration in configurations where !configuration.isStandard {
            // A language tag of letters, digits and hyphens is an identifier (:lang(pt-BR)); any other is quoted.
            let language = configuration.locale.map { tag in
                tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } && tag.first?.isLetter == true ? tag : Self.cssString(tag)
            }
            let conditions = (language.map { ":lang(\($0))" } ?? "") + (configuration.isRightToLeft ? ":dir(rtl)" : "")
            let media = configuration.isDark ? ["(prefers-color-scheme: dark)"] : []
            let (part, partSheet) = try webFiles(asset, in: configuration, selector: selector + conditions, media: media, notes: notes)
            result.files += part.files
            // The configuration's rules are the standard's for its selector and condition.
            sheet.rules += partSheet.rules.map { rule in
                var rule = rule
                rule.comments = []
                return rule
            }
            if case .object(let partEntry)? = part.manifestEntry { entry[configuration.manifestKey] = partEntry["files"] }
        }
        result.files.append(AssetFile(path: asset.name + ".css", text: sheet.text))
        result.manifestEntry = .object(entry)
        return result
    }

    /// The files of `asset` in `configuration` alone, named with its suffix, and its rules for
    /// `selector` inside the `media` conditions.
    private func webFiles(
        _ asset: Asset, in configuration: AssetConfiguration, selector: String, media: [String], notes: WarningList
    ) throws -> (Conversion, CSSStyleSheet) {
        let stem = asset.name + configuration.fileSuffix
        switch asset.configured(configuration).kind {
        case .vectorDrawable where !options.vectorsAsBitmaps:
            return try webVectorFiles(asset, in: configuration, name: stem, selector: selector, media: media)
        case .shape where !options.vectorsAsBitmaps:
            let shape = try shapeDrawable(of: asset, in: configuration).shape
            guard ShapeCSS(shape: shape).isExpressible else { fallthrough }
            return webShapeFiles(shape, name: stem, selector: selector, media: media)
        case .bitmap, .svg, .vectorDrawable, .shape, .layered:
            let renamed = Asset(name: stem, variants: asset.configured(configuration).variants)
            return try webImageFiles(
                renamed, renderer: renderer(for: asset, configuration: configuration, notes: notes), selector: selector, media: media, notes: notes)
        }
    }

    /// A rectangle or oval shape as CSS alone (``ShapeCSS``): its rule and an entry with no files.
    func webShapeFiles(_ shape: ShapeDrawable, name: String, selector: String, media: [String]) -> (Conversion, CSSStyleSheet) {
        let rule = CSSStyleSheet.Rule(
            comments: ["\(name): a shape drawable (\(shape.kind.rawValue)) as CSS, made by ninepipe assets web"], selector: selector,
            declarations: ShapeCSS(shape: shape).declarations, media: media)
        var result = Conversion(files: [], warnings: [])
        result.manifestEntry = .object([
            "name": .string(name), "css": .string(name + ".css"), "files": .array([]), "shape": .string(shape.kind.rawValue),
            "stretches": .bool(!shape.hasSize),
        ])
        return (result, CSSStyleSheet(rules: [rule]))
    }

    /// `name.png`, `name@2x.png`, `name.css` and the asset's entry in `assets.json`.
    ///
    /// A nine-patch's CSS is `border-image` with `image-set()` for 1x/2x, slices and widths in
    /// CSS pixels (the 1x image's pixels), `stretch` or (tiled center) `repeat`, and `padding`
    /// from the content area; a plain image gets a sized `background-image`. Every rule sets
    /// `box-sizing: border-box`, so a `width` is the element's whole width whatever the page's
    /// own box sizing. When the 2x file's slices or padding are not twice the 1x file's (a
    /// density drawn on its own), `image-set()` cannot serve both: the 1x file is the source and
    /// a `min-resolution: 1.5dppx` media query gives the 2x file with its own slices, widths,
    /// padding and minimum size (and a note says so). CSS has no layout bounds: they stay in the manifest.
    func webImageFiles(_ asset: Asset, renderer: AssetRenderer, selector: String, media: [String], notes: WarningList) throws -> (Conversion, CSSStyleSheet) {
        var files: [AssetFile] = []
        var images: [(file: String, scale: Int, size: PixelSize)] = []
        var oneX: AssetRenderer.Rendered?
        var twoX: AssetRenderer.Rendered?
        var missing: [String] = []
        for scale in 1...2 {
            guard let rendered = try renderer.image(at: Double(scale)) else {
                missing.append("\(scale)x")
                continue
            }
            let (bytes, fileExtension) = try encoded(rendered)
            let file = asset.name + (scale == 1 ? "" : "@\(scale)x") + "." + fileExtension
            files.append(AssetFile(path: file, bytes: bytes))
            images.append((file, scale, PixelSize(width: rendered.image.width, height: rendered.image.height)))
            if scale == 1 { oneX = rendered } else { twoX = rendered }
        }
        guard let base = oneX else {
            throw AssetError.notDenseEnough(asset: asset.name, scales: "1x", densest: AssetCollector.format(asset.variants.last?.scale ?? 0))
        }
        let size = PixelSize(width: base.image.width, height: base.image.height)
        var entry: [String: JSONValue] = [
            "name": .string(asset.name),
            "css": .string(asset.name + ".css"),
            "files": .array(
                images.map {
                    .object([
                        "file": .string($0.file), "scale": .number(Double($0.scale)),
                        "width": .number(Double($0.size.width)), "height": .number(Double($0.size.height)),
                    ])
                }),
        ]
        let sources = images.map { "url(\(Self.cssString($0.file))) \($0.scale)x" }.joined(separator: ", ")
        var rule = CSSStyleSheet.Rule(
            comments: ["\(asset.name): \(size) CSS pixels, made by ninepipe assets web"], selector: selector, declarations: [], media: media)
        var rules: [CSSStyleSheet.Rule] = []
        if let chunk = base.image.metadata.ninePatch?.chunk {
            let made = try webNinePatchRule(chunk, asset: asset, base: base, twoX: twoX, images: images, notes: notes)
            rule.declarations = made.declarations
            if let twoXDeclarations = made.twoXDeclarations {
                rules.append(
                    CSSStyleSheet.Rule(
                        selector: selector, declarations: twoXDeclarations,
                        media: media + ["(-webkit-min-device-pixel-ratio: 1.5), (min-resolution: 1.5dppx)"]))
            }
            entry.merge(made.entry) { $1 }
        } else {
            rule.declarations = [
                "box-sizing: border-box;",
                "background-image: url(\(Self.cssString(images[0].file)));",
                "background-image: -webkit-image-set(\(sources));",
                "background-image: image-set(\(sources));",
                "background-size: \(size.width)px \(size.height)px;",
                "width: \(size.width)px;",
                "height: \(size.height)px;",
            ]
            entry["nine-patch"] = .bool(false)
        }
        if let bounds = base.image.metadata.ninePatch?.layoutBounds?.insets, !bounds.isZero {
            entry["layout-bounds"] = Self.json(bounds)
            rule.comments.append(
                "layout bounds (not expressible in CSS): top \(bounds.top)px, right \(bounds.right)px, bottom \(bounds.bottom)px, left \(bounds.left)px")
        }
        var result = Conversion(files: files, warnings: [], missingScales: missing)
        result.manifestEntry = .object(entry)
        return (result, CSSStyleSheet(rules: [rule] + rules))
    }

    /// The slice, width, repeat, padding and minimum-size declarations for a file drawn at `scale` image
    /// pixels per CSS pixel: slices in the file's pixels, the rest in CSS pixels. The minimum size
    /// is the larger of the fixed caps and the padding (a border-box element is never smaller
    /// than its padding).
    static func sliceDeclarations(caps c: NinePatchInsets, padding p: NinePatchInsets, scale: Int, repeatMode: String?) -> [String] {
        let minimumWidth = max(Int(c.left) + Int(c.right), Int(p.left) + Int(p.right))
        let minimumHeight = max(Int(c.top) + Int(c.bottom), Int(p.top) + Int(p.bottom))
        let declarations =
            [
                "border-image-slice: \(c.top) \(c.right) \(c.bottom) \(c.left) fill;",
                "border-image-width: \(cssList(c, scale: scale));",
            ] + (repeatMode.map { ["border-image-repeat: \($0);"] } ?? []) + [
                "padding: \(cssList(p, scale: scale));",
                "min-width: \(cssPixels(minimumWidth, scale: scale));",
                "min-height: \(cssPixels(minimumHeight, scale: scale));",
            ]
        return declarations
    }

    /// The declarations of a nine-patch's rule (`border-image`, its slices, widths, padding and
    /// minimum size), those of its `min-resolution` rule when the 2x file's slices are its own,
    /// and the asset's nine-patch fields for `assets.json`.
    private func webNinePatchRule(
        _ chunk: NinePatchChunk, asset: Asset, base: AssetRenderer.Rendered, twoX: AssetRenderer.Rendered?,
        images: [(file: String, scale: Int, size: PixelSize)], notes: WarningList
    ) throws -> (declarations: [String], twoXDeclarations: [String]?, entry: [String: JSONValue]) {
        let size = PixelSize(width: base.image.width, height: base.image.height)
        let sources = images.map { "url(\(Self.cssString($0.file))) \($0.scale)x" }.joined(separator: ", ")
        var css: [String] = []
        var twoXDeclarations: [String]?
        var entry: [String: JSONValue] = [:]
        let span = try singleSpan(chunk, asset: asset, platform: "CSS", notes: notes)
        let c = span.capInsets(width: size.width, height: size.height)
        let p = chunk.padding
        let repeatMode = (options.centerMode ?? base.source.resizing?.centerMode ?? .stretch) == .tile ? "repeat" : "stretch"
        // The 2x file's own slices, when they are not twice the 1x file's (a density drawn
        // separately: Android's btn_default_normal has xhdpi caps 7/9 where 2× mdpi is 8/10).
        var twoXSlices: (file: String, caps: NinePatchInsets, padding: NinePatchInsets)?
        if let twoX, let twoXChunk = twoX.image.metadata.ninePatch?.chunk, let file = images.first(where: { $0.scale == 2 })?.file {
            let twoXSpan = try singleSpan(twoXChunk, asset: asset, platform: "CSS", notes: notes)
            let caps = twoXSpan.capInsets(width: twoX.image.width, height: twoX.image.height)
            if caps != Self.doubled(c) || twoXChunk.padding != Self.doubled(p) { twoXSlices = (file, caps, twoXChunk.padding) }
        }
        css += ["box-sizing: border-box;"]
        css +=
            twoXSlices == nil
            ? [
                "border-image-source: url(\(Self.cssString(images[0].file)));",
                "border-image-source: -webkit-image-set(\(sources));",
                "border-image-source: image-set(\(sources));",
            ] : ["border-image-source: url(\(Self.cssString(images[0].file)));"]
        css += Self.sliceDeclarations(caps: c, padding: p, scale: 1, repeatMode: repeatMode)
        if let twoXSlices {
            twoXDeclarations =
                ["border-image-source: url(\(Self.cssString(twoXSlices.file)));"]
                + Self.sliceDeclarations(caps: twoXSlices.caps, padding: twoXSlices.padding, scale: 2, repeatMode: nil)
            notes.append(
                "\(asset.name): the 2x file's slices \(Self.pixelList(twoXSlices.caps)) (padding \(Self.pixelList(twoXSlices.padding))) are not twice the 1x file's \(Self.pixelList(c)) (padding \(Self.pixelList(p))), top, left, bottom, right in each file's pixels: the CSS gives screens of 1.5 dppx and more the 2x file with its own slices (@media min-resolution)"
            )
        }
        entry["nine-patch"] = .bool(true)
        entry["cap-insets"] = Self.json(c)
        entry["padding"] = Self.json(p)
        entry["ios"] = .string(NinePatchNotation.uiEdgeInsets(c))
        entry["android"] = .object([
            "stretch-x": Self.regions(chunk.xDivs), "stretch-y": Self.regions(chunk.yDivs), "padding": .string(NinePatchNotation.androidRect(p)),
        ])
        entry["flutter"] = .string(NinePatchNotation.flutterCenterSlice(c, width: Int(size.width), height: Int(size.height)))
        return (css, twoXDeclarations, entry)
    }

    /// `insets` as CSS lengths in top, right, bottom, left order: `3.5px 5px 8px 4.5px`.
    static func cssList(_ insets: NinePatchInsets, scale: Int) -> String { NinePatchNotation.css(insets) { cssPixels(Int($0), scale: scale) } }

    /// `pixels` image pixels at `scale` as CSS pixels, with the fraction a scale of 2 can give.
    static func cssPixels(_ pixels: Int, scale: Int) -> String {
        pixels % scale == 0 ? "\(pixels / scale)px" : "\(Double(pixels) / Double(scale))px"
    }

    /// `insets` as pixel counts in Ninepipe's order (top, left, bottom, right): `7, 9, 16, 10`.
    static func pixelList(_ insets: NinePatchInsets) -> String { NinePatchNotation.list(insets) }

    /// Every inset doubled.
    static func doubled(_ i: NinePatchInsets) -> NinePatchInsets {
        NinePatchInsets(top: i.top &* 2, left: i.left &* 2, bottom: i.bottom &* 2, right: i.right &* 2)
    }

    /// `text` as a double-quoted CSS string, serialised as CSSOM does: `"` and `\` escaped, control
    /// characters (a newline included) as hexadecimal escapes, NUL as U+FFFD. A file name can
    /// then never end the string and start rules of its own.
    static func cssString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: result += "\u{FFFD}"
            case 0x01...0x1F, 0x7F: result += "\\" + String(scalar.value, radix: 16) + " "
            case 0x22, 0x5C: result += "\\" + String(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` safe inside a CSS comment: no `*/` to end it early, no control characters.
    static func cssComment(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "/", result.last == "*" { result.append(" ") }
            result.append(scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar)
        }
        return String(result)
    }

    /// `name` as a CSS class: characters other than letters, digits, `-` and `_` become `-`;
    /// a leading digit gets `_` before it.
    static func cssClass(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        if result.first?.isNumber ?? true { result = "_" + result }
        return result
    }

    private static func json(_ i: NinePatchInsets) -> JSONValue {
        .object(["top": .number(Double(i.top)), "left": .number(Double(i.left)), "bottom": .number(Double(i.bottom)), "right": .number(Double(i.right))])
    }

    private static func regions(_ divs: [Int32]) -> JSONValue {
        .array(stride(from: 0, to: divs.count - 1, by: 2).map { .array([.number(Double(divs[$0])), .number(Double(divs[$0 + 1]))]) })
    }

    /// A vector drawable as `NAME.svg`, `NAME.css` and its `assets.json` entry. A template is
    /// drawn in `currentColor` and its CSS paints `currentColor` through it as a mask (the SVG
    /// inlined as a `data:` URL, which pages opened from `file://` can use too), so CSS `color`
    /// tints it as Android's tint does.
    func webVectorFiles(
        _ asset: Asset, in configuration: AssetConfiguration, name: String, selector: String, media: [String]
    ) throws -> (Conversion, CSSStyleSheet) {
        let drawable = try vectorDrawable(of: asset, in: configuration).drawable
        let width = Int(drawable.width.rounded(.up))
        let height = Int(drawable.height.rounded(.up))
        let file = name + ".svg"
        var rule = CSSStyleSheet.Rule(
            comments: [
                "\(name): \(width)×\(height) CSS pixels, a vector drawable\(drawable.isTemplate ? " coloured by CSS color" : ""), made by ninepipe assets web"
            ], selector: selector, declarations: ["box-sizing: border-box;", "width: \(width)px;", "height: \(height)px;"], media: media)
        let svg = try drawable.svg(templateColor: "currentColor")
        if drawable.isTemplate {
            // The mask is the SVG itself as a data: URL: a mask image is fetched in CORS mode,
            // so a file beside the CSS is refused on pages opened from file:// (Chromium).
            let mask = "url(\"data:image/svg+xml;base64,\(Base64.encoded(svg.utf8))\")"
            rule.declarations += [
                "background-color: currentColor;",
                "-webkit-mask: \(mask) center / 100% 100% no-repeat;",
                "mask: \(mask) center / 100% 100% no-repeat;",
            ]
        } else {
            rule.declarations += ["background: url(\(Self.cssString(file))) center / 100% 100% no-repeat;"]
        }
        var entry: [String: JSONValue] = [
            "name": .string(name), "css": .string(name + ".css"),
            "files": .array([.object(["file": .string(file), "width": .number(Double(width)), "height": .number(Double(height))])]),
            "vector": .bool(true),
        ]
        if drawable.isTemplate { entry["template"] = .bool(true) }
        var result = Conversion(files: [AssetFile(path: file, text: svg)], warnings: [])
        result.manifestEntry = .object(entry)
        return (result, CSSStyleSheet(rules: [rule]))
    }
}
