/// A transform whose whole result is its input turned or mirrored, orientation tag set to 1 (the
/// `orient` step), so a JPEG can be turned on its DCT coefficients instead of decoded.
///
/// With ``DecodeRegionHinting`` (crops) it lets the host see a pipeline that only turns and
/// crops a JPEG, and run it without decoding (`save … lossless=`).
public protocol OrientationHinting: Transform {
    /// The orientation this transform applies to an image whose tag is `tag`.
    func appliedOrientation(tag: Orientation) -> Orientation
}
