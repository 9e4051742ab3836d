extension NinePatchInfo {
    /// The information after the source span `region` (x, y, width, height in source pixels)
    /// of a `width`×`height` image is scaled onto `outputWidth`×`outputHeight` pixels, or `nil`
    /// when an axis that had stretch regions keeps none (they were cropped away or shrank to
    /// nothing).
    ///
    /// Every boundary maps to the nearest output pixel; padding, layout bounds and outline
    /// insets are the distances from the mapped content edges to the output edges. Cell colours
    /// become "not a single colour", because resampling mixes neighbouring cells.
    public func scaled(region: (x: Double, y: Double, width: Double, height: Double), width: Int, height: Int,
                       outputWidth: Int, outputHeight: Int) -> NinePatchInfo? {
        let sx = Double(outputWidth) / region.width, sy = Double(outputHeight) / region.height
        func mapX(_ value: Double) -> Int { Swift.min(Swift.max(Int(((value - region.x) * sx).rounded()), 0), outputWidth) }
        func mapY(_ value: Double) -> Int { Swift.min(Swift.max(Int(((value - region.y) * sy).rounded()), 0), outputHeight) }
        func map(_ insets: NinePatchInsets) -> NinePatchInsets {
            let left = mapX(Double(insets.left)), right = mapX(Double(width) - Double(insets.right))
            let top = mapY(Double(insets.top)), bottom = mapY(Double(height) - Double(insets.bottom))
            return NinePatchInsets(left: Int32(left), right: Int32(outputWidth - Swift.max(left, right)),
                                   top: Int32(top), bottom: Int32(outputHeight - Swift.max(top, bottom)))
        }
        // Android's density scaling: round each boundary, then keep every segment that had
        // pixels at least 1 pixel long, so a scaled nine-patch is still valid.
        // (Only where the whole axis is kept: a crop may cut segments away on purpose.)
        func map(_ divs: [Int32], _ transform: (Double) -> Int, length: Int, whole: Bool) -> [Int32] {
            var mapped = divs.map { transform(Double($0)) }
            var previous = (source: 0, output: transform(0))
            for index in mapped.indices where whole {
                if Int(divs[index]) > previous.source, mapped[index] <= previous.output, mapped[index] < length {
                    mapped[index] = previous.output + 1
                }
                previous = (Int(divs[index]), mapped[index])
            }
            var out: [Int32] = []
            var index = 0
            while index + 1 < mapped.count {
                let start = Swift.min(mapped[index], length), end = Swift.min(mapped[index + 1], length)
                if end > start, start >= (out.last.map(Int.init) ?? 0) { out += [Int32(start), Int32(end)] }
                index += 2
            }
            return out
        }
        var result = self
        if var chunk {
            let xDivs = map(chunk.xDivs, mapX, length: outputWidth, whole: region.x == 0 && region.width == Double(width))
            let yDivs = map(chunk.yDivs, mapY, length: outputHeight, whole: region.y == 0 && region.height == Double(height))
            if (xDivs.isEmpty && !chunk.xDivs.isEmpty) || (yDivs.isEmpty && !chunk.yDivs.isEmpty) { return nil }
            chunk.xDivs = xDivs
            chunk.yDivs = yDivs
            chunk.padding = map(chunk.padding)
            let cells = Self.cellCount(xDivs, length: outputWidth) * Self.cellCount(yDivs, length: outputHeight)
            chunk.colors = Array(repeating: NinePatchChunk.noColor, count: cells)
            result.chunk = chunk
        }
        result.layoutBounds = layoutBounds.map { NinePatchLayoutBounds(insets: map($0.insets)) }
        result.outline = outline.map {
            NinePatchOutline(insets: map($0.insets), radius: $0.radius * Float(Swift.min(sx, sy)), alpha: $0.alpha)
        }
        return result
    }

    /// The information after `top`, `right`, `bottom`, `left` pixels are added around a
    /// `width`×`height` image: divs shift right and down, insets grow by the added amounts,
    /// cell colours become "not a single colour" (the edge cells gained pixels).
    public func padded(top: Int, right: Int, bottom: Int, left: Int, width: Int, height: Int) -> NinePatchInfo {
        func grow(_ insets: NinePatchInsets) -> NinePatchInsets {
            NinePatchInsets(left: insets.left + Int32(left), right: insets.right + Int32(right),
                            top: insets.top + Int32(top), bottom: insets.bottom + Int32(bottom))
        }
        var result = self
        if var chunk {
            chunk.xDivs = chunk.xDivs.map { $0 + Int32(left) }
            chunk.yDivs = chunk.yDivs.map { $0 + Int32(top) }
            chunk.padding = grow(chunk.padding)
            let cells = Self.cellCount(chunk.xDivs, length: width + left + right)
                * Self.cellCount(chunk.yDivs, length: height + top + bottom)
            chunk.colors = Array(repeating: NinePatchChunk.noColor, count: cells)
            result.chunk = chunk
        }
        result.layoutBounds = layoutBounds.map { NinePatchLayoutBounds(insets: grow($0.insets)) }
        result.outline = outline.map { NinePatchOutline(insets: grow($0.insets), radius: $0.radius, alpha: $0.alpha) }
        return result
    }
}
