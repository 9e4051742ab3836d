import NinepipeCore

/// `frame N` and `frames A..B`: keeps one frame of an animation (a still image) or a run of its
/// frames (still an animation). Frames count from 0; a negative number counts from the end
/// (`frame -1` is the last). On a still image, frame 0 (or a range holding it) is the image.
struct FrameSelection: Sendable, Hashable {
    /// The first frame kept (negative: from the end).
    var first: Int
    /// The last frame kept (negative: from the end); `nil` for the end.
    var last: Int?
    /// Whether the result stays an animation (`frames`) or is one picture (`frame`).
    var keepsAnimation: Bool
    /// How it was written, for messages.
    var text: String

    static let frameDescriptor = StepDescriptor(
        name: "frame", version: "1.0.0",
        summary: "Keep one frame of an animation as a still image: frame 0 is the first, frame -1 the last",
        parameters: [
            ParameterSpec(
                "index", .integer(-ImageLimits.largestFrameCount...ImageLimits.largestFrameCount), positional: true,
                summary: "the frame, from 0 (negative: counted from the end)", example: .integer(0))
        ],
        role: .transform
    ) { arguments in
        let index = try arguments.integer("index")
        return .frames(FrameSelection(first: index, last: index, keepsAnimation: false, text: "\(index)"))
    }

    static let framesDescriptor = StepDescriptor(
        name: "frames", version: "1.0.0",
        summary: "Keep a run of an animation's frames: frames 0..9 (both ends kept), frames 5.. (to the end), frames ..2",
        parameters: [
            ParameterSpec(
                "range", .string, positional: true, summary: "A..B, A.. or ..B, frames counted from 0 (negative: from the end); one number keeps one frame",
                example: .string("0..9"))
        ],
        role: .transform
    ) { arguments in
        let text = try arguments.string("range")
        guard let selection = FrameSelection(range: text) else {
            throw ParameterError(
                name: "range", value: text,
                expected: "a frame range such as 0..9, 5.. or ..2 (frames count from 0, both ends kept, the first not after the last)")
        }
        return .frames(selection)
    }

    init(first: Int, last: Int?, keepsAnimation: Bool, text: String) {
        self.first = first
        self.last = last
        self.keepsAnimation = keepsAnimation
        self.text = text
    }

    /// Parses `A..B`, `A..`, `..B` or `N`.
    init?(range text: String) {
        let limit = ImageLimits.largestFrameCount
        func number(_ part: Substring) -> Int? { Int(part).flatMap { abs($0) <= limit ? $0 : nil } }
        if let dots = text.firstRange(of: "..") {
            let head = text[..<dots.lowerBound]
            let tail = text[dots.upperBound...]
            guard head.isEmpty || number(head) != nil, tail.isEmpty || number(tail) != nil, !(head.isEmpty && tail.isEmpty) else { return nil }
            let first = head.isEmpty ? 0 : number(head) ?? 0
            let last = tail.isEmpty ? nil : number(tail)
            // Counted the same way, the first may not come after the last.
            if let last, (first >= 0) == (last >= 0), first > last { return nil }
            self.init(first: first, last: last, keepsAnimation: true, text: text)
        } else {
            guard let index = number(Substring(text)) else { return nil }
            self.init(first: index, last: index, keepsAnimation: true, text: text)
        }
    }

    /// The frame numbers kept of `count`, or an error naming what does not exist.
    func indices(count: Int) throws -> ClosedRange<Int> {
        let start = first < 0 ? count + first : first
        let end = last.map { $0 < 0 ? count + $0 : $0 } ?? count - 1
        guard start >= 0, start < count, end >= start, end < count else {
            throw AnimationError.noSuchFrame(requested: text, count: count)
        }
        return start...end
    }

    /// The frames kept of `animation`: an animation, or one picture for `frame`.
    func apply(to animation: Animation) throws -> (animation: Animation?, image: Image) {
        let kept = try indices(count: animation.frames.count)
        guard keepsAnimation, kept.count > 1 else { return (nil, animation.frames[kept.lowerBound].image) }
        let selected = Animation(frames: Array(animation.frames[kept]), loopCount: animation.loopCount)
        return (selected, selected.firstImage)
    }
}
