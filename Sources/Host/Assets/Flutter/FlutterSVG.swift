/// What Flutter's SVG packages draw of the SVG a vector drawable is translated to:
/// `flutter_svg` and `vector_graphics_compiler` draw paths, groups, transforms, clip paths,
/// opacity and linear and radial gradients, but neither filters nor masks.
enum FlutterSVG {
    /// What in `svg` (a drawable's translation) Flutter does not draw, said for a warning, or
    /// `nil` when it draws all of it.
    static func unsupportedFeature(in svg: String) -> String? {
        if svg.contains("<filter") {
            return "its tint mode composites with an SVG filter, which Flutter's SVG packages do not draw (src_in, the default, converts)"
        }
        if svg.contains("<mask") { return "it uses a mask, which Flutter's SVG packages do not draw" }
        return nil
    }
}
