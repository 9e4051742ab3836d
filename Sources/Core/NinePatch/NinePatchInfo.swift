/// Nine-patch information carried by an image: the `npTc`, `npLb` and `npOl` chunks.
public struct NinePatchInfo: Sendable, Hashable {
    /// Stretch regions, padding and cell colours (`npTc`).
    public var chunk: NinePatchChunk?
    /// Optical layout bounds (`npLb`).
    public var layoutBounds: NinePatchLayoutBounds?
    /// Outline (`npOl`).
    public var outline: NinePatchOutline?

    /// Creates the information.
    public init(chunk: NinePatchChunk? = nil, layoutBounds: NinePatchLayoutBounds? = nil, outline: NinePatchOutline? = nil) {
        self.chunk = chunk
        self.layoutBounds = layoutBounds
        self.outline = outline
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { chunk == nil && layoutBounds == nil && outline == nil }

    /// The information for the image after `orientation` is applied to a `width`×`height` image.
    ///
    /// Divs, padding, bounds and cell colours move with the pixels (mirrored or swapped between axes).
    public func transformed(by orientation: Orientation, width: Int, height: Int) -> NinePatchInfo {
        let map = OrientationAxes(orientation)
        var result = clamped(width: width, height: height)
        if var chunk = result.chunk {
            let sourceCells = (x: Self.cellCount(chunk.xDivs, length: width), y: Self.cellCount(chunk.yDivs, length: height))
            let xDivs = map.xFromY ? chunk.yDivs : chunk.xDivs
            let yDivs = map.xFromY ? chunk.xDivs : chunk.yDivs
            let xLength = map.xFromY ? height : width
            let yLength = map.xFromY ? width : height
            chunk.xDivs = map.reverseX ? Self.reversed(xDivs, length: xLength) : xDivs
            chunk.yDivs = map.reverseY ? Self.reversed(yDivs, length: yLength) : yDivs
            chunk.padding = map.apply(chunk.padding)
            if chunk.colors.count == sourceCells.x * sourceCells.y {
                let cols = map.xFromY ? sourceCells.y : sourceCells.x
                let rows = map.xFromY ? sourceCells.x : sourceCells.y
                var colors = [UInt32](repeating: NinePatchChunk.noColor, count: chunk.colors.count)
                for row in 0..<rows {
                    for col in 0..<cols {
                        let c = map.reverseX ? cols - 1 - col : col
                        let r = map.reverseY ? rows - 1 - row : row
                        let (sx, sy) = map.xFromY ? (r, c) : (c, r)
                        colors[row * cols + col] = chunk.colors[sy * sourceCells.x + sx]
                    }
                }
                chunk.colors = colors
            }
            result.chunk = chunk
        }
        result.layoutBounds = result.layoutBounds.map { NinePatchLayoutBounds(insets: map.apply($0.insets)) }
        result.outline = result.outline.map { NinePatchOutline(insets: map.apply($0.insets), radius: $0.radius, alpha: $0.alpha) }
        return result
    }

    /// The number of cells along an axis of `length` split by `divs`, counted as aapt does.
    public static func cellCount(_ divs: [Int32], length: Int) -> Int {
        guard let first = divs.first, let last = divs.last else { return 1 }
        var count = divs.count + 1
        if first == 0 { count -= 1 }
        if Int(last) == length { count -= 1 }
        return Swift.max(count, 1)
    }

    private static func reversed(_ divs: [Int32], length: Int) -> [Int32] {
        divs.reversed().map { Int32(clamping: length) - $0 }
    }
}
