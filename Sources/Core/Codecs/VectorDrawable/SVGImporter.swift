/// Turns an SVG element tree into a vector drawable's nodes, as Android Studio's import does:
/// shapes become paths, transforms are applied to the coordinates (a vector drawable's groups
/// cannot skew), inherited presentation attributes and `style` declarations are resolved, element
/// opacity multiplies into the fill and stroke alphas, and clip paths become `<clip-path>` in a
/// group. What a vector drawable cannot express throws ``SVGImportError/unsupported(_:line:)``.
struct SVGImporter {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    /// The most elements visited (a `<use>` copies its target, so copies count too).
    static let maxVisits = 250_000
    /// The largest coordinate written (what vector drawables read in groups and gradients).
    static let maxCoordinate = 1e9
    /// How deep `<use>` may refer through other `<use>`s, and elements nest.
    static let maxDepth = 256

    /// Elements by `id`.
    var elements: [String: ResourceXMLElement] = [:]
    /// The viewport's size in user units, for percentages.
    var viewport = (width: 0.0, height: 0.0)
    /// Places kept after the point in written path data.
    var decimals = 4
    /// How many levels from the root (the root, and each group that alone holds all that is
    /// drawn) gave their opacity to the drawable's alpha, which applies to the whole drawing as
    /// theirs does.
    var opacityLevels = 0
    var visits = 0
    /// Set by a radial gradient stretched into an ellipse: the frame (a group's rotation, scale
    /// and translation) in which it is a circle; its path must be drawn in that frame.
    var gradientFrame: AffineMatrix?
    var commands = 0
    /// Paints in `currentColor` with no `color` set (the drawable is a template when they are
    /// all it has), and fixed ones.
    var templatePaints = 0, fixedPaints = 0

    /// The presentation properties inherited down the tree.
    struct Style {
        var fill = Paint.color(AndroidColor(red: 0, green: 0, blue: 0))
        var fillOpacity = 1.0
        var evenOdd = false
        var stroke = Paint.none
        var strokeWidth = 1.0
        var strokeOpacity = 1.0
        var lineCap = "butt", lineJoin = "miter"
        var miterLimit = 4.0
        /// The `color` property, `nil` when the document never sets it.
        var color: AndroidColor?
        var isVisible = true
    }

    /// An SVG paint.
    indirect enum Paint {
        case none
        case color(AndroidColor)
        case currentColor
        case reference(id: String, fallback: Paint?)
    }

    init(root: ResourceXMLElement) {
        var stack = [root]
        while let element = stack.popLast() {
            if let id = element.attribute("id", namespace: ""), elements[id] == nil { elements[id] = element }
            stack += element.children
        }
    }

    // MARK: Reading attributes

    /// Property `name`: the `style` declaration, else the attribute; `nil` when absent or `inherit`.
    func property(_ element: ResourceXMLElement, _ name: String) -> String? {
        if let style = element.attribute("style", namespace: "") {
            for declaration in style.split(separator: ";") {
                guard let colon = declaration.firstIndex(of: ":") else { continue }
                if declaration[..<colon].trimmingWhitespace == name {
                    let value = String(String(declaration[declaration.index(after: colon)...]).replacing("!important", with: "").trimmingWhitespace)
                    return value == "inherit" ? nil : value
                }
            }
        }
        let value = element.attribute(name, namespace: "").map { String($0.trimmingWhitespace) }
        return value == "inherit" ? nil : value
    }

    /// Which way a percentage is measured.
    enum Axis { case x, y, diagonal }

    /// A length in user units (`12`, `12px`, `1in`, `50%`); `nil` when absent.
    func length(_ element: ResourceXMLElement, _ name: String, axis: Axis) throws(SVGImportError) -> Double? {
        guard let text = property(element, name) else { return nil }
        guard let value = Self.length(text, percentOf: reference(axis)) else {
            throw SVGImportError(line: element.line(of: name, namespace: ""), reason: "\(name)=\(XMLText.quoted(text)) is not a length")
        }
        return value
    }

