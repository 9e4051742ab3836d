extension NinePatchInfo {
    /// The information for the `rect` part of a `width`×`height` image, or `nil` when
    /// the crop leaves an axis that had stretch regions with none.
    ///
    /// Divs are shifted and clipped (regions cut to nothing are removed); padding,
    /// layout bounds and outline insets shrink by what was cut from each side; cell
    /// colours become "not a single colour" because the cells changed.
    public func cropped(to rect: PixelRect, width: Int, height: Int) -> NinePatchInfo? {
        let cut = NinePatchInsets(
            top: Int32(clamping: rect.y), left: Int32(clamping: rect.x),
            bottom: Int32(clamping: height - rect.y - rect.height), right: Int32(clamping: width - rect.x - rect.width)
        )
        .clamped(width: width, height: height)
        func shrink(_ insets: NinePatchInsets) -> NinePatchInsets {
            NinePatchInsets(
                top: max(0, insets.top - cut.top), left: max(0, insets.left - cut.left),
                bottom: max(0, insets.bottom - cut.bottom), right: max(0, insets.right - cut.right))
        }
        var result = clamped(width: width, height: height)
        if var chunk = result.chunk {
            let xDivs = Self.clip(chunk.xDivs, from: rect.x, length: rect.width)
            let yDivs = Self.clip(chunk.yDivs, from: rect.y, length: rect.height)
            if (xDivs.isEmpty && !chunk.xDivs.isEmpty) || (yDivs.isEmpty && !chunk.yDivs.isEmpty) { return nil }
            chunk.xDivs = xDivs
            chunk.yDivs = yDivs
            chunk.padding = shrink(chunk.padding)
            let cells = Self.cellCount(xDivs, length: rect.width) * Self.cellCount(yDivs, length: rect.height)
            chunk.colors = Array(repeating: NinePatchChunk.noColor, count: cells)
            result.chunk = chunk
        }
        result.layoutBounds = result.layoutBounds.map { NinePatchLayoutBounds(insets: shrink($0.insets)) }
        result.outline = result.outline.map { NinePatchOutline(insets: shrink($0.insets), radius: $0.radius, alpha: $0.alpha) }
        // An inset reaching past the cut side (padding that spanned what was removed) ends at the new edge.
        return result.clamped(width: rect.width, height: rect.height)
    }

    /// Start/end pairs shifted by `-origin` and clipped to `0...length`; empty pairs removed.
    private static func clip(_ divs: [Int32], from origin: Int, length: Int) -> [Int32] {
        var out: [Int32] = []
        var index = 0
        while index + 1 < divs.count {
            let start = max(0, Int(divs[index]) - origin)
            let end = min(length, Int(divs[index + 1]) - origin)
            if end > start { out += [Int32(clamping: start), Int32(clamping: end)] }
            index += 2
        }
        return out
    }
}
