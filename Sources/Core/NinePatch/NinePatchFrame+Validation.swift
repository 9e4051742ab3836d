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
            throw NinePatchFrameError(
                "the top-left pixel (0, 0) is \(corner); it sets the frame's neutral colour and must be fully transparent or opaque white")
        }
        return rgba
    }

    /// Refuses stretch regions that make more cells than a compiled chunk can count (127).
    static func checkCellCount(xDivs: [Int32], yDivs: [Int32], width: Int, height: Int) throws(NinePatchFrameError) {
        let cells = NinePatchInfo.cellCount(xDivs, length: width) * NinePatchInfo.cellCount(yDivs, length: height)
        guard cells <= 0x7F else {
            throw NinePatchFrameError("\(cells) cells is more than the 127 a compiled nine-patch can hold; mark fewer stretch regions")
        }
    }
}
