extension NinePatchFrame {
    /// The source's pixels as aapt sees them, once the frame can be read at all: at least 3×3
    /// pixels, and a top-left pixel that is fully transparent or opaque white (the neutral colour).
    static func validatedView(of image: Image) throws(NinePatchFrameError) -> RGBAView {
        guard image.width >= 3, image.height >= 3 else {
            throw NinePatchFrameError(
                "the image is \(image.width)×\(image.height); a nine-patch source needs at least 3×3 pixels (a 1-pixel frame around the picture)")
        }
        let rgba = RGBAView(image)
        let corner = rgba[0, 0]
        guard corner.alpha == 0 || corner == Color.white else {
            if !hasFrameColors(rgba) {
                throw NinePatchFrameError(
                    "there is none: the outermost pixels are part of the picture (the top-left one is \(corner)), not a 1-pixel border of transparent or white pixels with black marks for the stretch regions",
                    reason: .noFrame)
            }
            throw NinePatchFrameError(
                "the top-left pixel (0, 0) is \(corner); it sets the frame's neutral colour and must be fully transparent or opaque white")
        }
        return rgba
    }

    /// Whether every pixel of the 1-pixel border but the corners is a colour a frame is drawn in: transparent,
    /// white, black (regions), or red (optical bounds); a photo's edge is not.
    private static func hasFrameColors(_ rgba: RGBAView) -> Bool {
        func isFrameColor(_ x: Int, _ y: Int) -> Bool {
            let pixel = rgba[x, y]
            guard pixel.alpha != 0 else { return true }
            return pixel == Color.white || pixel == Color(red: 0, green: 0, blue: 0) || pixel == Color(red: 255, green: 0, blue: 0)
        }
        // The corners are not part of the frame's marks; the validation names the top-left one.
        let (right, bottom) = (rgba.width - 1, rgba.height - 1)
        for x in 1..<right where !isFrameColor(x, 0) || !isFrameColor(x, bottom) { return false }
        for y in 1..<bottom where !isFrameColor(0, y) || !isFrameColor(right, y) { return false }
        return true
    }

    /// Refuses stretch regions that make more cells than a compiled chunk can count (127).
    static func checkCellCount(xDivs: [Int32], yDivs: [Int32], width: Int, height: Int) throws(NinePatchFrameError) {
        let cells = NinePatchInfo.cellCount(xDivs, length: width) * NinePatchInfo.cellCount(yDivs, length: height)
        guard cells <= 0x7F else {
            throw NinePatchFrameError("\(cells) cells is more than the 127 a compiled nine-patch can hold; mark fewer stretch regions")
        }
    }
}
