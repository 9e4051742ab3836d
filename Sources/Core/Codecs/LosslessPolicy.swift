/// Whether a JPEG saved from a JPEG may skip decoding and encoding (`save … lossless=`): when
/// the steps between `load` and `save` only turn, flip or crop, the DCT coefficients are moved
/// instead (see ``LosslessEdit``).
public enum LosslessPolicy: String, Sendable, Hashable, CaseIterable {
    /// Take the lossless path when it gives exactly the geometry decoding would (the default).
    case auto
    /// Take it or fail: partial edge blocks are trimmed and crops start on the block grid, as
    /// `jpegtran -trim` does, and a note says what was kept.
    case always
    /// Always decode and encode again.
    case never

    /// The policy a `lossless=` word names: `true` is `always`, `false` is `never`.
    public init?(word: String) {
        switch word {
        case "true": self = .always
        case "false": self = .never
        default: self.init(rawValue: word)
        }
    }

    /// The `lossless=` words, for the `save` parameter (JPEG's lossless path, WebP's lossless coding).
    public static let words = ["auto", "always", "never", "true", "false"]
}