    func reference(_ axis: Axis) -> Double {
        switch axis {
        case .x: viewport.width
        case .y: viewport.height
        case .diagonal: ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
        }
    }

    /// A length in user units (CSS pixels), percentages of `percentOf`; `nil` when it is not one.
    static func length(_ text: String, percentOf: Double) -> Double? {
        let units: [(String, Double)] = [
            ("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96), ("em", 16), ("ex", 8), ("%", percentOf / 100),
        ]
        let trimmed = String(text.trimmingWhitespace)
        let (unit, factor) = units.first { trimmed.hasSuffix($0.0) } ?? ("", 1)
        guard let number = Double(decimal: trimmed.dropLast(unit.count)), number.isFinite, abs(number) <= 1e9 else { return nil }
        return number * factor
    }

    func number(_ element: ResourceXMLElement, _ name: String, default value: Double) throws(SVGImportError) -> Double {
        guard let text = property(element, name) else { return value }
        guard let number = Double(decimal: text), number.isFinite, abs(number) <= 1e9 else {
            throw SVGImportError(line: element.line(of: name, namespace: ""), reason: "\(name)=\(XMLText.quoted(text)) is not a number")
        }
        return number
    }

    /// The element `href` or `xlink:href` names (`#id`).
    func referenced(_ element: ResourceXMLElement) -> ResourceXMLElement? {
        guard let href = element.attribute("href", namespace: Self.xlinkNamespace) ?? element.attribute("href", namespace: ""), href.hasPrefix("#")
        else { return nil }
        return elements[String(href.dropFirst())]
    }

    /// The id in `url(#id)`, `nil` for anything else.
    static func urlReference(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        guard trimmed.hasPrefix("url("), let close = trimmed.firstIndex(of: ")") else { return nil }
        var inner = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<close].trimmingCharacters(in: { $0.isWhitespace || $0 == "\"" || $0 == "'" })
        guard inner.hasPrefix("#") else { return nil }
        inner = inner.dropFirst()
        return String(inner)
    }

    func paint(_ text: String, line: Int) throws(SVGImportError) -> Paint {
        let value = String(text.trimmingWhitespace)
        switch value {
        case "none": return .none
        case "currentColor", "currentcolor": return .currentColor
        default: break
        }
        if let id = Self.urlReference(value) {
            let rest = value[(value.firstIndex(of: ")").map { value.index(after: $0) } ?? value.endIndex)...].trimmingWhitespace
            return .reference(id: id, fallback: rest.isEmpty ? nil : try paint(String(rest), line: line))
        }
        guard let color = CSSColor.parse(value) else { throw SVGImportError(line: line, reason: "\(XMLText.quoted(text)) is not a colour") }
        return .color(color)
    }

    /// The style of `element`, inheriting `parent`'s.
    func style(_ element: ResourceXMLElement, inheriting parent: Style) throws(SVGImportError) -> Style {
        var style = parent
        let line = element.line
        if let color = property(element, "color") {
            guard let parsed = CSSColor.parse(color) else { throw SVGImportError(line: line, reason: "color=\(XMLText.quoted(color)) is not a colour") }
            style.color = parsed
        }
        if let fill = property(element, "fill") { style.fill = try paint(fill, line: line) }
        if let stroke = property(element, "stroke") { style.stroke = try paint(stroke, line: line) }
        style.fillOpacity = try opacity(element, "fill-opacity") ?? style.fillOpacity
        style.strokeOpacity = try opacity(element, "stroke-opacity") ?? style.strokeOpacity
        if let rule = property(element, "fill-rule") { style.evenOdd = rule == "evenodd" }
        if let width = try length(element, "stroke-width", axis: .diagonal) { style.strokeWidth = max(0, width) }
        if let cap = property(element, "stroke-linecap"), ["butt", "round", "square"].contains(cap) { style.lineCap = cap }
        if let join = property(element, "stroke-linejoin") {
            style.lineJoin = join == "round" || join == "bevel" ? join : "miter"
        }
        style.miterLimit = try number(element, "stroke-miterlimit", default: style.miterLimit)
        if let visibility = property(element, "visibility") { style.isVisible = visibility == "visible" }
        return style
    }

