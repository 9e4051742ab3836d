extension NinePatchInfo {
    /// The information after the source span `region` (x, y, width, height in source pixels)
    /// of a `width`×`height` image is scaled onto `outputWidth`×`outputHeight` pixels, or `nil`
    /// when an axis that had stretch regions keeps none (they were cropped away or shrank to
    /// nothing).
    ///
    /// Every boundary maps to the nearest output pixel; padding, layout bounds and outline
    /// insets are the distances from the mapped content edges to the output edges. Cell colours
    /// become "not a single colour", because resampling mixes neighbouring cells.
    public func scaled(
        region: (x: Double, y: Double, width: Double, height: Double), width: Int, height: Int,
        outputWidth: Int, outputHeight: Int
    ) -> NinePatchInfo? {
        let sx = Double(outputWidth) / region.width
        let sy = Double(outputHeight) / region.height
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0, region.x.isFinite, region.y.isFinite else { return nil }
        // Rounded and clamped in floating point first, so no value converts out of Int's range.
        func place(_ value: Double, _ limit: Int) -> Int {
            value.isNaN ? 0 : Int(Swift.min(Swift.max(value.rounded(), 0), Double(limit)))
        }
        func mapX(_ value: Double) -> Int { place((value - region.x) * sx, outputWidth) }
        func mapY(_ value: Double) -> Int { place((value - region.y) * sy, outputHeight) }
        func map(_ insets: NinePatchInsets) -> NinePatchInsets {
            let left = mapX(Double(insets.left))
            let right = mapX(Double(width) - Double(insets.right))
            let top = mapY(Double(insets.top))
            let bottom = mapY(Double(height) - Double(insets.bottom))
            return NinePatchInsets(
                top: Int32(clamping: top), left: Int32(clamping: left),
                bottom: Int32(clamping: outputHeight - Swift.max(top, bottom)), right: Int32(clamping: outputWidth - Swift.max(left, right)))
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
                let start = Swift.min(mapped[index], length)
                let end = Swift.min(mapped[index + 1], length)
                if end > start, start >= (out.last.map(Int.init) ?? 0) { out += [Int32(clamping: start), Int32(clamping: end)] }
                index += 2
            }
            return out
        }
        var result = clamped(width: width, height: height)
        if var chunk = result.chunk {
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
        result.layoutBounds = result.layoutBounds.map { NinePatchLayoutBounds(insets: map($0.insets)) }
        result.outline = result.outline.map {
            NinePatchOutline(insets: map($0.insets), radius: $0.radius * Float(Swift.min(sx, sy)), alpha: $0.alpha)
        }
        return result.clamped(width: outputWidth, height: outputHeight)
    }

    /// The information after `top`, `right`, `bottom`, `left` pixels are added around a
    /// `width`×`height` image: divs shift right and down, insets grow by the added amounts,
    /// cell colours become "not a single colour" (the edge cells gained pixels).
    public func padded(top: Int, left: Int, bottom: Int, right: Int, width: Int, height: Int) -> NinePatchInfo {
        func add(_ value: Int32, _ amount: Int) -> Int32 { Int32(clamping: Int(value) + amount) }
        func grow(_ insets: NinePatchInsets) -> NinePatchInsets {
            NinePatchInsets(
                top: add(insets.top, top), left: add(insets.left, left),
                bottom: add(insets.bottom, bottom), right: add(insets.right, right))
        }
        var result = clamped(width: width, height: height)
        if var chunk = result.chunk {
            chunk.xDivs = chunk.xDivs.map { add($0, left) }
            chunk.yDivs = chunk.yDivs.map { add($0, top) }
            chunk.padding = grow(chunk.padding)
            let cells =
                Self.cellCount(chunk.xDivs, length: width + left + right)
                * Self.cellCount(chunk.yDivs, length: height + top + bottom)
            chunk.colors = Array(repeating: NinePatchChunk.noColor, count: cells)
            result.chunk = chunk
        }
        result.layoutBounds = result.layoutBounds.map { NinePatchLayoutBounds(insets: grow($0.insets)) }
        result.outline = result.outline.map { NinePatchOutline(insets: grow($0.insets), radius: $0.radius, alpha: $0.alpha) }
        return result.clamped(width: width + left + right, height: height + top + bottom)
    }
}
