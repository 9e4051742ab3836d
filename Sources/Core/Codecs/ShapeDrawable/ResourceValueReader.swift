/// Reads an Android drawable's attribute values through a tree's resources: colours
/// (`#AARRGGBB`, `@color` chains, `@android:color`, `?attr` from the theme's colours), lengths
/// (`12dp`, `1px`, `@dimen` chains) and numbers, each range-checked, each refusal naming the line.
public struct ResourceValueReader: Sendable {
    /// The tree's colours, dimensions and theme colours the values refer to.
    public let resources: VectorDrawable.Resources

    /// Creates a reader of values through `resources`.
    public init(resources: VectorDrawable.Resources) { self.resources = resources }

    /// The most references followed before a value.
    public static let maxReferences = 32

    /// `text` as a colour, following `@color` chains (their state lists' alpha multiplied in).
    public func color(_ text: String, line: Int) throws(ShapeDrawableError) -> AndroidColor {
        var value = String(text.trimmingWhitespace)
        // A colour state list on the way multiplies the colour's alpha.
        var alpha = 1.0
        for _ in 0..<Self.maxReferences {
            if let color = AndroidColor(parsing: value) { return VectorDrawable.Resources.scaling(color, by: alpha) }
            if value.hasPrefix("@color/") {
                alpha *= resources.colorAlphas[String(value.dropFirst(7))] ?? 1
                guard let next = resources.colors[String(value.dropFirst(7))] else {
                    throw ShapeDrawableError(
                        line: line, reason: "\(value) is not a colour in this tree's values/*.xml or res/color", missingColor: String(value.dropFirst(7)))
                }
                value = String(next.trimmingWhitespace)
            } else if value.hasPrefix("@android:color/") {
                // A framework colour given by name (`android:tertiary_text_light`) wins.
                let name = String(value.dropFirst(15))
                guard let color = resources.colors["android:" + name].flatMap(AndroidColor.init(parsing:)) ?? AndroidColor.framework[name] else {
                    throw ShapeDrawableError(line: line, reason: "\(value) is not one of the framework's plain colours")
                }
                return VectorDrawable.Resources.scaling(color, by: alpha)
            } else if value.hasPrefix("?") {
                let attribute = String(value.split(separator: "/").last ?? "").replacing("android:", with: "").replacing("?", with: "")
                guard let color = resources.themeColors[attribute] else {
                    throw ShapeDrawableError(
                        line: line, reason: "\(value) is a theme attribute the theme does not give as a colour", themeAttribute: attribute)
                }
                return VectorDrawable.Resources.scaling(color, by: alpha)
            } else {
                throw ShapeDrawableError(
                    line: line, reason: "\(XMLText.quoted(text)) is not a colour (#RGB, #ARGB, #RRGGBB, #AARRGGBB, @color/…, @android:color/… or ?attr/…)")
            }
        }
        throw ShapeDrawableError(line: line, reason: "\(XMLText.quoted(text)) refers on through more than \(Self.maxReferences) colours")
    }

    /// Attribute `name` as a length (`dp`, `dip`, `sp`, `px`, `in`, `mm`, `pt`, `@dimen/…`, or
    /// `?attr/…` through the theme's dimensions), within ±100000 dp; `nil` when absent.
    public func length(_ element: ResourceXMLElement, _ name: String) throws(ShapeDrawableError) -> ShapeDrawable.Length? {
        guard let text = element.attribute(name) else { return nil }
        var value = String(text.trimmingWhitespace)
        for _ in 0..<Self.maxReferences {
            if value.hasPrefix("?") {
                let attribute = String(value.split(separator: "/").last ?? "").replacing("android:", with: "").replacing("?", with: "")
                guard let next = resources.themeDimensions[attribute] else {
                    throw ShapeDrawableError(
                        line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)): \(value) is a theme attribute the theme does not give",
                        themeAttribute: attribute)
                }
                value = String(next.trimmingWhitespace)
                continue
            }
            guard value.hasPrefix("@dimen/") else { break }
            guard let next = resources.dimensions[String(value.dropFirst(7))] else {
                throw ShapeDrawableError(
                    line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)): \(value) is not a dimension in this tree's values/*.xml")
            }
            value = String(next.trimmingWhitespace)
        }
        let units: [(String, Double, Bool)] = [
            ("dip", 1, false), ("dp", 1, false), ("sp", 1, false), ("px", 1, true), ("in", 160, false), ("mm", 160 / 25.4, false), ("pt", 160.0 / 72, false),
        ]
        guard let (unit, factor, isPixels) = units.first(where: { value.hasSuffix($0.0) }), let number = Double(decimal: value.dropLast(unit.count)),
            number.isFinite,
            abs(number * factor) <= 100_000
        else {
            throw ShapeDrawableError(
                line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is not a dimension such as 8dp within ±100000dp")
        }
        return isPixels ? ShapeDrawable.Length(px: number) : ShapeDrawable.Length(dp: number * factor)
    }

    /// Attribute `name` as a number within `range`; `nil` when absent.
    public func number(_ element: ResourceXMLElement, _ name: String, range: ClosedRange<Double>) throws(ShapeDrawableError) -> Double? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = Double(decimal: text.trimmingWhitespace), value.isFinite, range.contains(value) else {
            throw ShapeDrawableError(
                line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is not a number within \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }
}
