import NinepipeCore
import NinepipePlugins

extension DrawableLayer {
    /// How a layer is drawn: the pixels a dp is, whether a bitmap may be enlarged, the limits.
    struct Drawing: Sendable {
        /// Pixels per dp.
        var scale: Double
        var upscale: Bool
        var limits: ImageLimits
        /// The codecs bitmaps are decoded with.
        var codecs: ImageCodecRegistry
        /// The drawings kept for reuse and what is left to draw, for the whole asset.
        var budget: LayerDrawingBudget
        /// The asset's file, named when the budget runs out.
        var asset: String

        init(
            scale: Double, upscale: Bool, limits: ImageLimits, codecs: ImageCodecRegistry = .builtIn, budget: LayerDrawingBudget? = nil,
            asset: String = ""
        ) {
            (self.scale, self.upscale, self.limits, self.codecs, self.asset) = (scale, upscale, limits, codecs, asset)
            self.budget = budget ?? LayerDrawingBudget(limits: limits)
        }
    }

    /// Draws the layer into `box` of `canvas`, as Android draws a drawable given those bounds.
    ///
    /// - Throws: ``DrawableLayerError`` for a bitmap smaller than the box unless enlarging is
    ///   allowed; a layer's own errors, naming its file.
    func draw(in box: IconCanvas.Box, on canvas: inout IconCanvas, _ drawing: Drawing) throws {
        guard box.width > 0, box.height > 0 else { return }
        // A box far larger than the canvas is a layer inset outwards without bound: refused.
        guard box.width <= 4 * max(canvas.width, 64), box.height <= 4 * max(canvas.height, 64) else {
            throw DrawableLayerError(
                path: "", line: 0, reason: "a layer \(box.width)×\(box.height) pixels reaches far outside the \(canvas.width)×\(canvas.height) icon")
        }
        switch self {
        case .color(let color):
            canvas.fill(box, with: color)
        case .bitmap(let path, _):
            let key = LayerDrawingBudget.Key(path: path, kind: .bitmap, width: box.width, height: box.height)
            let resized = try drawing.budget.drawing(key, commands: 0, asset: drawing.asset) {
                let image: Image
                do {
                    image = try drawing.codecs.decode(
                        FileIO.read(path, requiringRegularFile: true), options: DecodeOptions(limits: drawing.limits)
                    )
                    .uprighted()
                } catch {
                    throw FileError.inFile(path: path, underlying: error)
                }
                return try Self.resized(image, to: box, path: path, drawing)
            }
            canvas.draw(resized, x: box.x, y: box.y)
        case .image(let image, let path):
            canvas.draw(try Self.resized(image, to: box, path: path, drawing), x: box.x, y: box.y)
        case .vector(let drawable, let path):
            let key = LayerDrawingBudget.Key(path: path, kind: .vector, width: box.width, height: box.height)
            let image = try drawing.budget.drawing(key, commands: max(1, drawable.commandCount), asset: drawing.asset) {
                do {
                    return try VectorDrawableCodec.draw(drawable, rendering: VectorRendering(width: box.width, height: box.height), limits: drawing.limits)
                } catch {
                    throw FileError.inFile(path: path, underlying: error)
                }
            }
            canvas.draw(image, x: box.x, y: box.y)
        case .shape(let shape, let path):
            // A shape's look depends on the pixels a dp is too (strokes, corners).
            let key = LayerDrawingBudget.Key(path: path + "@\(drawing.scale)", kind: .shape, width: box.width, height: box.height)
            let image = try drawing.budget.drawing(key, commands: 1, asset: drawing.asset) {
                do {
                    return try shape.draw(width: box.width, height: box.height, scale: drawing.scale, limits: drawing.limits)
                } catch {
                    throw FileError.inFile(path: path, underlying: error)
                }
            }
            canvas.draw(image, x: box.x, y: box.y)
        case .inset(let layer, let insets):
            try layer.draw(in: insets.inner(box, scale: drawing.scale), on: &canvas, drawing)
        case .layers(let items):
            for item in items {
                try item.layer.draw(
                    in: item.placed(in: item.insets.inner(box, scale: drawing.scale), scale: drawing.scale, codecs: drawing.codecs), on: &canvas, drawing)
            }
        }
    }

