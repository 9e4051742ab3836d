extension ShapeDrawable {
    /// The shape laid out in a `width` × `height` pixel box at `scale` (1 is mdpi), as Android's
    /// GradientDrawable draws it, as a vector drawable of that many pixels (drawn by the same
    /// renderer):
    /// - the shape's box is the bounds inset by half the stroke width, so the stroke stays inside;
    /// - one `radius` is at most half the shorter side; radii given one by one shrink together
    ///   until neighbours fit, as Skia's rounded rectangles do;
    /// - a line is the stroke across the middle; a ring's inner radius and thickness default to
    ///   the width over 3 and over 9, centred at half the inset box's size, as Android computes it;
    /// - a linear gradient runs between the box's edges or corners its angle names, a centre
    ///   colour at `centerX` (or `centerY` when `centerX` is the default); radial and sweep
    ///   gradients spread their colours evenly;
    /// - a gradient wins over a solid colour.
    public func vectorDrawable(width: Double, height: Double, scale: Double) -> VectorDrawable {
        var drawable = VectorDrawable(width: width, height: height, viewportWidth: width, viewportHeight: height)
        let strokeWidth = stroke.map { $0.color.alpha > 0 ? $0.width.pixels(at: scale) : 0 } ?? 0
        let inset = strokeWidth / 2
        let box = (left: inset, top: inset, right: width - inset, bottom: height - inset)
        let (boxWidth, boxHeight) = (box.right - box.left, box.bottom - box.top)
        guard boxWidth > 0, boxHeight > 0 else { return drawable }
        func number(_ value: Double) -> String { DecimalText.text(value, decimals: 4) }
        func point(_ x: Double, _ y: Double) -> String { number(x) + "," + number(y) }
        func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> String {
            let arc = "A" + number(rx) + "," + number(ry) + " 0 0,1 "
            return "M" + point(cx + rx, cy) + " " + arc + point(cx, cy + ry) + " " + arc + point(cx - rx, cy) + " " + arc + point(cx, cy - ry) + " " + arc
                + point(cx + rx, cy) + " Z"
        }
        var path = VectorDrawable.Path()
        switch kind {
        case .rectangle:
            var radii = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft].map { max(0, $0.pixels(at: scale)) }
            if corners.isUniform {
                radii = radii.map { min($0, min(boxWidth, boxHeight) / 2) }
            } else {
                let sides = [
                    (radii[0] + radii[1], boxWidth), (radii[1] + radii[2], boxHeight), (radii[2] + radii[3], boxWidth), (radii[3] + radii[0], boxHeight),
                ]
                let shrink = sides.map { $0.0 > $0.1 ? $0.1 / $0.0 : 1 }.min() ?? 1
                radii = radii.map { $0 * shrink }
            }
            let (tl, tr, br, bl) = (radii[0], radii[1], radii[2], radii[3])
            func arc(_ r: Double, _ x: Double, _ y: Double) -> String { r > 0 ? " A" + number(r) + "," + number(r) + " 0 0,1 " + point(x, y) : "" }
            path.pathData =
                "M" + point(box.left + tl, box.top) + " L" + point(box.right - tr, box.top) + arc(tr, box.right, box.top + tr)
                + " L" + point(box.right, box.bottom - br) + arc(br, box.right - br, box.bottom)
                + " L" + point(box.left + bl, box.bottom) + arc(bl, box.left, box.bottom - bl)
                + " L" + point(box.left, box.top + tl) + arc(tl, box.left + tl, box.top) + " Z"
        case .oval:
            path.pathData = ellipse((box.left + box.right) / 2, (box.top + box.bottom) / 2, boxWidth / 2, boxHeight / 2)
        case .line:
            let y = (box.top + box.bottom) / 2
            path.pathData = "M" + point(box.left, y) + " L" + point(box.right, y)
        case .ring:
            let thickness = self.thickness?.pixels(at: scale) ?? boxWidth / thicknessRatio
            let radius = innerRadius?.pixels(at: scale) ?? boxWidth / innerRadiusRatio
            let (cx, cy) = (boxWidth / 2, boxHeight / 2)
            path.pathData = ellipse(cx, cy, radius + thickness, radius + thickness) + " " + ellipse(cx, cy, radius, radius)
            path.evenOdd = true
        }
        if kind != .line {
            if let gradient {
                path.fill = .gradient(vectorGradient(gradient, box: box, scale: scale))
            } else if let solid, solid.alpha > 0 {
                path.fill = .color(solid)
            }
        }
        if let stroke, strokeWidth > 0 {
            path.stroke = .color(stroke.color)
            path.strokeWidth = strokeWidth
            let dash = stroke.dashWidth.pixels(at: scale)
            if dash > 0 { path.dashes = [dash, max(0, stroke.dashGap.pixels(at: scale))] }
        }
        drawable.nodes = [.path(path)]
        return drawable
    }

    /// The gradient in the box's pixel coordinates.
    private func vectorGradient(
        _ gradient: Gradient, box: (left: Double, top: Double, right: Double, bottom: Double), scale: Double
    ) -> VectorDrawable.Gradient {
        var result = VectorDrawable.Gradient()
        result.kind = gradient.kind
        let count = gradient.colors.count
        // Linear gradients put a centre colour at centerX (or centerY); the others spread evenly.
        result.stops = gradient.colors.enumerated().map { index, color in
            var offset = count > 1 ? Double(index) / Double(count - 1) : 0
            if gradient.kind == .linear, count == 3, index == 1 { offset = gradient.centerX != 0.5 ? gradient.centerX : gradient.centerY }
            return VectorDrawable.Gradient.Stop(offset: offset, color: color)
        }
        let (boxWidth, boxHeight) = (box.right - box.left, box.bottom - box.top)
        switch gradient.kind {
        case .linear:
            let (l, t, r, b) = (box.left, box.top, box.right, box.bottom)
            let ends: [Int: (Double, Double, Double, Double)] = [
                0: (l, t, r, t), 45: (l, b, r, t), 90: (l, b, l, t), 135: (r, b, l, t),
                180: (r, t, l, t), 225: (r, t, l, b), 270: (l, t, l, b), 315: (l, t, r, b),
            ]
            (result.startX, result.startY, result.endX, result.endY) = ends[gradient.angle] ?? (l, t, r, t)
        case .radial, .sweep:
            result.centerX = box.left + boxWidth * gradient.centerX
            result.centerY = box.top + boxHeight * gradient.centerY
            let radius: Double
            switch gradient.radius {
            case .pixels(let value): radius = value
            case .length(let length): radius = length.pixels(at: scale)
            case .fraction(let fraction):
                let intrinsic = (width?.pixels(at: scale) ?? boxWidth, height?.pixels(at: scale) ?? boxHeight)
                radius = fraction * min(intrinsic.0, intrinsic.1)
            case .fractionOfBounds(let fraction): radius = fraction * min(boxWidth, boxHeight)
            }
            result.radius = max(0.001, radius)
        }
        return result
    }
}

