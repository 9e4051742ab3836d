/// How colour channels relate to alpha.
///
/// Codecs read and write `.straight`. Resampling must run on `.premultiplied`
/// samples, or transparent pixels bleed their (often black) colour into the
/// edges: the dark-fringe / "pink tint" bug. Keeping the state on the image
/// makes that mistake visible: ``Image/premultiplied()`` and
/// ``Image/unpremultiplied()`` convert, and do nothing when already there.
public enum AlphaMode: String, Sendable, Hashable {
    /// Colour channels are independent of alpha (PNG, JPEG).
    case straight
    /// Colour channels have been multiplied by alpha.
    case premultiplied
}
