import NinepipeCore

/// A rectangle or oval shape drawable as CSS declarations, no image: its fill as
/// `background-color` or a gradient, its stroke as a border (`box-sizing: border-box`, so the
/// border lies inside the box as Android's stroke does), its corners as `border-radius` (the
/// outer edge's: the stroke's middle radius plus half its width), its padding inside that border,
/// and its size when it has one (else a minimum size that keeps corners and stroke whole). One
/// CSS pixel is a dp; a `px` length counts as a CSS pixel.
///
/// Where CSS and Android differ: a diagonal linear gradient runs corner to corner in both, but
/// CSS keeps its lines of equal colour parallel to the other diagonal; a radial gradient sized
/// as a fraction of the bounds is exact only when centred; dashes are the browser's.
struct ShapeCSS {
    let shape: ShapeDrawable

    /// Whether CSS can draw it (rings and lines are drawn as images instead).
    var isExpressible: Bool { shape.kind == .rectangle || shape.kind == .oval }

    /// The declarations, one per line.
    var declarations: [String] {
        var lines = ["box-sizing: border-box;"]
        let strokeWidth = shape.stroke.map { $0.color.alpha > 0 ? $0.width.pixels(at: 1) : 0 } ?? 0
        if let gradient = shape.gradient {
            lines.append("background-image: \(Self.gradient(gradient, shape: shape));")
        } else if let solid = shape.solid, solid.alpha > 0 {
            lines.append("background-color: \(Self.color(solid));")
        }
        if let stroke = shape.stroke, strokeWidth > 0 {
            lines.append("border: \(Self.pixels(strokeWidth)) \(stroke.dashWidth.pixels(at: 1) > 0 ? "dashed" : "solid") \(Self.color(stroke.color));")
        }
        if shape.kind == .oval {
            lines.append("border-radius: 50%;")
        } else if !shape.corners.isZero {
            let corners = shape.corners
            let radii = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft].map { length in
                let radius = length.pixels(at: 1)
                return radius > 0 ? Self.pixels(radius + strokeWidth / 2) : "0"
            }
            lines.append("border-radius: \(Set(radii).count == 1 ? radii[0] : radii.joined(separator: " "));")
        }
        let padding = shape.padding
        let insets = [padding.top, padding.right, padding.bottom, padding.left].map { Self.pixels(max(0, $0.pixels(at: 1) - strokeWidth)) }
        if insets.contains(where: { $0 != "0" }) { lines.append("padding: \(insets.joined(separator: " "));") }
        if let size = shape.size(at: 1) {
            lines += ["width: \(size.width)px;", "height: \(size.height)px;"]
        } else if let layout = shape.ninePatchLayout(at: 1) {
            lines += ["min-width: \(layout.width)px;", "min-height: \(layout.height)px;"]
        }
        return lines
    }

    static func pixels(_ value: Double) -> String { value == 0 ? "0" : DecimalText.text(value, decimals: 2) + "px" }

    /// `#rrggbb`, or `rgba(…)` when not opaque.
    static func color(_ color: AndroidColor) -> String {
        color.alpha == 255 ? color.rgbHex : "rgba(\(color.red), \(color.green), \(color.blue), \(DecimalText.text(color.opacity, decimals: 3)))"
    }

    static func gradient(_ gradient: ShapeDrawable.Gradient, shape: ShapeDrawable) -> String {
        let colors = gradient.colors.map(color)
        switch gradient.kind {
        case .linear:
            let directions = [
                0: "to right", 45: "to top right", 90: "to top", 135: "to top left", 180: "to left", 225: "to bottom left", 270: "to bottom",
                315: "to bottom right",
            ]
            var stops = colors
            if colors.count == 3 {
                let center = gradient.centerX != 0.5 ? gradient.centerX : gradient.centerY
                stops[1] += " \(DecimalText.text(center * 100, decimals: 2))%"
            }
            return "linear-gradient(\(directions[gradient.angle] ?? "to right"), \(stops.joined(separator: ", ")))"
        case .radial:
            let at = "at \(DecimalText.text(gradient.centerX * 100, decimals: 2))% \(DecimalText.text(gradient.centerY * 100, decimals: 2))%"
            let even = colors.enumerated().map { index, color in
                (index, color, colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0)
            }
            switch gradient.radius {
            case .fractionOfBounds(let fraction):
                // closest-side is half the shorter side when centred: the radius is 2·fraction of it.
                let stops = even.map { "\($0.1) \(DecimalText.text($0.2 * fraction * 200, decimals: 2))%" }
                return "radial-gradient(circle closest-side \(at), \(stops.joined(separator: ", ")))"
            default:
                let radius: Double
                switch gradient.radius {
                case .pixels(let value): radius = value
                case .length(let length): radius = length.pixels(at: 1)
                case .fraction(let fraction):
                    let size = shape.size(at: 1) ?? shape.ninePatchLayout(at: 1).map { ($0.width, $0.height) } ?? (1, 1)
                    radius = fraction * Double(min(size.0, size.1))
                case .fractionOfBounds: radius = 0
                }
                return "radial-gradient(circle \(pixels(max(0.01, radius))) \(at), \(colors.joined(separator: ", ")))"
            }
        case .sweep:
            // CSS turns from 12 o'clock, Android from 3 o'clock; both clockwise.
            return
                "conic-gradient(from 90deg at \(DecimalText.text(gradient.centerX * 100, decimals: 2))% \(DecimalText.text(gradient.centerY * 100, decimals: 2))%, \(colors.joined(separator: ", ")))"
        }
    }
}
