import NinepipeCore

/// A vector drawable as Compose's common parser reads it: that parser ignores `android:tint`,
/// `android:tintMode` and the root `android:alpha`, so they are baked into each paint (a
/// `src_in` tint recolours every paint keeping its alpha, a gradient's stops too; the root
/// alpha multiplies each path's fill and stroke alpha), and a template's paints are white.
enum ComposeVector {
    /// `drawable` with its tint and root alpha in its paints, or why it cannot be: a tint mode
    /// other than `src_in` (compositing a colour, which recolouring cannot say), a gradient
    /// tint, or a root alpha over more than one paint (where paints overlap, the alpha of each
    /// is not the alpha of the whole).
    static func baked(_ drawable: VectorDrawable) -> Result<VectorDrawable, Refusal> {
        if drawable.alpha < 1 && paintCount(drawable.nodes) > 1 {
            return .failure(Refusal(reason: "its root alpha (\(drawable.alpha)) is over several paints, whose overlaps no per-path alpha reproduces"))
        }
        var recolor: ((AndroidColor) -> AndroidColor)?
        if let tint = drawable.tint {
            guard drawable.tintMode == .srcIn else {
                return .failure(Refusal(reason: "its tint mode (\(drawable.tintMode.rawValue)) composites a colour, which recolouring its paints cannot say"))
            }
            switch tint {
            case .color(let color):
                recolor = { paint in
                    AndroidColor(red: color.red, green: color.green, blue: color.blue, alpha: UInt8((Int(color.alpha) * Int(paint.alpha) + 127) / 255))
                }
            case .template:
                recolor = { paint in AndroidColor(red: 255, green: 255, blue: 255, alpha: paint.alpha) }
            case .gradient:
                return .failure(Refusal(reason: "its tint is a gradient"))
            }
        }
        var result = drawable
        result.tint = nil
        result.tintMode = .srcIn
        result.alpha = 1
        result.templateAttribute = nil
        result.nodes = drawable.nodes.map { bake($0, recolor: recolor, alpha: drawable.alpha) }
        return .success(result)
    }

    /// Why a drawable cannot be baked.
    struct Refusal: Error {
        var reason: String
    }

    /// How many fills and strokes `nodes` paint.
    private static func paintCount(_ nodes: [VectorDrawable.Node]) -> Int {
        nodes.reduce(0) { count, node in
            switch node {
            case .group(let group): count + paintCount(group.nodes)
            case .path(let path): count + (path.fill == nil ? 0 : 1) + (path.stroke == nil || path.strokeWidth <= 0 ? 0 : 1)
            case .clip: count
            }
        }
    }

    private static func bake(_ node: VectorDrawable.Node, recolor: ((AndroidColor) -> AndroidColor)?, alpha: Double) -> VectorDrawable.Node {
        switch node {
        case .group(var group):
            group.nodes = group.nodes.map { bake($0, recolor: recolor, alpha: alpha) }
            return .group(group)
        case .path(var path):
            path.fill = path.fill.map { paint($0, recolor: recolor) }
            path.stroke = path.stroke.map { paint($0, recolor: recolor) }
            path.fillAlpha *= alpha
            path.strokeAlpha *= alpha
            return .path(path)
        case .clip:
            return node
        }
    }

    private static func paint(_ paint: VectorDrawable.Paint, recolor: ((AndroidColor) -> AndroidColor)?) -> VectorDrawable.Paint {
        guard let recolor else { return paint }
        switch paint {
        case .color(let color): return .color(recolor(color))
        case .gradient(var gradient):
            gradient.stops = gradient.stops.map { stop in
                var stop = stop
                stop.color = recolor(stop.color)
                return stop
            }
            return .gradient(gradient)
        case .template: return .color(recolor(AndroidColor(red: 255, green: 255, blue: 255)))
        }
    }
}
