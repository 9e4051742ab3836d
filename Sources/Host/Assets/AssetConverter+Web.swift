import NinepipeCore

extension AssetConverter {
    /// `name.png`, `name@2x.png`, `name.css` and the asset's entry in `assets.json`.
    ///
    /// A nine-patch's CSS is `border-image` with `image-set()` for 1x/2x, slices and widths in
    /// CSS pixels (the 1x image's pixels), `stretch` or (tiled center) `repeat`, and `padding`
    /// from the content area; a plain image gets a sized `background-image`. CSS has no layout
    /// bounds: they stay in the manifest.
    func webFiles(_ asset: Asset, renderer: AssetRenderer, notes: WarningList) throws -> Result {
        var files: [AssetFile] = []
        var images: [(file: String, scale: Int, size: PixelSize)] = []
        var oneX: AssetRenderer.Rendered?
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
            if scale == 1 { oneX = rendered }
        }
        guard let base = oneX else {
            throw AssetError.notDenseEnough(asset: asset.name, scales: "1x", densest: AssetCollector.format(asset.variants.last?.scale ?? 0))
        }
        let size = PixelSize(width: base.image.width, height: base.image.height)
        var entry: [String: JSONValue] = [
            "name": .string(asset.name),
            "css": .string(asset.name + ".css"),
            "files": .array(images.map { .object(["file": .string($0.file), "scale": .number(Double($0.scale)),
                                                  "width": .number(Double($0.size.width)), "height": .number(Double($0.size.height))]) }),
        ]
        let sources = images.map { "url(\"\($0.file)\") \($0.scale)x" }.joined(separator: ", ")
        var css = ["/* \(asset.name): \(size) CSS pixels, made by ninepipe assets web */", ".\(Self.cssClass(asset.name)) {"]
        if let chunk = base.image.metadata.ninePatch?.chunk {
            let span = try singleSpan(chunk, asset: asset, platform: "CSS", notes: notes)
            let c = span.capInsets(width: size.width, height: size.height), p = chunk.padding
            let repeatMode = (options.centerMode ?? base.source.resizing?.centerMode ?? .stretch) == .tile ? "repeat" : "stretch"
            css += [
                "  border-image-source: url(\"\(images[0].file)\");",
                "  border-image-source: -webkit-image-set(\(sources));",
                "  border-image-source: image-set(\(sources));",
                "  border-image-slice: \(c.top) \(c.right) \(c.bottom) \(c.left) fill;",
                "  border-image-width: \(c.top)px \(c.right)px \(c.bottom)px \(c.left)px;",
                "  border-image-repeat: \(repeatMode);",
                "  padding: \(p.top)px \(p.right)px \(p.bottom)px \(p.left)px;",
                "  min-width: \(c.left + c.right)px;",
                "  min-height: \(c.top + c.bottom)px;",
            ]
            entry["nine-patch"] = .bool(true)
            entry["cap-insets"] = Self.json(c)
            entry["padding"] = Self.json(p)
            entry["ios"] = .string("UIEdgeInsets(top: \(c.top), left: \(c.left), bottom: \(c.bottom), right: \(c.right))")
            entry["android"] = .object(["stretch-x": Self.regions(chunk.xDivs), "stretch-y": Self.regions(chunk.yDivs),
                                        "padding": .string("Rect(\(p.left), \(p.top), \(p.right), \(p.bottom))")])
            entry["flutter"] = .string("centerSlice: Rect.fromLTRB(\(c.left), \(c.top), \(Int32(size.width) - c.right), \(Int32(size.height) - c.bottom))")
        } else {
            css += [
                "  background-image: url(\"\(images[0].file)\");",
                "  background-image: -webkit-image-set(\(sources));",
                "  background-image: image-set(\(sources));",
                "  background-size: \(size.width)px \(size.height)px;",
                "  width: \(size.width)px;",
                "  height: \(size.height)px;",
            ]
            entry["nine-patch"] = .bool(false)
        }
        if let bounds = base.image.metadata.ninePatch?.layoutBounds?.insets, !bounds.isZero {
            entry["layout-bounds"] = Self.json(bounds)
            css.insert("/* layout bounds (not expressible in CSS): top \(bounds.top)px, right \(bounds.right)px, bottom \(bounds.bottom)px, left \(bounds.left)px */", at: 1)
        }
        css.append("}")
        files.append(AssetFile(path: asset.name + ".css", text: css.joined(separator: "\n") + "\n"))
        var result = Result(files: files, warnings: [], missingScales: missing)
        result.manifestEntry = .object(entry)
        return result
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
}
