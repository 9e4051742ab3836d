import NinepipeCore

/// The namespace of Ninepipe's built-in steps: one file per step in `Sources/Plugins/Steps`, each
/// a `TransformPlugin` named after its step (`round` is `Transforms.Round` in `Steps/Round.swift`).
public enum Transforms {
    /// Every built-in transform plugin, in the order `ninepipe plugins` lists them.
    public static let all: [any TransformPlugin.Type] = [
        Transforms.NinePatch.self,
        Transforms.Crop.self,
        Transforms.Orient.self,
        Transforms.Resize.self,
        Transforms.Thumbnail.self,
        Transforms.Round.self,
        Transforms.Border.self,
        Transforms.Tile.self,
        Transforms.Alpha.self,
        Transforms.ColorSpace.self,
        Transforms.Blur.self,
        Transforms.Sharpen.self,
        Transforms.Modulate.self,
        Transforms.Grayscale.self,
        Transforms.Tint.self,
        Transforms.Invert.self,
        Transforms.Gamma.self,
        Transforms.Trim.self,
        Transforms.Overlay.self,
    ]
}
