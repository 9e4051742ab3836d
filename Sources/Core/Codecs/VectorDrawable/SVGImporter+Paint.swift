extension SVGImporter {
    /// The vector drawable paint for an SVG paint on a shape whose outline has `bounds` (in its
    /// user space, for gradients in object bounding box units) under `matrix`; `nil` for none.
    mutating func paint(
        _ paint: Paint, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?, matrix: AffineMatrix, style: Style, line: Int
    ) throws(SVGImportError) -> VectorDrawable.Paint? {
        switch paint {
        case .none:
            return nil
        case .color(let color):
            if color.alpha == 0 { return nil }
            fixedPaints += 1
            return .color(color)
        case .currentColor:
            if let color = style.color {
                fixedPaints += 1
                return color.alpha == 0 ? nil : .color(color)
            }
            templatePaints += 1
            return .template
        case .reference(let id, let fallback):
            guard let element = elements[id] else {
                return try fallback.flatMap { fallback throws(SVGImportError) in
                    try self.paint(fallback, bounds: bounds, matrix: matrix, style: style, line: line)
                }
            }
            switch element.name {
            case "linearGradient", "radialGradient":
                fixedPaints += 1
                return try gradient(element, bounds: bounds, matrix: matrix, style: style)
            case "pattern": throw .unsupported("patterns", line: element.line)
            default: throw SVGImportError(line: line, reason: "url(#\(id)) names a <\(element.name)>, not a gradient")
            }
        }
    }

    /// A gradient's attribute, looked up through the gradients it inherits from (`href`).
    func gradientAttribute(_ chain: [ResourceXMLElement], _ name: String) -> String? {
        for element in chain { if let value = element.attribute(name, namespace: "") { return value } }
        return nil
    }

    /// `element` mapped into viewport coordinates as a vector drawable gradient.
    mutating func gradient(
        _ element: ResourceXMLElement, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?, matrix: AffineMatrix, style: Style
    ) throws(SVGImportError) -> VectorDrawable.Paint? {
        var chain = [element]
        while chain.count < 16, let next = referenced(chain[chain.count - 1]), next.name == "linearGradient" || next.name == "radialGradient" {
            if chain.contains(next) { break }
            chain.append(next)
        }
        var gradient = VectorDrawable.Gradient()
        // Stops: from the first gradient in the chain that has any.
        let stopElements = chain.lazy.map { $0.children.filter { $0.name == "stop" } }.first { !$0.isEmpty } ?? []
        var previous = 0.0
        for stop in stopElements {
            let offsetText = stop.attribute("offset", namespace: "") ?? "0"
            guard let offset = Self.length(offsetText, percentOf: 1) else {
                throw SVGImportError(line: stop.line, reason: "offset=\(XMLText.quoted(offsetText)) is not a number")
            }
            previous = max(previous, min(1, max(0, offset)))
            var color = AndroidColor(red: 0, green: 0, blue: 0)
            if let text = property(stop, "stop-color") {
                if text == "currentColor" || text == "currentcolor" {
                    color = style.color ?? color
                } else {
                    guard let parsed = CSSColor.parse(text) else {
                        throw SVGImportError(line: stop.line, reason: "stop-color=\(XMLText.quoted(text)) is not a colour")
                    }
                    color = parsed
                }
            }
            let opacity = try self.opacity(stop, "stop-opacity") ?? 1
            color.alpha = UInt8((Double(color.alpha) * opacity).rounded())
            gradient.stops.append(VectorDrawable.Gradient.Stop(offset: previous, color: color))
        }
        guard let first = gradient.stops.first, let last = gradient.stops.last else { return nil }
        if gradient.stops.count == 1 { return last.color.alpha == 0 ? nil : .color(last.color) }
        switch gradientAttribute(chain, "spreadMethod") {
        case "reflect": gradient.tileMode = .mirror
        case "repeat": gradient.tileMode = .repeated
        default: gradient.tileMode = .clamp
        }
        // The map from the gradient's own space to the viewport.
        var map = matrix
        let boundingBox = gradientAttribute(chain, "gradientUnits") != "userSpaceOnUse"
        if boundingBox {
            guard let box = bounds, box.maxX > box.minX, box.maxY > box.minY else { return nil }
            map = map.concatenating(AffineMatrix(a: box.maxX - box.minX, d: box.maxY - box.minY, e: box.minX, f: box.minY))
        }
        if let text = gradientAttribute(chain, "gradientTransform") {
            guard let transform = AffineMatrix(svgTransform: text) else {
                throw SVGImportError(line: element.line, reason: "gradientTransform=\(XMLText.quoted(text)) is not a transform list")
            }
            map = map.concatenating(transform)
        }
        func coordinate(_ name: String, _ fallback: String, axis: Axis) throws(SVGImportError) -> Double {
            let text = gradientAttribute(chain, name) ?? fallback
            guard let value = Self.length(text, percentOf: boundingBox ? 1 : reference(axis)) else {
                throw SVGImportError(line: element.line(of: name, namespace: ""), reason: "\(name)=\(XMLText.quoted(text)) is not a length")
            }
            return value
        }
        if element.name == "linearGradient" {
            let start = PathPoint(x: try coordinate("x1", "0%", axis: .x), y: try coordinate("y1", "0%", axis: .y))
            let end = PathPoint(x: try coordinate("x2", "100%", axis: .x), y: try coordinate("y2", "0%", axis: .y))
            let direction = end - start
            let squared = direction.x * direction.x + direction.y * direction.y
            let det = map.determinant
            guard squared > 0, abs(det) > 1e-12 else { return last.color.alpha == 0 ? nil : .color(last.color) }
            // Under an affine map a linear gradient stays linear, but its lines of equal colour
            // need not stay perpendicular to start→end: the new direction is the inverse
            // transpose's image of the old one.
            let normal = PathPoint(x: (map.d * direction.x - map.b * direction.y) / det, y: (-map.c * direction.x + map.a * direction.y) / det) * (1 / squared)
            let normalSquared = normal.x * normal.x + normal.y * normal.y
            guard normalSquared > 0 else { return .color(first.color) }
            let mappedStart = map.apply(start)
            let mappedEnd = mappedStart + normal * (1 / normalSquared)
            gradient.kind = .linear
            (gradient.startX, gradient.startY, gradient.endX, gradient.endY) = (mappedStart.x, mappedStart.y, mappedEnd.x, mappedEnd.y)
        } else {
            let center = PathPoint(x: try coordinate("cx", "50%", axis: .x), y: try coordinate("cy", "50%", axis: .y))
            let radius = try coordinate("r", "50%", axis: .diagonal)
            let focus = PathPoint(
                x: gradientAttribute(chain, "fx") == nil ? center.x : try coordinate("fx", "50%", axis: .x),
                y: gradientAttribute(chain, "fy") == nil ? center.y : try coordinate("fy", "50%", axis: .y))
            let focalRadius = try coordinate("fr", "0", axis: .diagonal)
            if (focus - center).length > 1e-6 * max(1, radius) || focalRadius != 0 {
                throw .unsupported("radial gradients with a focal point", line: element.line)
            }
            guard radius > 0 else { return last.color.alpha == 0 ? nil : .color(last.color) }
            gradient.kind = .radial
            if let scale = map.uniformScale(tolerance: 0.01) {
                let mappedCenter = map.apply(center)
                (gradient.centerX, gradient.centerY, gradient.radius) = (mappedCenter.x, mappedCenter.y, radius * scale)
            } else {
                // Stretched into an ellipse: the path is drawn in a group whose rotation and
                // scale stretch a circle so (map = frame · rotation(inner)), the gradient a circle
                // in the group's own coordinates.
                let parts = map.decomposed
                guard abs(parts.scaleX) > 1e-9, abs(parts.scaleY) > 1e-9 else { return .color(last.color) }
                gradientFrame = AffineMatrix.translation(map.e, map.f).concatenating(.rotation(parts.outer)).concatenating(.scale(parts.scaleX, parts.scaleY))
                let localCenter = AffineMatrix.rotation(parts.inner).apply(center)
                (gradient.centerX, gradient.centerY, gradient.radius) = (localCenter.x, localCenter.y, radius)
            }
        }
        let values = [gradient.startX, gradient.startY, gradient.endX, gradient.endY, gradient.centerX, gradient.centerY, gradient.radius]
        guard values.allSatisfy({ abs($0) <= Self.maxCoordinate }) else {
            throw SVGImportError(line: element.line, reason: "the gradient, transformed, is out of range (beyond ±\(Int(Self.maxCoordinate)))")
        }
        return .gradient(gradient)
    }
}
