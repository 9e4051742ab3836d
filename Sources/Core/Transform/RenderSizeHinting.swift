/// A transform that can tell the loader of a vector source (SVG) what size to draw it at, so the
/// picture is drawn at the size the transform makes instead of drawn at its own size and then
/// resampled (blurred when enlarged, wasted work when reduced).
///
/// The host asks the step that directly follows `load` when the file is a vector format and
/// `load` was given no size. The answer must not change the transform's result size: only the
/// quality of its pixels.
public protocol RenderSizeHinting: Transform {
    /// The upright size to draw a vector picture whose own size is `width`×`height` pixels at,
    /// or `nil` for its own size.
    func renderedSize(width: Int, height: Int) -> (width: Int, height: Int)?
}
