import Foundation
import NinepipeCore

extension AssetConverter {
    /// The files of a vector drawable asset kept as a vector, one writer per platform:
    /// - iOS: `NAME.imageset` with `NAME.svg` (the drawable translated with Android's semantics)
    ///   and `preserves-vector-representation`, a single-scale vector Xcode 12 and later keeps
    ///   (SVG rather than PDF: the translation is already an SVG, drawn and tested by the same
    ///   renderer, and Xcode rasterizes both the same way for older systems); a template gets
    ///   `template-rendering-intent: template`;
    /// - web: `NAME.svg`, `NAME.css` and its `assets.json` entry; a template is drawn in
    ///   `currentColor` and its CSS paints `currentColor` through it as a mask (the SVG inlined
    ///   as a `data:` URL, which pages opened from `file://` can use too), so CSS `color` tints
    ///   it as Android's tint does;
    /// - Android: the drawable itself, `drawable/NAME.xml`, unchanged.
    func vectorFiles(_ asset: Asset, notes: WarningList) throws -> Conversion {
        guard let source = asset.variants.first(where: { $0.kind == .vectorDrawable }) else { return Conversion(files: [], warnings: []) }
        let path = source.path
        let bytes: [UInt8]
        let drawable: VectorDrawable
        do {
            bytes = try FileIO.read(path, maxBytes: 32 << 20)
            let resources = try AssetConverter.resources(forDrawableAt: path, options: options)
            drawable = try VectorDrawableCodec.drawable(bytes, limits: options.limits, resources: resources)
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
        let width = Int(drawable.width.rounded(.up))
        let height = Int(drawable.height.rounded(.up))
        switch options.platform {
        case .android:
            return Conversion(files: [AssetFile(path: "drawable/\(asset.name).xml", bytes: bytes)], warnings: [])
        case .ios:
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
        case .web:
            let file = asset.name + ".svg"
            var css = [
                "/* \(Self.cssComment(asset.name)): \(width)×\(height) CSS pixels, a vector drawable\(drawable.isTemplate ? " coloured by CSS color" : ""), made by ninepipe assets web */",
                ".\(Self.cssClass(asset.name)) {",
                "  box-sizing: border-box;",
                "  width: \(width)px;",
                "  height: \(height)px;",
            ]
            let svg = drawable.svg(templateColor: "currentColor")
            if drawable.isTemplate {
                // The mask is the SVG itself as a data: URL: a mask image is fetched in CORS mode,
                // so a file beside the CSS is refused on pages opened from file:// (Chromium).
                let mask = "url(\"data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())\")"
                css += [
                    "  background-color: currentColor;",
                    "  -webkit-mask: \(mask) center / 100% 100% no-repeat;",
                    "  mask: \(mask) center / 100% 100% no-repeat;",
                ]
            } else {
                css += ["  background: url(\(Self.cssString(file))) center / 100% 100% no-repeat;"]
            }
            css.append("}")
            var entry: [String: JSONValue] = [
                "name": .string(asset.name), "css": .string(asset.name + ".css"),
                "files": .array([.object(["file": .string(file), "width": .number(Double(width)), "height": .number(Double(height))])]),
                "vector": .bool(true),
            ]
            if drawable.isTemplate { entry["template"] = .bool(true) }
            var result = Conversion(
                files: [
                    AssetFile(path: file, text: svg),
                    AssetFile(path: asset.name + ".css", text: css.joined(separator: "\n") + "\n"),
                ], warnings: [])
            result.manifestEntry = .object(entry)
            return result
        }
    }
}
