import NinepipeCore

/// A drawable of an Android tree as a picture that fills whatever box it is given, the way
/// Android sets a drawable's bounds: what adaptive icons' layers, `<inset>` and `<layer-list>`
/// are made of.
indirect enum DrawableLayer: Sendable {
    /// A `ColorDrawable`: the box filled.
    case color(AndroidColor)
    /// A bitmap resource: its densest file, resized to the box.
    case bitmap(path: String, scale: Double)
    /// A decoded image (a master), resized to the box; `path` names it in messages.
    case image(Image, path: String)
    /// A vector drawable, drawn at the box's size.
    case vector(VectorDrawable, path: String)
    /// A shape drawable, drawn at the box's size.
    case shape(ShapeDrawable, path: String)
    /// An `<inset>`: the layer in the box less the insets.
    case inset(DrawableLayer, LayerInsets)
    /// A `<layer-list>`: the items drawn in order, each over the ones before.
    case layers([LayerItem])

    /// Insets from a box's edges: each a length, or a fraction of the box's side.
    struct LayerInsets: Sendable {
        var left = Edge.length(.zero), top = Edge.length(.zero), right = Edge.length(.zero), bottom = Edge.length(.zero)

        /// One inset.
        enum Edge: Sendable {
            case length(ShapeDrawable.Length)
            case fraction(Double)

            /// The inset in pixels of a side of `side` pixels at `scale`.
            func pixels(side: Int, scale: Double) -> Double {
                switch self {
                case .length(let length): length.pixels(at: scale)
                case .fraction(let fraction): fraction * Double(side)
                }
            }
        }

        /// `box` less these insets at `scale`, rounded to whole pixels.
        func inner(_ box: IconCanvas.Box, scale: Double) -> IconCanvas.Box {
            let left = Int(self.left.pixels(side: box.width, scale: scale).rounded())
            let top = Int(self.top.pixels(side: box.height, scale: scale).rounded())
            let right = Int(self.right.pixels(side: box.width, scale: scale).rounded())
            let bottom = Int(self.bottom.pixels(side: box.height, scale: scale).rounded())
            return IconCanvas.Box(x: box.x + left, y: box.y + top, width: box.width - left - right, height: box.height - top - bottom)
        }
    }

    /// A `<layer-list>` item: its drawable, insets, size and gravity.
    struct LayerItem: Sendable {
        var layer: DrawableLayer
        var insets = LayerInsets()
        var width: ShapeDrawable.Length?, height: ShapeDrawable.Length?
        /// `android:gravity` words (`center`, `left`, `fill_horizontal`…).
        var gravity: Set<String> = []
    }

    /// The layer's own size in dp, when it has one (a bitmap's, a vector's, a sized shape's; an
    /// inset's child's with the insets; a layer list's largest layer's with its insets), as
    /// Android's `getIntrinsicWidth` and `getIntrinsicHeight` compute it; a bitmap's size is read
    /// with `codecs`.
    func intrinsicSize(codecs: ImageCodecRegistry = .builtIn) -> (width: Double, height: Double)? {
        switch self {
        case .inset(let layer, let insets):
            guard let child = layer.intrinsicSize(codecs: codecs) else { return nil }
            func side(_ length: Double, _ low: LayerInsets.Edge, _ high: LayerInsets.Edge) -> Double? {
                var fraction = 0.0
                var fixed = 0.0
                for edge in [low, high] {
                    switch edge {
                    case .fraction(let value): fraction += value
                    case .length(let value): fixed += value.pixels(at: 1)
                    }
                }
                return fraction < 1 ? length / (1 - fraction) + fixed : nil
            }
            guard let width = side(child.width, insets.left, insets.right), let height = side(child.height, insets.top, insets.bottom) else { return nil }
            return (width, height)
        case .layers(let items):
            var size: (width: Double, height: Double)?
            for item in items {
                let own = item.layer.intrinsicSize(codecs: codecs)
                guard let width = item.width?.pixels(at: 1) ?? own?.width, let height = item.height?.pixels(at: 1) ?? own?.height else { continue }
                func fixed(_ edge: LayerInsets.Edge) -> Double {
                    if case .length(let value) = edge { return value.pixels(at: 1) }
                    return 0
                }
                let total = (width + fixed(item.insets.left) + fixed(item.insets.right), height + fixed(item.insets.top) + fixed(item.insets.bottom))
                size = (max(size?.width ?? 0, total.0), max(size?.height ?? 0, total.1))
            }
            return size
        case .vector(let drawable, _): return (drawable.width, drawable.height)
        case .shape(let shape, _):
            guard let width = shape.width, let height = shape.height else { return nil }
            return (width.pixels(at: 1), height.pixels(at: 1))
        case .bitmap(let path, let scale):
            guard let bytes = try? FileIO.read(path, maxBytes: 64 << 20, requiringRegularFile: true), let info = try? codecs.info(bytes)
            else { return nil }
            return (Double(info.width) / scale, Double(info.height) / scale)
        default: return nil
        }
    }
}