extension ShapeDrawable {
    /// Its intrinsic size in whole pixels at `scale`, when it has one.
    public func size(at scale: Double) -> (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        return (max(1, Int(width.pixels(at: scale).rounded())), max(1, Int(height.pixels(at: scale).rounded())))
    }

    /// A rectangle without a size as the smallest stretchable image at `scale`: fixed caps of
    /// each side's larger corner radius plus the stroke width (whole pixels), a stretching
    /// centre a pixel wide between them, and the shape's padding as the content area; `nil` for
    /// other kinds.
    public func ninePatchLayout(at scale: Double) -> (width: Int, height: Int, chunk: NinePatchChunk)? {
        guard kind == .rectangle else { return nil }
        let stroke = self.stroke.map { $0.color.alpha > 0 ? $0.width.pixels(at: scale) : 0 } ?? 0
        func cap(_ a: Length, _ b: Length) -> Int32 { Int32(min(65_000, (max(a.pixels(at: scale), b.pixels(at: scale), 0) + stroke).rounded(.up))) }
        let (left, right) = (cap(corners.topLeft, corners.bottomLeft), cap(corners.topRight, corners.bottomRight))
        let (top, bottom) = (cap(corners.topLeft, corners.topRight), cap(corners.bottomLeft, corners.bottomRight))
        let width = Int(left) + Int(right) + 1
        let height = Int(top) + Int(bottom) + 1
        func inset(_ length: Length) -> Int32 { Int32(min(65_000, max(0, length.pixels(at: scale).rounded()))) }
        let padding = NinePatchInsets(top: inset(padding.top), left: inset(padding.left), bottom: inset(padding.bottom), right: inset(padding.right))
        let chunk = NinePatchChunk(
            xDivs: [left, Int32(width) - right], yDivs: [top, Int32(height) - bottom], padding: padding,
            colors: Array(repeating: NinePatchChunk.noColor, count: 9))
        return (width, height, chunk)
    }

