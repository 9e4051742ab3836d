extension Image {
    /// This image's rows followed by `other`'s: one image as tall as both, with this image's
    /// metadata and alpha mode.
    ///
    /// - Precondition: both have the same width, layout and depth.
    public func stacked(above other: Image) -> Image {
        precondition(width == other.width && layout == other.layout && depth == other.depth, "stacked images must match in width, layout and depth")
        let storage: PixelStorage
        switch (self.storage, other.storage) {
        case (.eight(let top), .eight(let bottom)): storage = .eight(top + bottom)
        case (.sixteen(let top), .sixteen(let bottom)): storage = .sixteen(top + bottom)
        default: preconditionFailure("depths checked above")
        }
        return Image(width: width, height: height + other.height, layout: layout, storage: storage, alphaMode: alphaMode, metadata: metadata)
    }
}
