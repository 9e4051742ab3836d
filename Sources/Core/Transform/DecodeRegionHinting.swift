/// A transform whose whole result is one rectangle of its input, pixels and metadata unchanged
/// (a crop), so a loader can decode just that rectangle and the transform need not run at all.
///
/// The host asks the step that directly follows `load`. A loader that takes the hint returns
/// exactly what decoding everything and then applying the transform would; it takes it only
/// when that is certain (no orientation to apply, no nine-patch to crop).
public protocol DecodeRegionHinting: Transform {
    /// The rectangle of a `width`×`height` input that is this transform's entire result, or
    /// `nil` when the result is not such a rectangle (or the transform would fail on it).
    func decodedRegion(width: Int, height: Int) -> PixelRect?
}