    /// The shape drawn at `scale`: at its size, or (a rectangle without one) as the smallest
    /// stretchable image, its nine-patch chunk in the metadata. Premultiplied RGBA.
    public func draw(at scale: Double, limits: ImageLimits) throws -> Image {
        if let size = size(at: scale) { return try draw(width: size.width, height: size.height, scale: scale, limits: limits) }
        guard let layout = ninePatchLayout(at: scale) else {
            throw ShapeDrawableError(
                line: 0, reason: "a \(kind.rawValue) without <size> has no size to be drawn at: give it <size android:width android:height>",
                needsSize: true)
        }
        var image = try draw(width: layout.width, height: layout.height, scale: scale, limits: limits)
        image.metadata.ninePatch = NinePatchInfo(chunk: layout.chunk)
        return image
    }

    /// The most pixels a shape is drawn at twice its size for (one megapixel): past it, the
    /// edge pixels' share of the picture is small, and twice the size would take four times the
    /// memory (a 1536-pixel icon background, 36 MiB more).
    public static let maxSupersampledPixels = 1 << 20

    /// The shape drawn in a `width` × `height` pixel box at `scale`. Up to
    /// ``maxSupersampledPixels`` it is drawn at twice the size and each 2 × 2 block averaged:
    /// the renderer's coverage is measured on a coarse grid (15 rows a pixel), which left small
    /// ovals more than a level off their exact coverage.
    public func draw(width: Int, height: Int, scale: Double, limits: ImageLimits) throws -> Image {
        try limits.check(width: width, height: height)
        guard width * height <= Self.maxSupersampledPixels else {
            return try VectorDrawableCodec.draw(
                vectorDrawable(width: Double(width), height: Double(height), scale: scale), rendering: VectorRendering(scale: 1), limits: limits)
        }
        let large = try VectorDrawableCodec.draw(
            vectorDrawable(width: Double(width * 2), height: Double(height * 2), scale: scale * 2), rendering: VectorRendering(scale: 1), limits: limits)
        var image = Image(width: width, height: height, layout: .rgba, samples: [UInt8](repeating: 0, count: width * height * 4), alphaMode: .premultiplied)
        guard case .eight(let source) = large.storage, large.width == width * 2, large.height == height * 2 else { return large }
        image.editSamples(
            eight: { samples in
                let sourceRow = width * 2 * 4
                for y in 0..<height {
                    for x in 0..<width {
                        let top = (y * 2) * sourceRow + x * 2 * 4
                        for channel in 0..<4 {
                            let sum =
                                Int(source[top + channel]) + Int(source[top + 4 + channel]) + Int(source[top + sourceRow + channel])
                                + Int(source[top + sourceRow + 4 + channel])
                            samples[(y * width + x) * 4 + channel] = UInt8((sum + 2) / 4)
                        }
                    }
                }
            }, sixteen: { _ in })
        return image
    }

    /// Reads a shape drawable's XML.
    public static func read(_ bytes: [UInt8], limits: ImageLimits, resources: VectorDrawable.Resources = .none) throws -> ShapeDrawable {
        try ShapeDrawable(ResourceXML.parse(bytes, limits: limits), resources: resources)
    }
}
