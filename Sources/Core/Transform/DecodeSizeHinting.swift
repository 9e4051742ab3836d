/// A transform that can tell a loader how small an image may be decoded without changing the
/// quality of its result, so formats with decode-time scaling (JPEG's DCT scaling) do less work.
///
/// The host asks the step that directly follows `load` (for example `thumbnail`); a loader may
/// decode at any size at least as large as the answer, or ignore it.
public protocol DecodeSizeHinting: Transform {
    /// The smallest upright size this transform needs from a source displayed `width`×`height`
    /// to give full-quality output, or `nil` when it needs the full size.
    func minimumSourceSize(width: Int, height: Int) -> (width: Int, height: Int)?
}
