/// Reads a shape or layer's attribute values through a tree's resources (``ResourceResolver``'s
/// rules): colours, lengths and numbers, each range-checked, each refusal naming the line.
public struct ResourceValueReader: Sendable {
    /// The tree's colours, dimensions and theme colours the values refer to.
    public let resources: VectorDrawable.Resources

    /// Creates a reader of values through `resources`.
    public init(resources: VectorDrawable.Resources) { self.resources = resources }

    /// `text` as a colour through ``ResourceResolver``'s rules.
    public func color(_ text: String, line: Int) throws(ShapeDrawableError) -> AndroidColor {
        let resolved: ResourceResolver.Color
        do { resolved = try ResourceResolver(resources: resources).color(text) } catch {
            switch error {
            case .missingColor(let name): throw ShapeDrawableError(line: line, reason: error.reason, missingColor: name)
            case .notOfKind:
                throw ShapeDrawableError(
                    line: line, reason: "\(XMLText.quoted(text)) is not a colour (#RGB, #ARGB, #RRGGBB, #AARRGGBB, @color/…, @android:color/… or ?attr/…)")
            default: throw ShapeDrawableError(line: line, reason: "\(XMLText.quoted(text)): \(error.reason)")
            }
        }
        switch resolved {
        case .color(let color, _): return color
        case .themeAttribute(let attribute):
            throw ShapeDrawableError(
                line: line, reason: "?attr/\(attribute) is a theme attribute the theme does not give as a colour", themeAttribute: attribute)
        }
    }

    /// Attribute `name` as a length (`dp`, `dip`, `sp`, `px`, `in`, `mm`, `pt`, `@dimen/…`, or
    /// `?attr/…` through the theme), within ±100000 dp; `nil` when absent.
    public func length(_ element: ResourceXMLElement, _ name: String) throws(ShapeDrawableError) -> ShapeDrawable.Length? {
        guard let text = element.attribute(name) else { return nil }
        let length: ResourceResolver.Length
        do { length = try ResourceResolver(resources: resources).length(text) } catch {
            switch error {
            case .notOfKind:
                throw ShapeDrawableError(
                    line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is not a dimension such as 8dp within ±100000dp")
            case .missingThemeAttribute(let attribute):
                throw ShapeDrawableError(
                    line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)): \(error.reason)", themeAttribute: attribute)
            default:
                throw ShapeDrawableError(line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)): \(error.reason)")
            }
        }
        switch length {
        case .dp(let value) where abs(value) <= 100_000: return ShapeDrawable.Length(dp: value)
        case .px(let value) where abs(value) <= 100_000: return ShapeDrawable.Length(px: value)
        default:
            throw ShapeDrawableError(
                line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is not a dimension such as 8dp within ±100000dp")
        }
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