    /// The layer drawn at its own size (``intrinsicSize()``) at `scale` pixels per dp, sides
    /// rounded to whole pixels.
    ///
    /// - Throws: an error naming `path` when the layer has no size of its own (every layer a
    ///   colour or a size-less shape).
    ///
    /// `budget` is the asset's (shared by the scales it is drawn at), else one for this drawing.
    func drawn(
        at scale: Double, path: String, upscale: Bool, limits: ImageLimits, codecs: ImageCodecRegistry = .builtIn, budget: LayerDrawingBudget? = nil
    ) throws -> Image {
        guard let size = intrinsicSize(codecs: codecs), size.width > 0, size.height > 0 else {
            throw DrawableLayerError(
                path: path, line: 0,
                reason:
                    "no layer has a size of its own (only colours or shapes without <size>), so it has none to be drawn at: give a layer android:width and android:height"
            )
        }
        let width = max(1, Int((size.width * scale).rounded()))
        let height = max(1, Int((size.height * scale).rounded()))
        try limits.check(width: width, height: height)
        var canvas = IconCanvas(width: width, height: height)
        try draw(in: canvas.bounds, on: &canvas, Drawing(scale: scale, upscale: upscale, limits: limits, codecs: codecs, budget: budget, asset: path))
        return canvas.image()
    }

    /// `image` resized to fill `box` (premultiplied, as every resize here).
    private static func resized(_ image: Image, to box: IconCanvas.Box, path: String, _ drawing: Drawing) throws -> Image {
        if image.width == box.width && image.height == box.height { return image }
        // Enlarging by less than a pixel's rounding is not enlarging.
        if !drawing.upscale && (box.width > image.width + 1 || box.height > image.height + 1) {
            throw DrawableLayerError(
                path: path, line: 0,
                reason:
                    "\(image.width)×\(image.height) is smaller than the \(box.width)×\(box.height) it is drawn at; give a larger bitmap, or allow upscaling to enlarge it",
                needsUpscale: true)
        }
        let resize = Transforms.Resize(width: .pixels(Double(box.width)), height: .pixels(Double(box.height)), fit: .fill)
        do {
            return try resize.apply(to: image, context: TransformContext(limits: drawing.limits))
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}

extension DrawableLayer.LayerItem {
    /// The item's box within `area` (the list's box less its insets): its own width and height
    /// when given, else its drawable's size when a gravity places it, placed by its gravity
    /// (`LayerDrawable`'s rules: without a horizontal gravity, fill the width unless a width is
    /// given, then left; the same vertically).
    func placed(in area: IconCanvas.Box, scale: Double, codecs: ImageCodecRegistry = .builtIn) -> IconCanvas.Box {
        let intrinsic = gravity.isEmpty || gravity.contains("fill") ? nil : layer.intrinsicSize(codecs: codecs)
        func along(
            _ start: Int, _ length: Int, size: Double?, words: Set<String>, lowWords: Set<String>, highWords: Set<String>, centerWord: String, fillWord: String
        )
            -> (Int, Int)
        {
            let given = words.intersection(lowWords.union(highWords).union([centerWord, "center", fillWord, "fill"]))
            guard let size, !given.contains(fillWord), !given.contains("fill") else { return (start, length) }
            let side = Int(size.rounded())
            if given.contains(centerWord) || given.contains("center") { return (start + (length - side) / 2, side) }
            if !given.intersection(highWords).isEmpty { return (start + length - side, side) }
            return (start, side)
        }
        let width = self.width.map { $0.pixels(at: scale) } ?? intrinsic.map { $0.width * scale }
        let height = self.height.map { $0.pixels(at: scale) } ?? intrinsic.map { $0.height * scale }
        let (x, w) = along(
            area.x, area.width, size: width, words: gravity, lowWords: ["left", "start"], highWords: ["right", "end"], centerWord: "center_horizontal",
            fillWord: "fill_horizontal")
        let (y, h) = along(
            area.y, area.height, size: height, words: gravity, lowWords: ["top"], highWords: ["bottom"], centerWord: "center_vertical",
            fillWord: "fill_vertical")
        return IconCanvas.Box(x: x, y: y, width: w, height: h)
    }
}
