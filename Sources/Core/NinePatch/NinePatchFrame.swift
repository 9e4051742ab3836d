/// The 1-pixel frame of an Android nine-patch source (`.9.png`), read and drawn the way aapt does.
///
/// - The top-left pixel sets the neutral colour: fully transparent, or opaque white.
/// - Black (`#000000ff`) runs on the top and left edges mark stretch regions (any number).
/// - One black run on the bottom and right edges marks the content padding; without one, the
///   padding is what aapt computes from the first stretch region.
/// - Red (`#ff0000ff`) runs touching the ends of the bottom and right edges are layout bounds.
/// - Anything else on the frame is an error naming the pixel, its edge and its colour.
///
/// Where aapt (v1) and aapt2 differ, an axis without stretch marks is accepted (as aapt2 does)
/// with a warning; otherwise the results are aapt's, including its outline estimate (`npOl`)
/// and per-cell colours.
public enum NinePatchFrame {
    /// The picture inside the frame of `image`, carrying the nine-patch information the frame
    /// describes (`npTc`, `npOl`, and `npLb` when there are layout bounds).
    ///
    /// - Parameters:
    ///   - image: a nine-patch source: the picture with its 1-pixel frame.
    ///   - warn: receives a one-line warning for an axis without stretch marks.
    public static func parse(_ image: Image, warn: (String) -> Void = { _ in }) throws(NinePatchFrameError) -> Image {
        let width = image.width
        let height = image.height
        let rgba = try validatedView(of: image)
        let guides = NinePatchGuides(rgba: rgba, transparent: rgba[0, 0].alpha == 0)
        let xDivs = try guides.runs(.top, multiple: true)
        let yDivs = try guides.runs(.left, multiple: true)
        for (divs, edge, axis) in [(xDivs, "top", "horizontal"), (yDivs, "left", "vertical")] where divs.isEmpty {
            warn(
                "nine-patch frame: no stretch region marked on the \(edge) edge, so the image does not stretch \(axis)ly (aapt rejects this, aapt2 accepts it)")
        }
        let w = width - 2
        let h = height - 2
        let horizontalPadding = try guides.runs(.bottom, multiple: false)
        let verticalPadding = try guides.runs(.right, multiple: false)
        func padding(_ run: [Int32], _ divs: [Int32], length: Int) -> (Int32, Int32) {
            if run.count == 2 { return (run[0], Int32(length) - run[1]) }
            if divs.count >= 2 { return (divs[0], Int32(length) - divs[1]) }
            return (0, 0)
        }
        let (left, right) = padding(horizontalPadding, xDivs, length: w)
        let (top, bottom) = padding(verticalPadding, yDivs, length: h)
        let bounds = guides.layoutBounds()
        var content = image.cropped(to: PixelRect(x: 1, y: 1, width: w, height: h))
        var chunk = NinePatchChunk(xDivs: xDivs, yDivs: yDivs, padding: NinePatchInsets(top: top, left: left, bottom: bottom, right: right), colors: [])
        try checkCellCount(xDivs: xDivs, yDivs: yDivs, width: w, height: h)
        // The framed view already holds the picture's pixels, one pixel in from each side.
        chunk.colors = NinePatchChunk.cellColors(of: rgba, origin: 1, width: w, height: h, xDivs: xDivs, yDivs: yDivs)
        content.metadata.ninePatch = NinePatchInfo(
            chunk: chunk, layoutBounds: bounds.isZero ? nil : NinePatchLayoutBounds(insets: bounds),
            outline: NinePatchOutline(estimatingFrom: rgba))
        return content
    }
}
