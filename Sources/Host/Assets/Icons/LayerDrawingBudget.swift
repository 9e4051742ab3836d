import NinepipeCore
import Synchronization

/// What drawing one asset's layers may cost. A layer list naming the same drawable again and
/// again (a review's 21 KB list of 500 references to an 11 KB vector drew for nine minutes)
/// draws each distinct drawable once per size: the drawings are kept here and reused. What is
/// drawn counts against a budget for the whole asset, ``maxCommands`` vector path commands and
/// ``maxSeconds`` of drawing; past it, drawing ends with an error naming the asset's file.
final class LayerDrawingBudget: Sendable {
    /// The most vector path commands one asset's layers may draw in all (each distinct drawing
    /// counted once): twice the most one vector drawable may hold.
    static let maxCommands = 2 * VectorDrawable.maxCommands
    /// The longest one asset's layers may take to draw, in seconds: 30, or 15 drawings' worth
    /// of the render limit when that is longer.
    let maxSeconds: Double

    /// A drawing kept for reuse: the drawable's file, what kind of drawing, its size in pixels.
    struct Key: Hashable {
        /// What is drawn: a bitmap resized, a vector or a shape drawn.
        enum Drawing: Hashable { case bitmap, vector, shape }
        var path: String
        var kind: Drawing
        var width: Int
        var height: Int
    }

    private let started = ContinuousClock.now
    private let state = Mutex<(commands: Int, drawings: [Key: Image])>((0, [:]))

    /// How many distinct drawings were made (each kept and reused).
    var drawingsMade: Int { state.withLock { $0.drawings.count } }

    /// A budget for an asset drawn under `limits`.
    init(limits: ImageLimits) { maxSeconds = max(30, 15 * limits.maxRenderSeconds) }

    /// The drawing for `key`: the kept one, else `draw`'s, after counting `commands` against the
    /// budget (and the time spent so far). `asset` names the file in a refusal.
    func drawing(_ key: Key, commands: Int, asset: String, draw: () throws -> Image) throws -> Image {
        if let kept = state.withLock({ $0.drawings[key] }) { return kept }
        let total = state.withLock { state -> Int in
            state.commands += commands
            return state.commands
        }
        guard total <= Self.maxCommands else {
            throw DrawableLayerError(
                path: asset, line: 0,
                reason:
                    "its layers draw more than \(Self.maxCommands) vector path commands in all (drawables named again and again at different sizes); draw fewer layers"
            )
        }
        let elapsed = ContinuousClock.now - started
        guard elapsed < .milliseconds(Int64(maxSeconds * 1000)) else {
            throw DrawableLayerError(
                path: asset, line: 0,
                reason: "drawing its layers took longer than the \(Int(maxSeconds)) s allowed for one asset and was stopped; draw fewer layers")
        }
        let image = try draw()
        state.withLock { $0.drawings[key] = image }
        return image
    }
}
