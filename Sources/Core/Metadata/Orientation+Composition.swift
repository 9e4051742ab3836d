extension Orientation {
    /// The one orientation that turns pixels as applying `self` and then `next` does.
    public func followed(by next: Orientation) -> Orientation {
        // Compared on a 3×2 probe: a non-square picture tells all eight apart.
        let (width, height) = (3, 2)
        let first = swapsDimensions ? (width: height, height: width) : (width: width, height: height)
        let last = next.swapsDimensions ? (width: first.height, height: first.width) : first
        func composed(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
            let middle = next.sourcePoint(x: x, y: y, width: last.width, height: last.height)
            return sourcePoint(x: middle.x, y: middle.y, width: first.width, height: first.height)
        }
        let candidates = Orientation.allCases.filter { $0.swapsDimensions == (swapsDimensions != next.swapsDimensions) }
        return candidates.first { candidate in
            (0..<last.height).allSatisfy { y in
                (0..<last.width).allSatisfy { x in candidate.sourcePoint(x: x, y: y, width: last.width, height: last.height) == composed(x, y) }
            }
        } ?? .up
    }

    /// Where the stored pixel (`x`, `y`) of a `width`×`height` picture lands once this
    /// orientation is applied.
    public func destinationPoint(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        inverse.sourcePoint(x: x, y: y, width: width, height: height)
    }
}

extension PixelRect {
    /// Where this rectangle of a `width`×`height` picture lands once `orientation` is applied.
    public func applying(_ orientation: Orientation, width: Int, height: Int) -> PixelRect {
        guard self.width > 0, self.height > 0 else { return self }
        let corners = [
            orientation.destinationPoint(x: x, y: y, width: width, height: height),
            orientation.destinationPoint(x: x + self.width - 1, y: y + self.height - 1, width: width, height: height),
        ]
        let left = min(corners[0].x, corners[1].x)
        let top = min(corners[0].y, corners[1].y)
        let right = max(corners[0].x, corners[1].x)
        let bottom = max(corners[0].y, corners[1].y)
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
