extension VectorDrawable {
    /// The drawable as vector drawable XML (`drawable/NAME.xml`), the inverse of reading it:
    /// attributes left at their defaults are left out, gradients are written inline
    /// (`<aapt:attr name="android:fillColor"><gradient …>`), numbers keep `decimals` places.
    ///
    /// A template is written as Material's icons are: white paints, tinted by its theme
    /// attribute (`?android:attr/colorControlNormal` when that is the attribute), so it compiles
    /// with `aapt` against the framework alone.
    public func xml(decimals: Int = 4) -> String {
        var writer = XMLWriter(decimals: decimals)
        var attributes = [
            ("width", writer.number(width) + "dp"), ("height", writer.number(height) + "dp"),
            ("viewportWidth", writer.number(viewportWidth)), ("viewportHeight", writer.number(viewportHeight)),
        ]
        if alpha != 1 { attributes.append(("alpha", writer.number(alpha))) }
        if let tint {
            attributes.append(("tint", writer.color(tint, template: templateAttribute)))
        } else if let templateAttribute {
            attributes.append(("tint", Self.themeReference(templateAttribute)))
        }
        if tintMode != .srcIn { attributes.append(("tintMode", tintMode.rawValue)) }
        if isAutoMirrored { attributes.append(("autoMirrored", "true")) }
        var body = ""
        writer.write(nodes, depth: 1, into: &body)
        let namespaces =
            "xmlns:android=\"\(ResourceXMLElement.androidNamespace)\"" + (writer.usesAapt ? "\n    xmlns:aapt=\"\(ResourceXMLElement.aaptNamespace)\"" : "")
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<vector \(namespaces)" + XMLWriter.attributes(attributes, indent: 0) + ">\n" + body + "</vector>\n"
    }

    /// `?android:attr/NAME` for the framework's colour attributes a template names, `?attr/NAME`
    /// for an app's.
    static func themeReference(_ attribute: String) -> String {
        ["colorControlNormal", "colorAccent", "colorPrimary", "textColorPrimary", "textColorSecondary", "colorForeground"].contains(attribute)
            ? "?android:attr/\(attribute)" : "?attr/\(attribute)"
    }
}

/// Writes a drawable's nodes as vector drawable elements.
private struct XMLWriter {
    let decimals: Int
    var usesAapt = false

    init(decimals: Int) { self.decimals = decimals }

    func number(_ value: Double) -> String { DecimalText.text(value, decimals: decimals) }

