/// A transform that can also run band by band: an optional refinement of ``Transform``.
///
/// A plugin only has to write ``Transform/apply(to:context:)``. A transform whose rows depend
/// on a limited window of input rows (a crop, a border, a resize through its ring of rows) may
/// also adopt `BandTransform`, and the host then streams images through it: the decoder, the
/// steps and the encoder hold a few bands each instead of whole images, so memory grows with
/// the width, not the area.
///
/// The two paths must give identical pixels and metadata; ``TransformVerifier`` checks it.
///
/// ```swift
/// extension Invert: BandTransform {
///     func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
///         try RowwiseBandSource(input) { try apply(to: $0, context: context) }   // each pixel alone decides
///     }
/// }
/// ```
public protocol BandTransform: Transform {
    /// A source that produces this transform's result by reading `input` as it goes, or `nil`
    /// when this input needs the whole image (the host then materialises it and calls
    /// ``Transform/apply(to:context:)``). Errors the whole-image path would throw for this input
    /// (a size over the limits, a crop outside the image) are thrown here, before any row.
    func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)?
}

extension Transform {
    /// This transform's result as a stream over `input`: streamed when the transform adopts
    /// ``BandTransform`` and accepts this input, else by materialising `input` and applying the
    /// transform to the whole image.
    public func streamed(from input: any BandSource, context: TransformContext) throws -> any BandSource {
        if let banded = self as? any BandTransform, let source = try banded.bands(from: input, context: context) {
            return source
        }
        let image = input as? ImageBandSource
        return ImageBandSource(try apply(to: image?.image ?? input.materialized(context: context), context: context))
    }
}
