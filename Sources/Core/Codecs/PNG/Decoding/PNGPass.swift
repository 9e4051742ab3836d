/// One pass of a PNG image: the whole image, or one of the seven Adam7 sub-images.
struct PNGPass: Sendable, Hashable {
    /// First column and row, and the steps between pixels, in image coordinates.
    let x0: Int, y0: Int, dx: Int, dy: Int
    /// Pixels per row and rows in this pass (either may be zero).
    let width: Int, height: Int

    /// The passes of an image: one for a plain image, seven (some maybe empty) for Adam7.
    static func passes(width: Int, height: Int, interlaced: Bool) -> [PNGPass] {
        guard interlaced else { return [PNGPass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return adam7.map { x0, y0, dx, dy in
            PNGPass(
                x0: x0, y0: y0, dx: dx, dy: dy,
                width: width > x0 ? (width - x0 + dx - 1) / dx : 0,
                height: height > y0 ? (height - y0 + dy - 1) / dy : 0)
        }
    }

    /// Whether the pass holds any pixel.
    var isEmpty: Bool { width == 0 || height == 0 }
}
