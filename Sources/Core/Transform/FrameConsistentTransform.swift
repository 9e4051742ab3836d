/// A transform that decides something from the pixels (a smart crop's window, `trim`'s box).
///
/// Run on an animation frame by frame, such a step would decide differently on each frame: the
/// frames would jump about or come out different sizes. The host asks it instead to decide once
/// from all the frames (``decided(by:context:)``) and runs the transform it returns on every
/// frame, so frames stay aligned and one size.
public protocol FrameConsistentTransform: Transform {
    /// Whether this step, as configured, decides from the pixels (a crop with `gravity=entropy`
    /// does, one with a fixed rectangle does not); when it does not, frames simply run through it.
    var decidesFromPixels: Bool { get }

    /// This transform with its decision made from `frames` (an animation's frames, in order, all
    /// one size): applied to any of them it gives the same geometry.
    func decided(by frames: [Image], context: TransformContext) throws -> any Transform
}
