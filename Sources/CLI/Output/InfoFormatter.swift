import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// The `ninepipe info` text for one file: `key: value` lines.
enum InfoFormatter {
    /// - Parameter transparentPixels: how many decoded pixels are not fully opaque, when known.
    static func format(path: String, info: ImageInfo, byteCount: Int, transparentPixels: Int? = nil) -> String {
        let metadata = info.metadata
        var lines: [(String, String)] = [
            ("file", TerminalText.quoted(path)),
            ("format", info.format.description),
            ("size", "\(info.width)×\(info.height)"),
            ("bit depth", String(info.bitDepth)),
            ("color type", info.colorType),
            ("alpha", Self.alpha(info, transparentPixels: transparentPixels)),
            (info.interlaceTerm, info.isInterlaced ? "yes" : "no"),
            ("orientation", metadata.orientation.displayName),
        ]
        if metadata.orientation.swapsDimensions {
            lines.append(("displayed size", "\(info.height)×\(info.width)"))
        }
        if let profile = metadata.iccProfile {
            let space = profile.colorSpace.map { ", \($0)" } ?? ""
            lines.append(("ICC profile", "yes (\"\(profile.name)\", \(profile.data.count) bytes\(space))"))
        } else {
            lines.append(("ICC profile", "no"))
        }
        if let density = metadata.density, let dpi = density.horizontalDPI {
            lines.append(("density", "\(Int(dpi.rounded())) dpi"))
        }
        if metadata.exif != nil { lines.append(("EXIF", "yes")) }
        if let ninePatch = metadata.ninePatch {
            if let chunk = ninePatch.chunk {
                let named = NinePatchSource.hasSourceName(path) ? "; compiled, so the .9.png name's frame is not read" : ""
                lines.append(("nine-patch", "yes (npTc\(named))"))
                lines.append(("  x-divs", "[" + chunk.xDivs.map(String.init).joined(separator: ", ") + "]"))
                lines.append(("  y-divs", "[" + chunk.yDivs.map(String.init).joined(separator: ", ") + "]"))
                let p = chunk.padding
                lines.append(("  padding", "left \(p.left), top \(p.top), right \(p.right), bottom \(p.bottom)"))
            }
            if let bounds = ninePatch.layoutBounds?.insets {
                lines.append(("  layout bounds", "left \(bounds.left), top \(bounds.top), right \(bounds.right), bottom \(bounds.bottom)"))
            }
            if let outline = ninePatch.outline {
                let i = outline.insets
                lines.append(
                    ("  outline", "left \(i.left), top \(i.top), right \(i.right), bottom \(i.bottom), radius \(outline.radius), alpha \(outline.alpha)"))
            }
        } else if !info.ninePatchRegions.isEmpty {
            lines.append(("nine-patch", "vector (regions \(info.ninePatchRegions.joined(separator: ", ")), turned into guides at each size drawn)"))
        } else if NinePatchSource.hasSourceName(path) {
            lines.append(("nine-patch", "source (no npTc chunk; load reads the 1-pixel frame of a .9.png)"))
        } else {
            lines.append(("nine-patch", "no"))
        }
        if info.frameDurations.count > 1 {
            let durations = info.frameDurations
            let shown = durations.prefix(8).map(String.init).joined(separator: ", ") + (durations.count > 8 ? ", …" : "")
            let total = durations.reduce(0, +)
            lines.append(("frames", "\(durations.count) (\(shown) ms; \(Double(total) / 1000) s in all)"))
            lines.append(("loop", info.loopCount.map { $0 == 0 ? "forever" : "\($0) (loop count as stored)" } ?? "none set (plays once)"))
        }
        for entry in metadata.text.prefix(8) {
            lines.append(("text", "\(entry.keyword) = \(entry.text.prefix(60))"))
        }
        lines.append(("file size", "\(byteCount) bytes"))
        return lines.map { "\($0.0): \($0.1)" }.joined(separator: "\n")
    }

    /// `trim: 120×80 at 10,12 of 140×100 (background #ffffffff within 10 levels)`, or that the
    /// image is all background: the rectangle the `trim` step keeps with its defaults.
    static func trim(_ image: Image) throws -> String {
        let trim = Transforms.Trim()
        let background =
            switch trim.resolved(for: image) {
            case .color(let color): "background \(color)"
            default: "transparent background"
            }
        guard let rect = try trim.rectangle(in: image) else { return "trim: all \(background) (within \(Int(trim.threshold)) levels)" }
        return
            "trim: \(rect.width)×\(rect.height) at \(rect.x),\(rect.y) of \(image.width)×\(image.height) (\(background) within \(Int(trim.threshold)) levels)"
    }

    /// `placeholder: #3a6f9c, blurhash LKO2?U%2Tw=w]~RBVZRi};RPxuwH (4×3)`.
    static func placeholder(_ placeholder: Placeholder) -> String {
        let colour = placeholder.dominantColor.map { "#" + $0.description.dropFirst().prefix(6) } ?? "none (all transparent)"
        return "placeholder: \(colour), blurhash \(placeholder.blurHash) (\(placeholder.components.x)×\(placeholder.components.y))"
    }

    /// `no`, `yes (--alpha counts …)` when the pixels were not read, `yes, but every pixel is opaque` or `yes, 1,234 of 10,000 pixels (12.3%) not opaque`.
    static func alpha(_ info: ImageInfo, transparentPixels: Int?) -> String {
        guard info.hasAlpha else { return "no" }
        guard let count = transparentPixels else { return "yes (--alpha counts the pixels that are not opaque)" }
        if count == 0 { return "yes, but every pixel is opaque (alpha remove would lose nothing)" }
        let total = info.width * info.height
        let percent = DecimalText.fixed(Double(count) * 100 / Double(Swift.max(total, 1)), places: 1)
        return "yes, \(count) of \(total) pixels (\(percent)%) not opaque"
    }
}