    /// An opacity property (`0.5` or `50%`), clamped to 0…1.
    func opacity(_ element: ResourceXMLElement, _ name: String) throws(SVGImportError) -> Double? {
        guard let text = property(element, name) else { return nil }
        guard let value = Self.length(text, percentOf: 1), value.isFinite else {
            throw SVGImportError(line: element.line(of: name, namespace: ""), reason: "\(name)=\(XMLText.quoted(text)) is not an opacity")
        }
        return min(1, max(0, value))
    }

    /// Throws for the properties a vector drawable cannot express.
    func checkExpressible(_ element: ResourceXMLElement) throws(SVGImportError) {
        let features: [(String, String)] = [
            ("filter", "filters"), ("mask", "masks"), ("marker", "markers"), ("marker-start", "markers"), ("marker-mid", "markers"), ("marker-end", "markers"),
        ]
        for (name, feature) in features {
            if let value = property(element, name), value != "none" { throw .unsupported(feature, line: element.line) }
        }
        if let dashes = property(element, "stroke-dasharray"), dashes != "none",
            dashes.split(whereSeparator: { $0 == "," || $0 == " " }).contains(where: { Double($0) != 0 })
        {
            throw .unsupported("dashed strokes", line: element.line)
        }
        if let blend = property(element, "mix-blend-mode"), blend != "normal" { throw .unsupported("blend modes", line: element.line) }
        if property(element, "vector-effect") == "non-scaling-stroke" { throw .unsupported("non-scaling strokes", line: element.line) }
    }

    func transform(_ element: ResourceXMLElement) throws(SVGImportError) -> AffineMatrix {
        guard let text = element.attribute("transform", namespace: "") else { return .identity }
        guard let matrix = AffineMatrix(svgTransform: text) else {
            throw SVGImportError(line: element.line, reason: "transform=\(XMLText.quoted(text)) is not a transform list")
        }
        return matrix
    }

    // MARK: Walking

    /// Elements that draw nothing where they stand.
    static let undrawn: Set<String> = [
        "defs", "title", "desc", "metadata", "linearGradient", "radialGradient", "clipPath", "symbol", "mask", "filter", "pattern", "marker",
        "animate", "animateTransform", "animateMotion", "set", "script", "font", "font-face",
    ]

    /// The opacity of the root and of each group that alone holds all that is drawn below it:
    /// the drawable's alpha. Sets ``opacityLevels``.
    mutating func rootAlpha(_ root: ResourceXMLElement) throws(SVGImportError) -> Double {
        var alpha = 1.0
        var element = root
        while true {
            alpha *= try opacity(element, "opacity") ?? 1
            opacityLevels += 1
            let drawn = element.children.filter {
                ($0.namespace.isEmpty || $0.namespace == Self.svgNamespace) && !Self.undrawn.contains($0.name) && property($0, "display") != "none"
                    && !($0.name == "style" && $0.text.trimmingWhitespace.isEmpty)
            }
            guard drawn.count == 1, let only = drawn.first, only.name == "g" else { return alpha }
            element = only
        }
    }

