/// Why an animation could not be made or kept.
public enum AnimationError: RemediableError, Hashable {
    /// A step made frame `frame` (0-based) a different size from the first frame.
    case framesDiffer(frame: Int, width: Int, height: Int, firstWidth: Int, firstHeight: Int)
    /// A frame selection names frames the animation does not have.
    case noSuchFrame(requested: String, count: Int)

    /// What is wrong.
    public var problem: String {
        switch self {
        case .framesDiffer(let frame, let width, let height, let firstWidth, let firstHeight):
            "the step made frame \(frame) \(width)×\(height) but frame 0 \(firstWidth)×\(firstHeight); an animation's frames share one size"
        case .noSuchFrame(let requested, let count):
            "frame \(requested) does not exist: the image has \(count) frame\(count == 1 ? "" : "s") (numbered 0 to \(count - 1))"
        }
    }

    /// Picking one frame, for frames that differ.
    public var remedy: Remedy? {
        if case .framesDiffer = self { return .pickOneFrame }
        return nil
    }
}
