// What aapt computes when it compiles a source nine-patch, beyond the guides themselves: the
// cleared colour of transparent pixels, the per-cell colours and the outline estimate.

extension NinePatchFrame {
    /// Fully transparent pixels with their colour set to zero, as aapt writes them: with
    /// ``parse(_:warn:)``, what `aapt singleCrunch` makes of a `.9.png` source.
    public static func clearingTransparentColor(_ image: Image) -> Image {
        guard image.layout.hasAlpha else { return image }
        var result = image
        let channels = image.layout.channelCount
        func clear<S: FixedWidthInteger>(_ samples: inout [S]) {
            var base = 0
            while base < samples.count {
                if samples[base + channels - 1] == 0 { for c in 0..<(channels - 1) { samples[base + c] = 0 } }
                base += channels
            }
        }
        result.editSamples(eight: { clear(&$0) }, sixteen: { clear(&$0) })
        return result
    }
}

extension NinePatchChunk {
    /// This chunk with its per-cell colours computed from `image` (the picture without frame) as aapt does.
    public func withCellColors(of image: Image) -> NinePatchChunk {
        var chunk = clamped(width: image.width, height: image.height)
        chunk.colors = Self.cellColors(of: RGBAView(image), origin: 0, width: image.width, height: image.height, xDivs: chunk.xDivs, yDivs: chunk.yDivs)
        return chunk
    }

    /// Per-cell colours of the `width`×`height` picture starting at (`origin`, `origin`) in `view`,
    /// as aapt computes them: `0` for a fully transparent cell, `1` for a cell of more than one
    /// colour, else the cell's colour as ARGB.
    static func cellColors(of view: RGBAView, origin: Int, width: Int, height: Int, xDivs: [Int32], yDivs: [Int32]) -> [UInt32] {
        func bounds(_ divs: [Int32], length: Int) -> [(Int, Int)] {
            var edges = [0] + divs.map(Int.init) + [length]
            edges = edges.enumerated().filter { $0.offset == 0 || $0.element != edges[$0.offset - 1] }.map(\.element)
            return zip(edges, edges.dropFirst()).map { ($0, $1) }
        }
        var colors: [UInt32] = []
        for (top, bottom) in bounds(yDivs, length: height) {
            for (left, right) in bounds(xDivs, length: width) {
                let first = view[origin + left, origin + top]
                var uniform = true
                scan: for y in top..<bottom {
                    for x in left..<right {
                        let p = view[origin + x, origin + y]
                        if first.alpha == 0 ? p.alpha != 0 : p != first {
                            uniform = false
                            break scan
                        }
                    }
                }
                if !uniform {
                    colors.append(NinePatchChunk.noColor)
                } else if first.alpha == 0 {
                    colors.append(NinePatchChunk.transparentColor)
                } else {
                    colors.append(UInt32(first.alpha) << 24 | UInt32(first.red) << 16 | UInt32(first.green) << 8 | UInt32(first.blue))
                }
            }
        }
        return colors
    }
}

extension NinePatchOutline {
    /// aapt's estimate of a round-rect outline from the framed source's opacity: insets where
    /// the centre row and column first reach their most opaque pixel, a radius from the diagonal
    /// march from the inner top-left corner (3.4142 × inset), and the middle row's highest alpha.
    init(estimatingFrom framed: RGBAView) {
        let width = framed.width
        let height = framed.height
        let midX = width / 2
        let midY = height / 2
        let endX = width - 2
        let endY = height - 2
        func maxOpacity(x: Int, y: Int, endX: Int, endY: Int, dx: Int, dy: Int) -> Int {
            var best: UInt8 = 0
            var inset = 0
            var found = 0
            var x = x
            var y = y
            while x != endX && y != endY && x >= 0 && x < width && y >= 0 && y < height {
                let alpha = framed.alpha(x, y)
                if alpha > best {
                    best = alpha
                    found = inset
                }
                if alpha == 0xFF { break }
                x += dx
                y += dy
                inset += 1
            }
            return found
        }
        let left = width > 4 ? maxOpacity(x: 1, y: midY, endX: midX, endY: -1, dx: 1, dy: 0) : 0
        let right = width > 4 ? maxOpacity(x: endX, y: midY, endX: midX, endY: -1, dx: -1, dy: 0) : 0
        let top = height > 4 ? maxOpacity(x: midX, y: 1, endX: -1, endY: midY, dx: 0, dy: 1) : 0
        let bottom = height > 4 ? maxOpacity(x: midX, y: endY, endX: -1, endY: midY, dx: 0, dy: -1) : 0
        let innerStartX = 1 + left
        let innerStartY = 1 + top
        let innerEndX = endX - right
        let innerEndY = endY - bottom
        let innerMidX = (innerEndX + innerStartX) / 2
        let innerMidY = (innerEndY + innerStartY) / 2
        // aapt takes the middle row's maximum (its column scan covers an empty range).
        var alpha: UInt8 = 0
        if innerMidY >= 0 && innerMidY < height {
            for x in max(innerStartX, 0)..<max(min(innerEndX, width), max(innerStartX, 0)) { alpha = max(alpha, framed.alpha(x, innerMidY)) }
        }
        let diagonal = maxOpacity(x: innerStartX, y: innerStartY, endX: innerMidX, endY: innerMidY, dx: 1, dy: 1)
        self.init(
            insets: NinePatchInsets(top: Int32(top), left: Int32(left), bottom: Int32(bottom), right: Int32(right)),
            radius: Float(3.4142) * Float(diagonal), alpha: UInt32(alpha))
    }
}
