import NinepipeCore

/// One written nine-patch file's slicing, in its own pixels: what a target's generated code
/// needs to stretch it (Flutter's per-density slices, Compose's painter), since a density drawn
/// on its own is not always an exact multiple of another.
struct NinePatchFileSlicing: Sendable, Hashable {
    /// The configuration's key: `""`, `dark`, `fr`, `pt-BR-dark`.
    var key: String
    /// The file's density (1 = mdpi).
    var scale: Double
    /// The file's size in pixels.
    var width: Int
    var height: Int
    /// Stretch regions across and down, as start and end pairs.
    var xDivs: [Int32]
    var yDivs: [Int32]
    /// The content padding.
    var padding: NinePatchInsets

    /// The slicing of `image` (written at `scale` for the configuration keyed `key`), or `nil`
    /// when it is no nine-patch.
    init?(key: String, scale: Double, image: Image) {
        guard let chunk = image.metadata.ninePatch?.chunk else { return nil }
        (self.key, self.scale, width, height) = (key, scale, image.width, image.height)
        (xDivs, yDivs, padding) = (chunk.xDivs, chunk.yDivs, chunk.padding)
    }
}