    /// The nodes `element` draws, under `matrix` (its parent's user space to the viewport).
    mutating func nodes(
        _ element: ResourceXMLElement, matrix parentMatrix: AffineMatrix, style parentStyle: Style, opacity parentOpacity: Double, depth: Int
    ) throws(SVGImportError) -> [VectorDrawable.Node] {
        guard element.namespace.isEmpty || element.namespace == Self.svgNamespace else { return [] }
        visits += 1
        guard visits <= Self.maxVisits, depth <= Self.maxDepth else {
            throw SVGImportError(line: element.line, reason: "more than \(Self.maxVisits) elements drawn, or nested deeper than \(Self.maxDepth)")
        }
        if property(element, "display") == "none" { return [] }
        switch element.name {
        case _ where Self.undrawn.contains(element.name):
            return []
        case "style":
            if element.text.trimmingWhitespace.isEmpty { return [] }
            throw .unsupported("CSS style sheets (<style>)", line: element.line)
        case "text": throw .unsupported("text", line: element.line)
        case "image": throw .unsupported("embedded images", line: element.line)
        case "foreignObject": throw .unsupported("foreign objects", line: element.line)
        case "switch": throw .unsupported("<switch> elements", line: element.line)
        case "svg" where depth > 0: throw .unsupported("nested <svg> viewports", line: element.line)
        default: break
        }
        try checkExpressible(element)
        let style = try style(element, inheriting: parentStyle)
        let opacity = parentOpacity * (depth < opacityLevels ? 1 : try self.opacity(element, "opacity") ?? 1)
        var matrix = parentMatrix.concatenating(try transform(element))
        var nodes: [VectorDrawable.Node] = []
        switch element.name {
        case "svg", "g", "a":
            for child in element.children {
                nodes += try self.nodes(child, matrix: matrix, style: style, opacity: opacity, depth: depth + 1)
            }
        case "use":
            guard let target = referenced(element) else { return [] }
            let x = try length(element, "x", axis: .x) ?? 0
            let y = try length(element, "y", axis: .y) ?? 0
            matrix = matrix.concatenating(.translation(x, y))
            if target.name == "symbol" {
                if target.attribute("viewBox", namespace: "") != nil { throw .unsupported("symbols with a viewBox", line: target.line) }
                for child in target.children {
                    nodes += try self.nodes(child, matrix: matrix, style: try self.style(target, inheriting: style), opacity: opacity, depth: depth + 1)
                }
            } else {
                nodes += try self.nodes(target, matrix: matrix, style: style, opacity: opacity, depth: depth + 1)
            }
        default:
            guard let outline = try outline(of: element) else {
                throw .unsupported("<\(element.name)> elements", line: element.line)
            }
            if style.isVisible { nodes += try paths(outline, element: element, matrix: matrix, style: style, opacity: opacity) }
        }
        guard let clip = property(element, "clip-path"), clip != "none", !nodes.isEmpty else { return nodes }
        guard let id = Self.urlReference(clip), let clipElement = elements[id], clipElement.name == "clipPath" else { return nodes }
        let clipData = try clipPathData(clipElement, for: element, matrix: matrix)
        var group = VectorDrawable.Group()
        group.nodes = [.clip(pathData: clipData, line: clipElement.line)] + nodes
        return [.group(group)]
    }

