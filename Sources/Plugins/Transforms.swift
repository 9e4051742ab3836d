import NinepipeCore

/// The namespace of Ninepipe's built-in transforms: one file per transform,
/// `Transforms+Name.swift`, each a `TransformPlugin`.
public enum Transforms {
    /// Every built-in transform plugin, in the order `ninepipe plugins` lists them.
    public static let all: [any TransformPlugin.Type] = [
        Transforms.NinePatchStretch.self,
        Transforms.Crop.self,
        Transforms.Orientation.self,
        Transforms.Resize.self,
        Transforms.Thumbnail.self,
        Transforms.RoundedCorner.self,
        Transforms.TransparentBorder.self,
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
