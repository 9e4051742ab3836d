/// A transform that allocates more than one image the size of its input while it runs (float
/// planes, a blurred copy, a larger result), and says how much, so that the host can ask for
/// the room first (``MemoryAvailability``) and refuse with an error instead of trapping.
///
/// A host checks room for one input-sized result before every step; a step that needs more
/// adopts this protocol.
public protocol PeakMemoryEstimating: Transform {
    /// The most bytes the transform holds at once while it runs on `image`, its result included
    /// and its input not.
    func peakMemory(for image: Image) -> Int
}
