import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// `ninepipe info --format json`: one JSON object a file, on one line (JSON Lines for several),
/// with the keys Docs/CLI.md lists. Keys are never renamed or removed; new ones may be added.
enum InfoJSON {
    /// The object for one file; `vector` is the drawing's description when the file is a vector.
    static func object(path: String, info: ImageInfo, byteCount: Int, vector: VectorSummary?) -> [String: JSONValue] {
        let metadata = info.metadata
        var object: [String: JSONValue] = [
            "file": .string(path),
            "format": .string(info.format.description),
            "width": JSONValue(info.width),
            "height": JSONValue(info.height),
            "layout": .string(layout(info)),
            "colorType": .string(info.colorType),
            "depth": JSONValue(info.bitDepth),
            "alpha": .bool(info.hasAlpha),
            "interlaced": .bool(info.isInterlaced),
            "orientation": JSONValue(metadata.orientation.rawValue),
            "exif": .bool(metadata.exif != nil),
            "bytes": JSONValue(byteCount),
            "frames": JSONValue(max(1, info.frameDurations.count)),
        ]
        object["icc"] =
            metadata.iccProfile.map { profile -> JSONValue in
                ["description": .string(profile.name), "bytes": JSONValue(profile.data.count), "colorSpace": JSONValue(profile.colorSpace)]
            } ?? .null
        if info.frameDurations.count > 1 {
            object["durations"] = .array(info.frameDurations.map { JSONValue($0) })
            object["loop"] = info.loopCount.map { JSONValue($0) } ?? .null
        }
        object["ninePatch"] = ninePatch(info, path: path) ?? .null
        object["vector"] =
            vector.map { summary -> JSONValue in
                ["dp": ["width": JSONValue(summary.dpWidth), "height": JSONValue(summary.dpHeight)], "template": .bool(summary.isTemplate)]
            } ?? .null
        if let dpi = metadata.density?.horizontalDPI { object["dpi"] = .number((dpi * 100).rounded() / 100) }
        return object
    }

    /// One line of JSON, keys sorted.
    static func line(_ object: [String: JSONValue]) -> String { JSONValue.object(object).compactText }

    /// What a vector file is at 1x: its size in dp (CSS pixels at 96 per inch, which Android's
    /// mdpi and iOS's @1x both draw one to one) and whether it is drawn in one colour, so that
    /// a platform may tint it (Xcode's template rendering, Android's tint).
    struct VectorSummary {
        /// The size in dp.
        var dpWidth: Int, dpHeight: Int
        /// Whether every pixel that is not fully transparent has the same colour.
        var isTemplate: Bool

        /// Draws `image` (the vector at its own size) to tell.
        init(drawing image: Image) {
            dpWidth = image.width
            dpHeight = image.height
            let rgba = image.unpremultiplied().converted(to: SampleDepth.eight).converted(to: .rgba)
            var first: (UInt8, UInt8, UInt8)?
            var single = true
            if case .eight(let samples) = rgba.storage {
                for i in stride(from: 0, to: samples.count, by: 4) where samples[i + 3] > 8 {
                    let colour = (samples[i], samples[i + 1], samples[i + 2])
                    guard let seen = first else {
                        first = colour
                        continue
                    }
                    // Antialiased edges of one colour unpremultiply to within a few levels of it.
                    if abs(Int(seen.0) - Int(colour.0)) > 8 || abs(Int(seen.1) - Int(colour.1)) > 8 || abs(Int(seen.2) - Int(colour.2)) > 8 {
                        single = false
                        break
                    }
                }
            }
            isTemplate = single && first != nil
        }
    }

    /// The rectangle `trim` keeps with its defaults (`{"x", "y", "width", "height"}`), or `null`
    /// when the image is all background.
    static func trim(_ image: Image) throws -> JSONValue {
        guard let rect = try Transforms.Trim().rectangle(in: image) else { return .null }
        return ["x": JSONValue(rect.x), "y": JSONValue(rect.y), "width": JSONValue(rect.width), "height": JSONValue(rect.height)]
    }

    /// `{"color": "#rrggbb" or null, "blurhash": "…", "components": [x, y]}`.
    static func placeholder(_ placeholder: Placeholder) -> JSONValue {
        let colour = placeholder.dominantColor.map { "#" + $0.description.dropFirst().prefix(6) }
        return [
            "color": JSONValue(colour), "blurhash": .string(placeholder.blurHash),
            "components": [JSONValue(placeholder.components.x), JSONValue(placeholder.components.y)],
        ]
    }

    /// `gray`, `gray-alpha`, `rgb`, `rgba`, `palette` or `cmyk`: the samples a file stores.
    static func layout(_ info: ImageInfo) -> String {
        let type = info.colorType.lowercased()
        if type.contains("palette") || type.contains("indexed") { return "palette" }
        if type.contains("cmyk") || type.contains("ycck") { return "cmyk" }
        if type.contains("gray") || type.contains("grey") { return info.hasAlpha ? "gray-alpha" : "gray" }
        return info.hasAlpha ? "rgba" : "rgb"
    }

    /// The nine-patch object: where it comes from and its regions; `nil` for a plain image.
    static func ninePatch(_ info: ImageInfo, path: String) -> JSONValue? {
        if let ninePatch = info.metadata.ninePatch {
            var object: [String: JSONValue] = ["source": "npTc"]
            if let chunk = ninePatch.chunk {
                object["xDivs"] = .array(chunk.xDivs.map { JSONValue($0) })
                object["yDivs"] = .array(chunk.yDivs.map { JSONValue($0) })
                let p = chunk.padding
                object["padding"] = ["left": JSONValue(p.left), "top": JSONValue(p.top), "right": JSONValue(p.right), "bottom": JSONValue(p.bottom)]
            }
            if let bounds = ninePatch.layoutBounds?.insets {
                object["layoutBounds"] = [
                    "left": JSONValue(bounds.left), "top": JSONValue(bounds.top), "right": JSONValue(bounds.right), "bottom": JSONValue(bounds.bottom),
                ]
            }
            if let outline = ninePatch.outline {
                let i = outline.insets
                object["outline"] = [
                    "left": JSONValue(i.left), "top": JSONValue(i.top), "right": JSONValue(i.right), "bottom": JSONValue(i.bottom),
                    "radius": .number(Double(outline.radius)), "alpha": JSONValue(outline.alpha),
                ]
            }
            return .object(object)
        }
        if !info.ninePatchRegions.isEmpty { return ["source": "vector", "regions": .array(info.ninePatchRegions.map(JSONValue.string))] }
        if NinePatchSource.hasSourceName(path) { return ["source": "frame"] }
        return nil
    }
}