    static func attributes(_ attributes: [(String, String)], indent: Int) -> String {
        let pad = String(repeating: "    ", count: indent + 1)
        return attributes.map { "\n\(pad)android:\($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
    }

    /// A paint's colour attribute value (a gradient is written as a child element instead).
    func color(_ paint: VectorDrawable.Paint, template: String?) -> String {
        switch paint {
        case .color(let color): Self.hex(color)
        case .template: template.map(VectorDrawable.themeReference) ?? "#FF000000"
        case .gradient: "#FF000000"
        }
    }

    /// `#RRGGBB` when opaque, else `#AARRGGBB`.
    static func hex(_ color: AndroidColor) -> String { color.alpha == 255 ? color.rgbHex.uppercased() : color.description.uppercased() }

    mutating func write(_ nodes: [VectorDrawable.Node], depth: Int, into out: inout String) {
        let pad = String(repeating: "    ", count: depth)
        for node in nodes {
            switch node {
            case .group(let group):
                var attributes: [(String, String)] = []
                if group.rotation != 0 { attributes.append(("rotation", number(group.rotation))) }
                if group.pivotX != 0 { attributes.append(("pivotX", number(group.pivotX))) }
                if group.pivotY != 0 { attributes.append(("pivotY", number(group.pivotY))) }
                if group.scaleX != 1 { attributes.append(("scaleX", number(group.scaleX))) }
                if group.scaleY != 1 { attributes.append(("scaleY", number(group.scaleY))) }
                if group.translateX != 0 { attributes.append(("translateX", number(group.translateX))) }
                if group.translateY != 0 { attributes.append(("translateY", number(group.translateY))) }
                out += pad + "<group" + Self.attributes(attributes, indent: depth) + ">\n"
                write(group.nodes, depth: depth + 1, into: &out)
                out += pad + "</group>\n"
            case .clip(let data, _):
                out += pad + "<clip-path" + Self.attributes([("pathData", data)], indent: depth) + "/>\n"
            case .path(let path):
                write(path, depth: depth, into: &out)
            }
        }
    }

    mutating func write(_ path: VectorDrawable.Path, depth: Int, into out: inout String) {
        let pad = String(repeating: "    ", count: depth)
        // A template's paints are white: the tint gives the colour, their alpha the shape.
        func value(_ paint: VectorDrawable.Paint) -> String {
            if case .template = paint { return "#FFFFFF" }
            return color(paint, template: nil)
        }
        var attributes = [("pathData", path.pathData)]
        var gradients: [(String, VectorDrawable.Gradient)] = []
        if let fill = path.fill {
            if case .gradient(let gradient) = fill { gradients.append(("fillColor", gradient)) } else { attributes.append(("fillColor", value(fill))) }
            if path.fillAlpha != 1 { attributes.append(("fillAlpha", number(path.fillAlpha))) }
            if path.evenOdd { attributes.append(("fillType", "evenOdd")) }
        }
        if let stroke = path.stroke, path.strokeWidth > 0 {
            if case .gradient(let gradient) = stroke { gradients.append(("strokeColor", gradient)) } else { attributes.append(("strokeColor", value(stroke))) }
            attributes.append(("strokeWidth", number(path.strokeWidth)))
            if path.strokeAlpha != 1 { attributes.append(("strokeAlpha", number(path.strokeAlpha))) }
            if path.lineCap != "butt" { attributes.append(("strokeLineCap", path.lineCap)) }
            if path.lineJoin != "miter" { attributes.append(("strokeLineJoin", path.lineJoin)) }
            if path.miterLimit != 4 { attributes.append(("strokeMiterLimit", number(path.miterLimit))) }
        }
        if path.trimStart != 0 { attributes.append(("trimPathStart", number(path.trimStart))) }
        if path.trimEnd != 1 { attributes.append(("trimPathEnd", number(path.trimEnd))) }
        if path.trimOffset != 0 { attributes.append(("trimPathOffset", number(path.trimOffset))) }
        out += pad + "<path" + Self.attributes(attributes, indent: depth)
        guard !gradients.isEmpty else {
            out += "/>\n"
            return
        }
        usesAapt = true
        out += ">\n"
        for (name, gradient) in gradients {
            out += pad + "    <aapt:attr name=\"android:\(name)\">\n"
            var attributes = [("type", gradient.kind.rawValue)]
            switch gradient.kind {
            case .linear:
                attributes += [
                    ("startX", number(gradient.startX)), ("startY", number(gradient.startY)), ("endX", number(gradient.endX)), ("endY", number(gradient.endY)),
                ]
            case .radial:
                attributes += [("centerX", number(gradient.centerX)), ("centerY", number(gradient.centerY)), ("gradientRadius", number(gradient.radius))]
            case .sweep:
                attributes += [("centerX", number(gradient.centerX)), ("centerY", number(gradient.centerY))]
            }
            if gradient.tileMode != .clamp { attributes.append(("tileMode", gradient.tileMode.rawValue)) }
            out += pad + "        <gradient" + Self.attributes(attributes, indent: depth + 2) + ">\n"
            for stop in gradient.stops {
                out += pad + "            <item android:offset=\"\(number(stop.offset))\" android:color=\"\(Self.hex(stop.color))\"/>\n"
            }
            out += pad + "        </gradient>\n" + pad + "    </aapt:attr>\n"
        }
        out += pad + "</path>\n"
    }
}
