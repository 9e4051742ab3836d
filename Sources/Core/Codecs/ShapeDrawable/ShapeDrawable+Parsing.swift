extension ShapeDrawable {
    /// Reads the shape from its root element, colours and dimensions resolved through
    /// `resources` (`@color`, `@android:color`, `?attr` from the theme's colours, `@dimen`);
    /// throws ``ShapeDrawableError`` naming the line.
    public init(_ root: ResourceXMLElement, resources: VectorDrawable.Resources = .none) throws(ShapeDrawableError) {
        guard root.name == "shape" else {
            throw ShapeDrawableError(line: root.line, reason: "the root element is <\(root.name)>, not <shape>: not a shape drawable")
        }
        let reader = ResourceValueReader(resources: resources)
        if let kind = root.attribute("shape") {
            guard let parsed = Kind(rawValue: kind) else {
                throw ShapeDrawableError(line: root.line(of: "shape"), reason: "android:shape=\(XMLText.quoted(kind)) is not rectangle, oval, line or ring")
            }
            self.kind = parsed
        }
        innerRadius = try reader.length(root, "innerRadius")
        thickness = try reader.length(root, "thickness")
        innerRadiusRatio = try reader.number(root, "innerRadiusRatio", range: 0.01...1000) ?? 3
        thicknessRatio = try reader.number(root, "thicknessRatio", range: 0.01...1000) ?? 9
        for child in root.children where child.namespace.isEmpty || child.namespace == ResourceXMLElement.androidNamespace {
            switch child.name {
            case "solid":
                solid = try child.attribute("color").map { text throws(ShapeDrawableError) in try reader.color(text, line: child.line) }
            case "stroke":
                var stroke = Stroke()
                stroke.width = try reader.length(child, "width") ?? .zero
                stroke.color = try child.attribute("color").map { text throws(ShapeDrawableError) in try reader.color(text, line: child.line) } ?? stroke.color
                stroke.dashWidth = try reader.length(child, "dashWidth") ?? .zero
                stroke.dashGap = try reader.length(child, "dashGap") ?? .zero
                self.stroke = stroke
            case "corners":
                let all = try reader.length(child, "radius") ?? .zero
                corners = Corners(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all)
                for (name, keyPath) in [
                    ("topLeftRadius", \Corners.topLeft), ("topRightRadius", \Corners.topRight), ("bottomRightRadius", \Corners.bottomRight),
                    ("bottomLeftRadius", \Corners.bottomLeft),
                ] {
                    if let value = try reader.length(child, name) {
                        corners[keyPath: keyPath] = value
                        corners.isUniform = false
                    }
                }
            case "padding":
                padding = Insets(
                    left: try reader.length(child, "left") ?? .zero, top: try reader.length(child, "top") ?? .zero,
                    right: try reader.length(child, "right") ?? .zero, bottom: try reader.length(child, "bottom") ?? .zero)
            case "size":
                width = try reader.length(child, "width")
                height = try reader.length(child, "height")
            case "gradient":
                gradient = try Self.gradient(child, reader: reader)
            default:
                throw ShapeDrawableError(line: child.line, reason: "<\(child.name)> is not part of a shape (solid, gradient, stroke, corners, padding, size)")
            }
        }
    }

    private static func gradient(_ element: ResourceXMLElement, reader: ResourceValueReader) throws(ShapeDrawableError) -> Gradient {
        var gradient = Gradient()
        if let type = element.attribute("type") {
            guard let kind = VectorDrawable.Gradient.Kind(rawValue: type) else {
                throw ShapeDrawableError(line: element.line(of: "type"), reason: "android:type=\(XMLText.quoted(type)) is not linear, radial or sweep")
            }
            gradient.kind = kind
        }
        let angle = try reader.number(element, "angle", range: -1e6...1e6) ?? 0
        // Android takes the angle modulo 360, in steps of 45.
        gradient.angle = ((Int((angle / 45).rounded()) * 45) % 360 + 360) % 360
        gradient.centerX = try reader.number(element, "centerX", range: 0...1) ?? 0.5
        gradient.centerY = try reader.number(element, "centerY", range: 0...1) ?? 0.5
        let black = AndroidColor(red: 0, green: 0, blue: 0)
        let start = try element.attribute("startColor").map { text throws(ShapeDrawableError) in try reader.color(text, line: element.line) } ?? black
        let end = try element.attribute("endColor").map { text throws(ShapeDrawableError) in try reader.color(text, line: element.line) } ?? black
        let center = try element.attribute("centerColor").map { text throws(ShapeDrawableError) in try reader.color(text, line: element.line) }
        gradient.colors = [start] + (center.map { [$0] } ?? []) + [end]
        if let text = element.attribute("gradientRadius") {
            let trimmed = String(text.trimmingWhitespace)
            if trimmed.hasSuffix("%p"), let value = Double(decimal: trimmed.dropLast(2)), value.isFinite, abs(value) <= 1e6 {
                gradient.radius = .fractionOfBounds(value / 100)
            } else if trimmed.hasSuffix("%"), let value = Double(decimal: trimmed.dropLast()), value.isFinite, abs(value) <= 1e6 {
                gradient.radius = .fraction(value / 100)
            } else if let value = Double(decimal: trimmed), value.isFinite, abs(value) <= 1e6 {
                gradient.radius = .pixels(value)
            } else if let length = try reader.length(element, "gradientRadius") {
                gradient.radius = .length(length)
            }
        }
        return gradient
    }
}
