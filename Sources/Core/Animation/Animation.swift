/// A sequence of full-canvas frames, each shown for its duration, repeated ``loopCount`` times:
/// what an animated GIF or WebP decodes to and what their encoders write.
///
/// Every frame is composited (disposal and blending applied), so each is the picture a viewer
/// shows at that moment and all share one size. Steps run on each frame in turn; a still image is
/// never an `Animation`, so single-image pipelines are untouched.
public struct Animation: Sendable, Hashable {
    /// The frames in display order (at least one).
    public var frames: [AnimationFrame]
    /// The loop count as GIF's NETSCAPE2.0 block and WebP's `ANIM` chunk store it, written back
    /// unchanged: 0 loops forever; `nil` when the file set none (a GIF without the block plays
    /// once).
    public var loopCount: Int?

    /// Creates an animation.
    ///
    /// - Precondition: `frames` is not empty and every frame has the first one's size.
    public init(frames: [AnimationFrame], loopCount: Int? = 0) {
        precondition(!frames.isEmpty, "an animation has at least one frame")
        precondition(
            frames.allSatisfy { $0.image.width == frames[0].image.width && $0.image.height == frames[0].image.height },
            "an animation's frames share one size")
        self.frames = frames
        self.loopCount = loopCount
    }

    /// The first frame's picture: what a viewer that cannot animate shows.
    public var firstImage: Image { frames[0].image }

    /// The canvas width in pixels.
    public var width: Int { frames[0].image.width }

    /// The canvas height in pixels.
    public var height: Int { frames[0].image.height }

    /// The total playing time of one pass, in milliseconds.
    public var totalDuration: Int { frames.reduce(0) { $0 + $1.duration } }

    /// Applies `change` to every frame's picture, keeping durations, and checks the frames still
    /// share one size (a step such as `trim` may cut each frame differently).
    public func mapImages(_ change: (Image) throws -> Image) throws -> Animation {
        var result = self
        for index in frames.indices { result.frames[index].image = try change(frames[index].image) }
        try Self.checkSameSize(result.frames)
        return result
    }

    /// Throws ``AnimationError/framesDiffer(frame:width:height:firstWidth:firstHeight:)`` when a
    /// frame's size, from `start` on, is not the first one's (a decoder adding frames one by one
    /// checks just the newest).
    public static func checkSameSize(_ frames: [AnimationFrame], from start: Int = 0) throws(AnimationError) {
        guard let first = frames.first?.image else { return }
        if let other = frames[min(max(0, start), frames.count)...].firstIndex(where: { $0.image.width != first.width || $0.image.height != first.height }) {
            let image = frames[other].image
            throw .framesDiffer(frame: other, width: image.width, height: image.height, firstWidth: first.width, firstHeight: first.height)
        }
    }
}

/// One frame of an ``Animation``: a whole canvas and how long it is shown.
public struct AnimationFrame: Sendable, Hashable {
    /// The composited picture.
    public var image: Image
    /// How long the frame is shown, in milliseconds (0 as stored: viewers show such frames for
    /// about 100 ms).
    public var duration: Int

    /// Creates a frame.
    public init(image: Image, duration: Int) {
        self.image = image
        self.duration = duration
    }
}
