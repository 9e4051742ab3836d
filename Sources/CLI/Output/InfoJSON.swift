import Foundation
import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// `ninepipe info --format json`: one JSON object a file, on one line (JSON Lines for several),
/// with the keys Docs/CLI.md lists. Keys are never renamed or removed; new ones may be added.
enum InfoJSON {
    /// The object for one file; `vector` is the drawing's description when the file is a vector.
    static func object(path: String, info: ImageInfo, byteCount: Int, vector: VectorSummary?) -> [String: Any] {
        let metadata = info.metadata
        var object: [String: Any] = [
            "file": path,
            "format": info.format.description,
            "width": info.width,
            "height": info.height,
            "layout": layout(info),
            "colorType": info.colorType,
            "depth": info.bitDepth,
            "alpha": info.hasAlpha,
            "interlaced": info.isInterlaced,
            "orientation": metadata.orientation.rawValue,
            "exif": metadata.exif != nil,
            "bytes": byteCount,
            "frames": max(1, info.frameDurations.count),
        ]
        object["icc"] =
            metadata.iccProfile.map { profile -> [String: Any] in
                ["description": profile.name, "bytes": profile.data.count, "colorSpace": profile.colorSpace ?? NSNull()]
            } ?? NSNull()
        if info.frameDurations.count > 1 {
            object["durations"] = info.frameDurations
            object["loop"] = info.loopCount ?? NSNull()
        }
        object["ninePatch"] = ninePatch(info, path: path) ?? NSNull()
        object["vector"] =
            vector.map { summary -> [String: Any] in
                ["dp": ["width": summary.dpWidth, "height": summary.dpHeight], "template": summary.isTemplate]
            } ?? NSNull()
        if let dpi = metadata.density?.horizontalDPI { object["dpi"] = (dpi * 100).rounded() / 100 }
        return object
    }

    /// One line of JSON, keys sorted.
    static func line(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

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
    static func trim(_ image: Image) throws -> Any {
        guard let rect = try Transforms.Trim().rectangle(in: image) else { return NSNull() }
        return ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height]
    }

    /// `{"color": "#rrggbb" or null, "blurhash": "…", "components": [x, y]}`.
    static func placeholder(_ placeholder: Placeholder) -> [String: Any] {
        let colour: Any = placeholder.dominantColor.map { "#" + $0.description.dropFirst().prefix(6) } ?? NSNull()
        return ["color": colour, "blurhash": placeholder.blurHash, "components": [placeholder.components.x, placeholder.components.y]]
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
    static func ninePatch(_ info: ImageInfo, path: String) -> [String: Any]? {
        if let ninePatch = info.metadata.ninePatch {
            var object: [String: Any] = ["source": "npTc"]
            if let chunk = ninePatch.chunk {
                object["xDivs"] = chunk.xDivs.map(Int.init)
                object["yDivs"] = chunk.yDivs.map(Int.init)
                let p = chunk.padding
                object["padding"] = ["left": Int(p.left), "top": Int(p.top), "right": Int(p.right), "bottom": Int(p.bottom)]
            }
            if let bounds = ninePatch.layoutBounds?.insets {
                object["layoutBounds"] = ["left": Int(bounds.left), "top": Int(bounds.top), "right": Int(bounds.right), "bottom": Int(bounds.bottom)]
            }
            if let outline = ninePatch.outline {
                let i = outline.insets
                object["outline"] = [
                    "left": Int(i.left), "top": Int(i.top), "right": Int(i.right), "bottom": Int(i.bottom), "radius": Double(outline.radius),
                    "alpha": Int(outline.alpha),
                ]
            }
            return object
        }
        if !info.ninePatchRegions.isEmpty { return ["source": "vector", "regions": info.ninePatchRegions] }
        if NinePatchSource.hasSourceName(path) { return ["source": "frame"] }
        return nil
    }
}