    /// The outline of a shape element in its own user space; `nil` when it is not a shape.
    func outline(of element: ResourceXMLElement) throws(SVGImportError) -> PathOutline? {
        let line = element.line
        func point(_ x: Double, _ y: Double) -> PathPoint { PathPoint(x: x, y: y) }
        switch element.name {
        case "path":
            guard let data = element.attribute("d", namespace: "") else { return PathOutline() }
            do {
                return try PathOutline(parsing: data, maxCommands: VectorDrawable.maxCommands - commands)
            } catch let error where error.isOverLimit {
                throw SVGImportError(line: line, reason: "more than \(VectorDrawable.maxCommands) path commands")
            } catch {
                throw SVGImportError(line: line, reason: "d: \(error.reason) (at character \(error.offset + 1))")
            }
        case "rect":
            let x = try length(element, "x", axis: .x) ?? 0
            let y = try length(element, "y", axis: .y) ?? 0
            let width = try length(element, "width", axis: .x) ?? 0
            let height = try length(element, "height", axis: .y) ?? 0
            guard width > 0, height > 0 else { return PathOutline() }
            // A missing or negative radius takes the other's value.
            let rx = try length(element, "rx", axis: .x).flatMap { $0 >= 0 ? $0 : nil }
            let ry = try length(element, "ry", axis: .y).flatMap { $0 >= 0 ? $0 : nil }
            let radiusX = min(rx ?? ry ?? 0, width / 2)
            let radiusY = min(ry ?? rx ?? 0, height / 2)
            guard radiusX > 0, radiusY > 0 else {
                return PathOutline(segments: [
                    .move(point(x, y)), .line(point(x + width, y)), .line(point(x + width, y + height)), .line(point(x, y + height)), .close,
                ])
            }
            func arc(_ to: PathPoint) -> PathSegment { .arc(rx: radiusX, ry: radiusY, rotation: 0, large: false, sweep: true, to: to) }
            return PathOutline(segments: [
                .move(point(x + radiusX, y)), .line(point(x + width - radiusX, y)), arc(point(x + width, y + radiusY)),
                .line(point(x + width, y + height - radiusY)), arc(point(x + width - radiusX, y + height)),
                .line(point(x + radiusX, y + height)), arc(point(x, y + height - radiusY)),
                .line(point(x, y + radiusY)), arc(point(x + radiusX, y)), .close,
            ])
        case "circle", "ellipse":
            let cx = try length(element, "cx", axis: .x) ?? 0
            let cy = try length(element, "cy", axis: .y) ?? 0
            let rx: Double
            let ry: Double
            if element.name == "circle" {
                rx = try length(element, "r", axis: .diagonal) ?? 0
                ry = rx
            } else {
                rx = try length(element, "rx", axis: .x) ?? 0
                ry = try length(element, "ry", axis: .y) ?? 0
            }
            guard rx > 0, ry > 0 else { return PathOutline() }
            func arc(_ to: PathPoint) -> PathSegment { .arc(rx: rx, ry: ry, rotation: 0, large: false, sweep: true, to: to) }
            return PathOutline(segments: [
                .move(point(cx + rx, cy)), arc(point(cx, cy + ry)), arc(point(cx - rx, cy)), arc(point(cx, cy - ry)), arc(point(cx + rx, cy)), .close,
            ])
        case "line":
            let x1 = try length(element, "x1", axis: .x) ?? 0
            let y1 = try length(element, "y1", axis: .y) ?? 0
            let x2 = try length(element, "x2", axis: .x) ?? 0
            let y2 = try length(element, "y2", axis: .y) ?? 0
            return PathOutline(segments: [.move(point(x1, y1)), .line(point(x2, y2))])
        case "polyline", "polygon":
            let numbers = (element.attribute("points", namespace: "") ?? "").split { $0 == "," || $0.isWhitespace }.map { Double($0) }
            guard numbers.allSatisfy({ $0?.isFinite == true }) else { throw SVGImportError(line: line, reason: "points is not a list of numbers") }
            let values = numbers.compactMap { $0 }
            var segments: [PathSegment] = []
            for index in stride(from: 0, to: values.count - 1, by: 2) {
                let p = point(values[index], values[index + 1])
                segments.append(segments.isEmpty ? .move(p) : .line(p))
            }
            if element.name == "polygon", !segments.isEmpty { segments.append(.close) }
            return PathOutline(segments: segments)
        default:
            return nil
        }
    }

