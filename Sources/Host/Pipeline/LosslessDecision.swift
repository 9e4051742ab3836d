import NinepipeCore

/// Which way a pipeline writes a file in the format it read: edited without decoding (a JPEG's
/// DCT coefficients moved; see `LosslessEdit` and `save … lossless=`), or decoded and encoded again.
public enum LosslessDecision: Sendable, Hashable, CustomStringConvertible {
    /// Edited without decoding: no generation loss.
    case lossless(LosslessEdit, LosslessEdit.Plan)
    /// The file is decoded and encoded again, for the reason given.
    case decoded(String)
    /// Not a file written in the format it was read in by a codec that edits losslessly: nothing to choose.
    case notApplicable

    /// `lossless: turned 90° clockwise, cut to 1000×1000 at 1232,560` or `decoded and
    /// encoded again: resize needs the pixels`.
    public var description: String {
        switch self {
        case .lossless(let edit, let plan):
            var done: [String] = []
            if edit.orientation != .up { done.append("turned \(Self.turnName(edit.orientation))") }
            if edit.crop != nil || !plan.isExact {
                done.append("cut to \(plan.kept.width)×\(plan.kept.height) at \(plan.kept.x),\(plan.kept.y)")
            }
            if done.isEmpty { done.append("copied") }
            return "lossless: " + done.joined(separator: ", ") + (plan.differences.map { "; \($0)" } ?? "")
        case .decoded(let reason):
            return "decoded and encoded again: \(reason)"
        case .notApplicable:
            return "decoded and encoded"
        }
    }

    private static func turnName(_ orientation: Orientation) -> String {
        switch orientation {
        case .up: "not at all"
        case .upMirrored: "mirrored left to right"
        case .down: "180°"
        case .downMirrored: "mirrored top to bottom"
        case .leftMirrored: "by transposing"
        case .right: "90° clockwise"
        case .rightMirrored: "by transversing"
        case .left: "90° counter-clockwise"
        }
    }
}
