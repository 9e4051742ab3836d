import NinepipeCore

/// `width=`, `height=` or `density=` given to the `load` of a raster file.
struct RasterSizeError: NinepipeError {
    /// The file's format.
    var format: ImageFormat
    var description: String {
        "width=, height= and density= on load draw vector files (SVG) at a size; this is \(format), a raster file: use resize after load"
    }
}
