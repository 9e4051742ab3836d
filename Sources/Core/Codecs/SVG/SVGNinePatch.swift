/// Vector nine-patches: an SVG whose stretch, content and optical regions are elements with
/// reserved ids, drawn at any density with guides computed from those regions, never resampled.
///
/// | id | declares |
/// |---|---|
/// | `ninepatch-stretch` | a region that stretches both ways (its width across, its height down) |
/// | `ninepatch-stretch-x…` | a column range that stretches across (any number: `ninepatch-stretch-x`, `ninepatch-stretch-x-2`, …) |
/// | `ninepatch-stretch-y…` | a row range that stretches down |
/// | `ninepatch-content` | the content box (Android's padding); without one, the first stretch regions, as aapt does |
/// | `ninepatch-optical` | the optical bounds (Android's layout bounds), optional |
///
/// Any element whose id starts with `ninepatch-` (a layer `ninepatch-guides` holding the guides,
/// say) is left out of the drawing; the guides are located even when their layer is hidden. A
/// region's edges are in the document's own coordinates (transforms applied); at each density
/// they are rounded outward to whole pixels, stretch regions and boxes alike, so a pixel the
/// region touches belongs to it. The drawing then gets the 1-pixel frame those regions give and
/// is read back as aapt reads a `.9.png`: the chunk (cell colours, outline) is aapt's for it.
enum SVGNinePatch {
    /// What every guide's id starts with.
    static let prefix = "ninepatch-"

    /// The ids of the elements that declare regions, in document order (at most
    /// `NJS_SVG_MAX_LOCATED`, 64); empty for a plain SVG.
    static func guideIDs(in bytes: [UInt8]) -> [String] {
        var ids: [String] = []
        var index = 0
        let marker = Array("id=".utf8)
        while index + marker.count + 1 < bytes.count, ids.count < 64 {
            defer { index += 1 }
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else { continue }
            // A whole attribute name: `id=`, not `grid=` or `xml:id=`.
            guard index == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index - 1]) else { continue }
            let quote = bytes[index + marker.count]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
            var end = index + marker.count + 1
            while end < bytes.count && bytes[end] != quote && end - index < 200 { end += 1 }
            let id = String(decoding: bytes[(index + marker.count + 1)..<end], as: UTF8.self)
            if id.hasPrefix(prefix) && isRegion(id) && !ids.contains(id) { ids.append(id) }
            index = end
        }
        return ids
    }

    /// Whether `id` declares a region (others with the prefix are only left out of the drawing).
    static func isRegion(_ id: String) -> Bool {
        id.hasPrefix(prefix + "stretch") || id == prefix + "content" || id == prefix + "optical"
    }

    /// `bytes` with a style sheet first inside the root element that leaves every `ninepatch-`
    /// element out of the drawing but keeps it in place (so it can be located, even inside a
    /// layer the designer hid); `nil` when the root element is not found.
    static func hidingGuides(_ bytes: [UInt8]) -> [UInt8]? {
        guard let end = rootTagEnd(bytes) else { return nil }
        let sheet = "<style>[id^=\"\(prefix)\"], [id^=\"\(prefix)\"] * { visibility: hidden !important; display: inline !important }</style>"
        return Array(bytes[..<end]) + Array(sheet.utf8) + Array(bytes[end...])
    }

    /// The index just after the `>` of the root `<svg …>` start tag (comments and quoted
    /// attribute values skipped); `nil` when there is none or it closes itself.
    static func rootTagEnd(_ bytes: [UInt8]) -> Int? {
        func starts(_ text: String, at index: Int) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }
        var index = 0
        while index < bytes.count {
            if starts("<!--", at: index) {
                index += 4
                while index < bytes.count && !starts("-->", at: index) { index += 1 }
                index += 3
                continue
            }
            if starts("<svg", at: index), index + 4 < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">")].contains(bytes[index + 4]) {
                var cursor = index + 4
                var quote: UInt8? = nil
                while cursor < bytes.count {
                    let byte = bytes[cursor]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        return bytes[cursor - 1] == UInt8(ascii: "/") ? nil : cursor + 1
                    }
                    cursor += 1
                }
                return nil
            }
            index += 1
        }
        return nil
    }

    /// A region's box in the document's CSS pixels.
    struct Box: Sendable, Hashable {
        var x: Double, y: Double, width: Double, height: Double
    }

    /// The nine-patch information the located `boxes` (by id) give a drawing laid out as
    /// `layout`: stretch runs, content padding and optical insets in whole pixels.
    static func info(boxes: [String: Box], layout: VectorRendering.Layout) throws(SVGError) -> NinePatchInfo {
        let width = layout.width
        let height = layout.height
        // Outward: the first pixel the region touches to the last, within the drawing.
        func span(_ start: Double, _ length: Double, scale: Double, limit: Int) -> Range<Int> {
            let low = Swift.max(0, Swift.min(limit, Int((start * scale + 1e-6).rounded(.down))))
            let high = Swift.max(low, Swift.min(limit, Int(((start + length) * scale - 1e-6).rounded(.up))))
            return low..<high
        }
        var columns: [Range<Int>] = []
        var rows: [Range<Int>] = []
        for (id, box) in boxes.sorted(by: { $0.key < $1.key }) where id.hasPrefix(prefix + "stretch") {
            let kind = id.dropFirst((prefix + "stretch").count)
            let across = !kind.hasPrefix("-y")
            let down = !kind.hasPrefix("-x")
            let x = span(box.x, box.width, scale: layout.scaleX, limit: width)
            let y = span(box.y, box.height, scale: layout.scaleY, limit: height)
            if across {
                guard !x.isEmpty else { throw .invalidNinePatch("\(id) has no width inside the drawing") }
                columns.append(x)
            }
            if down {
                guard !y.isEmpty else { throw .invalidNinePatch("\(id) has no height inside the drawing") }
                rows.append(y)
            }
        }
        guard !columns.isEmpty || !rows.isEmpty else {
            throw .invalidNinePatch("it names \(prefix) regions but no \(prefix)stretch region: nothing would stretch")
        }
        let xDivs = merged(columns)
        let yDivs = merged(rows)
        func insets(_ box: Box) -> NinePatchInsets {
            let x = span(box.x, box.width, scale: layout.scaleX, limit: width)
            let y = span(box.y, box.height, scale: layout.scaleY, limit: height)
            return NinePatchInsets(
                top: Int32(y.lowerBound), left: Int32(x.lowerBound), bottom: Int32(height - y.upperBound), right: Int32(width - x.upperBound))
        }
        let padding: NinePatchInsets
        if let content = boxes[prefix + "content"] {
            padding = insets(content)
        } else {
            // aapt's default: the first stretch region on each axis.
            padding = NinePatchInsets(
                top: yDivs.first ?? 0, left: xDivs.first ?? 0, bottom: yDivs.count > 1 ? Int32(height) - yDivs[1] : 0,
                right: xDivs.count > 1 ? Int32(width) - xDivs[1] : 0)
        }
        let chunk = NinePatchChunk(xDivs: xDivs, yDivs: yDivs, padding: padding, colors: [])
        let bounds = boxes[prefix + "optical"].map { NinePatchLayoutBounds(insets: insets($0)) }
        return NinePatchInfo(chunk: chunk, layoutBounds: bounds)
    }

    /// Sorted, overlapping or touching ranges joined, as start/end pairs.
    static func merged(_ ranges: [Range<Int>]) -> [Int32] {
        var joined: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined.flatMap { [Int32($0.lowerBound), Int32($0.upperBound)] }
    }
}
