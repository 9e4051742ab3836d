#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension VectorDrawable {
    /// The drawable as an SVG document of its dp size (one CSS pixel a dp) with Android's
    /// semantics:
    /// - the viewport is stretched to the size on each axis (`preserveAspectRatio="none"`);
    /// - a group's transform is translate(pivot + translation) · rotate · scale · translate(−pivot);
    /// - a clip path clips the nodes after it in its group;
    /// - fill and stroke alphas multiply the colours' own, and the root alpha multiplies all;
    /// - trimming keeps part of the first contour's length, for the fill as for the stroke;
    /// - the tint is applied with its mode (`src_in` recolours each paint, which keeps the
    ///   alpha exactly; other modes composite a flood of the tint);
    /// - a template's theme colour is `templateColor` (`currentColor` for the web).
    ///
    /// The document is bounded as SVGs read are (``maxTranslatedBytes``, ``maxSweepWedges``): a
    /// sweep gradient becomes 360 wedges, and a review's 3.3 MB drawable of sweep-filled paths
    /// made a 609 MB document. Past a bound, throws ``VectorDrawableError`` saying why, and
    /// nothing is written.
    public func svg(templateColor: String = "#000000") throws(VectorDrawableError) -> String {
        var writer = SVGWriter(templateColor: templateColor)
        if let tint {
            switch (tint, tintMode) {
            case (.color(let color), .srcIn): writer.recolor = (color.rgbHex, color.opacity)
            case (.template, .srcIn): writer.recolor = (templateColor, 1)
            default: break
            }
        }
        var body = ""
        writer.write(nodes, into: &body)
        if writer.wedges > Self.maxSweepWedges {
            throw VectorDrawableError(
                line: 0,
                reason:
                    "its sweep gradients would be drawn as more than \(Self.maxSweepWedges) wedges (360 each, \(writer.wedges / SVGWriter.sweepWedges) or more gradients); use fewer sweep gradients, or linear and radial ones"
            )
        }
        guard !writer.isFull, body.utf8.count + writer.definitions.utf8.count <= Self.maxTranslatedBytes else {
            throw VectorDrawableError(
                line: 0,
                reason:
                    "translated to SVG it would be more than \(Self.maxTranslatedBytes >> 20) MiB, more than Ninepipe draws; simplify it (fewer paths, fewer gradients)"
            )
        }
        var filter = ""
        var opened = "<g"
        let opacity = alpha * (writer.recolor?.opacity ?? 1)
        if opacity < 1 { opened += " opacity=\"\(SVGWriter.number(opacity))\"" }
        if let tint, tintMode != .srcIn {
            let (color, opacity): (String, Double) =
                switch tint {
                case .color(let color): (color.rgbHex, color.opacity)
                default: (templateColor, 1)
                }
            let blend: String =
                switch tintMode {
                case .srcAtop: #"<feComposite in="tint" in2="SourceGraphic" operator="atop"/>"#
                case .srcOver: #"<feComposite in="tint" in2="SourceGraphic" operator="over"/>"#
                case .multiply: #"<feBlend in="tint" in2="SourceGraphic" mode="multiply" result="b"/><feComposite in="b" in2="SourceGraphic" operator="in"/>"#
                case .screen: #"<feBlend in="tint" in2="SourceGraphic" mode="screen" result="b"/><feComposite in="b" in2="SourceGraphic" operator="in"/>"#
                case .add:
                    #"<feComposite in="tint" in2="SourceGraphic" operator="arithmetic" k1="0" k2="1" k3="1" k4="0"/>"#
                case .srcIn: ""
                }
            filter =
                #"<filter id="tint" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB"><feFlood flood-color="\#(color)" flood-opacity="\#(SVGWriter.number(opacity))" result="tint"/>\#(blend)</filter>"#
            opened += #" filter="url(#tint)""#
        }
        let defs = writer.definitions + filter
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(SVGWriter.number(width))" height="\(SVGWriter.number(height))" \
            viewBox="0 0 \(SVGWriter.number(viewportWidth)) \(SVGWriter.number(viewportHeight))" preserveAspectRatio="none">\
            \(defs.isEmpty ? "" : "<defs>\(defs)</defs>")\(opened)>\(body)</g></svg>
            """
    }
}

extension VectorDrawable {
    /// The largest SVG document a drawable is translated to, definitions included: the size of
    /// the largest SVG document Ninepipe reads.
    public static let maxTranslatedBytes = 32 << 20
    /// The most wedges a drawable's sweep gradients may be drawn with (360 a gradient): the
    /// element bound of SVGs read.
    public static let maxSweepWedges = 250_000
}

/// Writes a drawable's nodes as SVG elements, collecting the definitions (gradients, clip
/// paths) they refer to. It stops writing once the document is past
/// ``VectorDrawable/maxTranslatedBytes`` or its wedges past ``VectorDrawable/maxSweepWedges``
/// (``isFull``), so a hostile drawable costs no more than the bound.
private struct SVGWriter {
    let templateColor: String
    /// The sweep gradient wedges written or asked for.
    var wedges = 0
    /// Whether writing stopped at a bound.
    var isFull = false
    /// A `src_in` tint: every paint becomes this colour (its opacity applied to the whole).
    var recolor: (color: String, opacity: Double)?
    var definitions = ""
    var nextID = 0

    init(templateColor: String) { self.templateColor = templateColor }

    /// A number as SVG writes it.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    mutating func identifier(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    mutating func write(_ nodes: [VectorDrawable.Node], into out: inout String) {
        var closing = 0
        for node in nodes {
            if isFull || wedges > VectorDrawable.maxSweepWedges || out.utf8.count + definitions.utf8.count > VectorDrawable.maxTranslatedBytes {
                isFull = true
                return
            }
            switch node {
            case .group(let group):
                var transform: [String] = []
                if group.translateX + group.pivotX != 0 || group.translateY + group.pivotY != 0 {
                    transform.append("translate(\(Self.number(group.translateX + group.pivotX)) \(Self.number(group.translateY + group.pivotY)))")
                }
                if group.rotation != 0 { transform.append("rotate(\(Self.number(group.rotation)))") }
                if group.scaleX != 1 || group.scaleY != 1 { transform.append("scale(\(Self.number(group.scaleX)) \(Self.number(group.scaleY)))") }
                if group.pivotX != 0 || group.pivotY != 0 { transform.append("translate(\(Self.number(-group.pivotX)) \(Self.number(-group.pivotY)))") }
                out += transform.isEmpty ? "<g>" : "<g transform=\"\(transform.joined(separator: " "))\">"
                write(group.nodes, into: &out)
                out += "</g>"
            case .path(let path):
                write(path, into: &out)
            case .clip(let data, _):
                let id = identifier("c")
                definitions += "<clipPath id=\"\(id)\"><path d=\"\(data)\"/></clipPath>"
                out += "<g clip-path=\"url(#\(id))\">"
                closing += 1
            }
        }
        out += String(repeating: "</g>", count: closing)
    }

    /// A paint as an SVG paint value, defining a gradient when it is one.
    mutating func paint(_ paint: VectorDrawable.Paint?, alpha: Double) -> (value: String, opacity: Double) {
        guard let paint else { return ("none", 1) }
        if let recolor {
            // src_in keeps only the coverage: a gradient's stops' alphas still shape it.
            if case .gradient(let gradient) = paint { return (self.gradient(gradient, color: recolor.color), alpha) }
            if case .color(let color) = paint { return (recolor.color, alpha * color.opacity) }
            return (recolor.color, alpha)
        }
        switch paint {
        case .color(let color): return (color.rgbHex, alpha * color.opacity)
        case .template: return (templateColor, alpha)
        case .gradient(let gradient): return (self.gradient(gradient, color: nil), alpha)
        }
    }

    /// Defines `gradient` (its colours replaced by `color` when given, alphas kept) and returns
    /// its reference.
    mutating func gradient(_ gradient: VectorDrawable.Gradient, color: String?) -> String {
        let id = identifier("g")
        let spread = gradient.tileMode == .clamp ? "" : " spreadMethod=\"\(gradient.tileMode == .mirror ? "reflect" : "repeat")\""
        let stops = gradient.stops.map { stop in
            "<stop offset=\"\(Self.number(stop.offset))\" stop-color=\"\(color ?? stop.color.rgbHex)\" stop-opacity=\"\(Self.number(stop.color.opacity))\"/>"
        }.joined()
        switch gradient.kind {
        case .linear:
            definitions +=
                "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.number(gradient.startX))\" y1=\"\(Self.number(gradient.startY))\" x2=\"\(Self.number(gradient.endX))\" y2=\"\(Self.number(gradient.endY))\"\(spread)>\(stops)</linearGradient>"
        case .radial, .sweep:
            // SVG has no sweep gradient: a fill is drawn in wedges (writeSweep); a stroke as a
            // radial gradient around the same centre (Docs/Formats.md).
            let radius = gradient.kind == .sweep ? max(gradient.radius, 1e6) : max(gradient.radius, 1e-6)
            definitions +=
                "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.number(gradient.centerX))\" cy=\"\(Self.number(gradient.centerY))\" r=\"\(Self.number(radius))\"\(spread)>\(stops)</radialGradient>"
        }
        return "url(#\(id))"
    }

    /// How many wedges draw a sweep gradient: one a degree.
    static let sweepWedges = 360

    /// A fill with a sweep gradient, which SVG lacks: the path as a clip, and inside it one
    /// wedge a degree from the centre past the path's farthest corner, each in the gradient's
    /// colour at its middle (stops blended unpremultiplied, as Android's Skia does; recoloured
    /// by a `src_in` tint). The wedges are drawn without antialiasing, so no seams show between
    /// them; the clip's edge is antialiased.
    mutating func writeSweep(
        _ gradient: VectorDrawable.Gradient, filling data: String, evenOdd: Bool, alpha: Double,
        bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double), into out: inout String
    ) {
        wedges += Self.sweepWedges
        guard wedges <= VectorDrawable.maxSweepWedges else { return }
        let id = identifier("s")
        definitions += "<clipPath id=\"\(id)\"><path d=\"\(data)\"\(evenOdd ? " clip-rule=\"evenodd\"" : "")/></clipPath>"
        let (cx, cy) = (gradient.centerX, gradient.centerY)
        let dx = max(abs(bounds.minX - cx), abs(bounds.maxX - cx))
        let dy = max(abs(bounds.minY - cy), abs(bounds.maxY - cy))
        let reach = (dx * dx + dy * dy).squareRoot()
        let radius = (reach + 1) * 1.5
        out += "<g clip-path=\"url(#\(id))\"\(alpha < 1 ? " opacity=\"\(Self.number(alpha))\"" : "") shape-rendering=\"crispEdges\">"
        func corner(_ degrees: Double) -> String {
            let radians = degrees * .pi / 180
            return Self.number(cx + radius * cos(radians)) + "," + Self.number(cy + radius * sin(radians))
        }
        for wedge in 0..<Self.sweepWedges {
            let start = Double(wedge) * 360 / Double(Self.sweepWedges)
            let end = start + 360 / Double(Self.sweepWedges)
            let color = Self.color(of: gradient, at: (start + end) / 720)
            let rgb = recolor?.color ?? color.rgbHex
            out += "<path d=\"M\(Self.number(cx)),\(Self.number(cy)) L\(corner(start)) L\(corner(end)) Z\" fill=\"\(rgb)\""
            out += color.alpha < 255 ? " fill-opacity=\"\(Self.number(color.opacity))\"/>" : "/>"
        }
        out += "</g>"
    }

    /// The gradient's colour at `t` (0…1): its stops blended unpremultiplied.
    static func color(of gradient: VectorDrawable.Gradient, at t: Double) -> AndroidColor {
        let stops = gradient.stops
        guard let first = stops.first, let last = stops.last else { return AndroidColor(red: 0, green: 0, blue: 0, alpha: 0) }
        if t <= first.offset { return first.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.offset {
            let span = b.offset - a.offset
            let f = span > 0 ? (t - a.offset) / span : 1
            func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded()) }
            return AndroidColor(
                red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green), blue: mix(a.color.blue, b.color.blue),
                alpha: mix(a.color.alpha, b.color.alpha))
        }
        return last.color
    }

    mutating func write(_ path: VectorDrawable.Path, into out: inout String) {
        guard !path.pathData.isEmpty, path.fill != nil || path.stroke != nil else { return }
        var data = path.pathData
        if path.trimStart != 0 || path.trimEnd != 1, let outline = try? PathOutline(parsing: data) {
            data = outline.trimmed(start: path.trimStart, end: path.trimEnd, offset: path.trimOffset).pathData(decimals: 6)
            if data.isEmpty { return }
        }
        var fillPaint = path.fill
        if case .gradient(let gradient) = path.fill, gradient.kind == .sweep, let bounds = (try? PathOutline(parsing: data))?.bounds {
            writeSweep(gradient, filling: data, evenOdd: path.evenOdd, alpha: path.fillAlpha, bounds: bounds, into: &out)
            fillPaint = nil
        }
        let fill = paint(fillPaint, alpha: path.fillAlpha)
        var element = "<path d=\"\(data)\" fill=\"\(fill.value)\""
        if fill.value != "none" && fill.opacity < 1 { element += " fill-opacity=\"\(Self.number(fill.opacity))\"" }
        if path.evenOdd { element += " fill-rule=\"evenodd\"" }
        if path.stroke != nil, path.strokeWidth > 0 {
            let stroke = paint(path.stroke, alpha: path.strokeAlpha)
            element += " stroke=\"\(stroke.value)\" stroke-width=\"\(Self.number(path.strokeWidth))\""
            if stroke.opacity < 1 { element += " stroke-opacity=\"\(Self.number(stroke.opacity))\"" }
            if path.lineCap != "butt" { element += " stroke-linecap=\"\(path.lineCap)\"" }
            if path.lineJoin != "miter" { element += " stroke-linejoin=\"\(path.lineJoin)\"" }
            if path.miterLimit != 4 { element += " stroke-miterlimit=\"\(Self.number(max(1, path.miterLimit)))\"" }
            if !path.dashes.isEmpty { element += " stroke-dasharray=\"\(path.dashes.map(Self.number).joined(separator: " "))\"" }
        }
        out += element + "/>"
    }
}