    /// The paths `outline` draws with `style`, in viewport coordinates: one, none when it paints
    /// nothing, or a fill in a group of its own (a radial gradient stretched into an ellipse)
    /// and the stroke after it.
    mutating func paths(
        _ outline: PathOutline, element: ResourceXMLElement, matrix: AffineMatrix, style: Style, opacity: Double
    ) throws(SVGImportError) -> [VectorDrawable.Node] {
        guard !outline.segments.isEmpty else { return [] }
        var path = VectorDrawable.Path()
        path.line = element.line
        let bounds = outline.bounds
        gradientFrame = nil
        path.fill = try paint(style.fill, bounds: bounds, matrix: matrix, style: style, line: element.line)
        let fillFrame = gradientFrame
        gradientFrame = nil
        if style.strokeWidth > 0 {
            path.stroke = try paint(style.stroke, bounds: bounds, matrix: matrix, style: style, line: element.line)
            if gradientFrame != nil { throw .unsupported("radial gradients stretched into ellipses on strokes", line: element.line) }
        }
        guard path.fill != nil || path.stroke != nil else { return [] }
        if path.stroke != nil {
            guard let scale = matrix.uniformScale(tolerance: 0.01) else { throw .unsupported("strokes under a non-uniform transform", line: element.line) }
            path.strokeWidth = style.strokeWidth * scale
            path.strokeAlpha = style.strokeOpacity * opacity
            path.lineCap = style.lineCap
            path.lineJoin = style.lineJoin
            path.miterLimit = min(1e6, max(1, style.miterLimit))
        }
        path.fillAlpha = style.fillOpacity * opacity
        path.evenOdd = style.evenOdd
        guard let frame = fillFrame, path.fill != nil else {
            try finish(&path, outline.transformed(by: matrix), line: element.line)
            return [.path(path)]
        }
        guard let toFrame = frame.inverted else { throw .unsupported("radial gradients stretched into ellipses", line: element.line) }
        var fill = path
        fill.stroke = nil
        try finish(&fill, outline.transformed(by: toFrame.concatenating(matrix)), line: element.line)
        let parts = frame.decomposed
        var group = VectorDrawable.Group()
        (group.rotation, group.scaleX, group.scaleY, group.translateX, group.translateY) = (parts.outer, parts.scaleX, parts.scaleY, frame.e, frame.f)
        group.nodes = [.path(fill)]
        guard path.stroke != nil else { return [.group(group)] }
        path.fill = nil
        try finish(&path, outline.transformed(by: matrix), line: element.line)
        return [.group(group), .path(path)]
    }

    /// Gives `path` the outline `mapped`, checked against the bounds and counted.
    mutating func finish(_ path: inout VectorDrawable.Path, _ mapped: PathOutline, line: Int) throws(SVGImportError) {
        guard mapped.isWithin(Self.maxCoordinate), path.strokeWidth <= 1e6 else {
            throw SVGImportError(line: line, reason: "its coordinates or stroke width, transformed, are out of range (beyond ±\(Int(Self.maxCoordinate)))")
        }
        commands += mapped.segments.count
        guard commands <= VectorDrawable.maxCommands else {
            throw SVGImportError(line: line, reason: "more than \(VectorDrawable.maxCommands) path commands")
        }
        path.pathData = mapped.pathData(decimals: decimals)
    }

    /// The clip path `clip` makes for `element`, in viewport coordinates: its shapes' outlines
    /// joined.
    func clipPathData(_ clip: ResourceXMLElement, for element: ResourceXMLElement, matrix: AffineMatrix) throws(SVGImportError) -> String {
        if let nested = property(clip, "clip-path"), nested != "none" { throw .unsupported("clip paths that are clipped themselves", line: clip.line) }
        var clipMatrix = matrix.concatenating(try transform(clip))
        if clip.attribute("clipPathUnits", namespace: "") == "objectBoundingBox" {
            guard let box = try outline(of: element)?.bounds else {
                throw .unsupported("clip paths in object bounding box units on groups", line: clip.line)
            }
            clipMatrix = clipMatrix.concatenating(AffineMatrix(a: box.maxX - box.minX, d: box.maxY - box.minY, e: box.minX, f: box.minY))
        }
        var segments: [PathSegment] = []
        for child in clip.children where child.namespace.isEmpty || child.namespace == Self.svgNamespace {
            if property(child, "display") == "none" { continue }
            if child.name == "text" { throw .unsupported("text", line: child.line) }
            if child.name == "use" { throw .unsupported("<use> in clip paths", line: child.line) }
            if property(child, "clip-rule") == "evenodd" || property(clip, "clip-rule") == "evenodd" {
                throw .unsupported("even-odd clip paths", line: child.line)
            }
            guard let outline = try outline(of: child) else { continue }
            let mapped = outline.transformed(by: clipMatrix.concatenating(try transform(child)))
            guard mapped.isWithin(Self.maxCoordinate) else {
                throw SVGImportError(line: child.line, reason: "its coordinates, transformed, are out of range (beyond ±\(Int(Self.maxCoordinate)))")
            }
            segments += mapped.segments
        }
        // An empty clip path clips everything away.
        return segments.isEmpty ? "M0,0" : PathOutline(segments: segments).pathData(decimals: decimals)
    }
}
