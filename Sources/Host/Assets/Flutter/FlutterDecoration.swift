import NinepipeCore

/// A rectangle or oval shape drawable as a Flutter `Decoration` constant: a rectangle as a
/// `BoxDecoration` (fill or gradient, a border inside the box as Android's stroke is, corners as
/// the outer edge's radii: the stroke's middle radius plus half its width), an oval as a
/// `ShapeDecoration` with an `OvalBorder`. One logical pixel is a dp; a `px` length counts as
/// one. Rings, lines and dashed strokes, which neither draws, are `nil` (drawn as images).
struct FlutterDecoration {
    let shape: ShapeDrawable

    /// The decoration as a Dart constant expression written from column `indent`, or `nil`.
    func expression(indent: Int) -> String? {
        guard shape.kind == .rectangle || shape.kind == .oval else { return nil }
        let strokeWidth = shape.stroke.map { $0.color.alpha > 0 ? $0.width.pixels(at: 1) : 0 } ?? 0
        if let stroke = shape.stroke, strokeWidth > 0, stroke.dashWidth.pixels(at: 1) > 0 { return nil }
        var arguments: [String] = []
        if let gradient = shape.gradient {
            guard let text = Self.gradient(gradient, shape: shape, indent: indent + 2) else { return nil }
            arguments.append("gradient: " + text)
        } else if let solid = shape.solid, solid.alpha > 0 {
            arguments.append("color: " + Self.color(solid))
        }
        let side = shape.stroke.flatMap { stroke in
            strokeWidth > 0 ? "BorderSide(color: \(Self.color(stroke.color)), width: \(DartName.number(strokeWidth)))" : nil
        }
        if shape.kind == .oval {
            arguments.append("shape: " + FlutterDart.call("OvalBorder", side.map { ["side: " + $0] } ?? [], indent: indent + 2, column: indent + 9))
            return FlutterDart.call("ShapeDecoration", arguments, indent: indent, column: indent + 30)
        }
        if let side { arguments.append("border: " + FlutterDart.call("Border.fromBorderSide", [side], indent: indent + 2, column: indent + 10)) }
        if !shape.corners.isZero {
            let corners = shape.corners
            let radii = [
                ("topLeft", corners.topLeft), ("topRight", corners.topRight), ("bottomRight", corners.bottomRight), ("bottomLeft", corners.bottomLeft),
            ]
            .map { name, length in
                let radius = length.pixels(at: 1)
                return (name, radius > 0 ? radius + strokeWidth / 2 : 0)
            }
            if Set(radii.map(\.1)).count == 1 {
                arguments.append("borderRadius: BorderRadius.all(Radius.circular(\(DartName.number(radii[0].1))))")
            } else {
                let parts = radii.filter { $0.1 > 0 }.map { "\($0.0): Radius.circular(\(DartName.number($0.1)))" }
                arguments.append("borderRadius: " + FlutterDart.call("BorderRadius.only", parts, indent: indent + 2, column: indent + 16))
            }
        }
        return FlutterDart.call("BoxDecoration", arguments, indent: indent, column: indent + 30)
    }

    /// The content padding in logical pixels (left, top, right, bottom), less the stroke, which
    /// a `Container` adds itself (a decoration's own padding) where Android counts it in.
    var padding: [Double] {
        let strokeWidth = shape.stroke.map { $0.color.alpha > 0 ? $0.width.pixels(at: 1) : 0 } ?? 0
        let padding = shape.padding
        return [padding.left, padding.top, padding.right, padding.bottom].map { max(0, $0.pixels(at: 1) - strokeWidth) }
    }

    /// `Color(0xAARRGGBB)`.
    static func color(_ color: AndroidColor) -> String {
        let value = UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        var hex = String(value, radix: 16, uppercase: true)
        while hex.count < 8 { hex = "0" + hex }
        return "Color(0x" + hex + ")"
    }

    /// A Flutter gradient for `gradient`, or `nil` for a radius it cannot say (a length on a
    /// shape with no size: Flutter's radius is a fraction of the shorter side).
    static func gradient(_ gradient: ShapeDrawable.Gradient, shape: ShapeDrawable, indent: Int) -> String? {
        let colors = "colors: [" + gradient.colors.map(color).joined(separator: ", ") + "]"
        let center = "Alignment(\(DartName.number(gradient.centerX * 2 - 1)), \(DartName.number(gradient.centerY * 2 - 1)))"
        switch gradient.kind {
        case .linear:
            // Android's angle turns counterclockwise from left-to-right, in steps of 45°.
            let ends = [
                0: ("centerLeft", "centerRight"), 45: ("bottomLeft", "topRight"), 90: ("bottomCenter", "topCenter"), 135: ("bottomRight", "topLeft"),
                180: ("centerRight", "centerLeft"), 225: ("topRight", "bottomLeft"), 270: ("topCenter", "bottomCenter"), 315: ("topLeft", "bottomRight"),
            ]
            let (begin, end) = ends[gradient.angle] ?? ("centerLeft", "centerRight")
            var arguments = ["begin: Alignment.\(begin)", "end: Alignment.\(end)", colors]
            if gradient.colors.count == 3 {
                let middle = gradient.centerX != 0.5 ? gradient.centerX : gradient.centerY
                arguments.append("stops: [0.0, \(DartName.number(middle)), 1.0]")
            }
            return FlutterDart.call("LinearGradient", arguments, indent: indent, column: indent + 10)
        case .radial:
            let fraction: Double
            switch gradient.radius {
            case .fraction(let value), .fractionOfBounds(let value): fraction = value
            case .pixels, .length:
                guard let size = shape.size(at: 1), min(size.width, size.height) > 0 else { return nil }
                let pixels: Double
                switch gradient.radius {
                case .pixels(let value): pixels = value
                case .length(let length): pixels = length.pixels(at: 1)
                default: pixels = 0
                }
                fraction = pixels / Double(min(size.width, size.height))
            }
            return FlutterDart.call(
                "RadialGradient", ["center: " + center, "radius: " + DartName.number(fraction), colors], indent: indent, column: indent + 10)
        case .sweep:
            // Both turn clockwise from 3 o'clock.
            return FlutterDart.call("SweepGradient", ["center: " + center, colors], indent: indent, column: indent + 10)
        }
    }
}
