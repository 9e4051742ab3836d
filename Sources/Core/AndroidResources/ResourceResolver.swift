/// The one set of rules by which an Android drawable's attribute values resolve against a
/// tree's resources (``VectorDrawable/Resources``), for vectors, shapes, layer lists and icons
/// alike:
///
/// - `@color/NAME` chains, each colour state list on the way multiplying the alpha by its own;
/// - `@android:color/NAME`: a colour given by that name (`android:NAME`) wins over the
///   framework's own;
/// - `?attr/NAME`, `?android:attr/NAME`, `?NAME`: a colour given for the attribute, else the
///   theme's item as written, followed the same way;
/// - `@dimen/NAME` and `@string/NAME` chains, and theme attributes that lead to them;
/// - at most ``maxReferences`` references followed in all, whatever their kinds.
public struct ResourceResolver: Sendable {
    /// The tree's colours, dimensions, strings and theme the values refer to.
    public let resources: VectorDrawable.Resources

    /// Creates a resolver through `resources`.
    public init(resources: VectorDrawable.Resources) { self.resources = resources }

    /// The most references followed before a value.
    public static let maxReferences = 32

    /// What a colour value resolved to.
    public enum Color: Sendable, Hashable {
        /// A colour, every state list's alpha on the way multiplied in; `isFramework` when it is
        /// an `@android:color` one.
        case color(AndroidColor, isFramework: Bool)
        /// A theme attribute the resources give no colour for (a template's colour, or one only a
        /// library's or Android's theme gives).
        case themeAttribute(String)
    }

    /// A length: density-independent pixels, or device pixels (`px`).
    public enum Length: Sendable, Hashable {
        /// Density-independent pixels (`dp`, `dip`, `sp`, and `in`, `mm`, `pt` at 160 dpi).
        case dp(Double)
        /// Device pixels.
        case px(Double)
    }

    /// Why a value did not resolve.
    public enum Failure: Error, Sendable, Hashable {
        /// `@color/NAME` names a colour the tree does not hold.
        case missingColor(String)
        /// `@android:color/NAME` is not one of the framework's plain colours.
        case notFrameworkColor(String)
        /// `@dimen/NAME` names a dimension the tree does not hold.
        case missingDimension(String)
        /// `@string/NAME` names a string the tree does not hold.
        case missingString(String)
        /// `?attr/NAME` is a theme attribute the theme does not give (for a length or a string).
        case missingThemeAttribute(String)
        /// The value, after its references, is not of the kind asked for (the text reached).
        case notOfKind(String)
        /// More than ``ResourceResolver/maxReferences`` references (a loop, most likely).
        case tooManyReferences

        /// The reason, worded for a message that names the attribute before it.
        public var reason: String {
            switch self {
            case .missingColor(let name): "@color/\(name) is not a colour in this tree's values/*.xml or res/color"
            case .notFrameworkColor(let name): "@android:color/\(name) is not one of the framework's plain colours (a state list or a device palette)"
            case .missingDimension(let name): "@dimen/\(name) is not a dimension in this tree's values/*.xml"
            case .missingString(let name): "@string/\(name) is not a string in this tree's values/*.xml"
            case .missingThemeAttribute(let name): "?attr/\(name) is a theme attribute the theme does not give"
            case .notOfKind(let text): "\(XMLText.quoted(text)) is not of the kind wanted"
            case .tooManyReferences: "it refers on through more than \(ResourceResolver.maxReferences) resources (one that refers back to itself?)"
            }
        }
    }

    /// The attribute a theme reference names: `?attr/x`, `?android:attr/x`, `?x` → `x`.
    public static func attributeName(_ reference: String) -> String {
        let last = reference.split(separator: "/").last.map(String.init) ?? ""
        return last.replacing("android:", with: "").replacing("?", with: "")
    }

    /// `text` as a colour. With `resolvingThemes` false, a theme attribute is returned as
    /// one at once (a template's colour), whatever the theme gives.
    public func color(_ text: String, resolvingThemes: Bool = true) throws(Failure) -> Color {
        var value = String(text.trimmingWhitespace)
        var alpha = 1.0
        var attribute: String?
        for _ in 0..<Self.maxReferences {
            if let color = AndroidColor(parsing: value) { return .color(Self.scaling(color, by: alpha), isFramework: false) }
            if value.hasPrefix("@color/") {
                let name = String(value.dropFirst(7))
                guard let next = resources.colors[name] else { throw .missingColor(name) }
                alpha *= resources.colorAlphas[name] ?? 1
                value = String(next.trimmingWhitespace)
            } else if value.hasPrefix("@android:color/") {
                let name = String(value.dropFirst(15))
                guard let color = resources.colors["android:" + name].flatMap(AndroidColor.init(parsing:)) ?? AndroidColor.framework[name] else {
                    throw .notFrameworkColor(name)
                }
                return .color(Self.scaling(color, by: alpha), isFramework: true)
            } else if value.hasPrefix("?") {
                let name = Self.attributeName(value)
                guard resolvingThemes else { return .themeAttribute(name) }
                if let color = resources.themeColors[name] { return .color(Self.scaling(color, by: alpha), isFramework: false) }
                guard let next = resources.themeValues[name] else { return .themeAttribute(name) }
                attribute = name
                value = String(next.trimmingWhitespace)
            } else if let attribute {
                // The theme gives the attribute, but not as a colour.
                return .themeAttribute(attribute)
            } else {
                throw .notOfKind(value)
            }
        }
        throw .tooManyReferences
    }

    /// `text` as a length (`8dp`, `1px`, `@dimen/…`, `?attr/…` through the theme): any finite
    /// number (the caller checks its range).
    public func length(_ text: String) throws(Failure) -> Length {
        let value = try followed(text, type: "@dimen/", in: resources.dimensions, missing: Failure.missingDimension)
        let units: [(String, Double, Bool)] = [
            ("dip", 1, false), ("dp", 1, false), ("sp", 1, false), ("px", 1, true), ("in", 160, false), ("mm", 160 / 25.4, false), ("pt", 160.0 / 72, false),
        ]
        guard let (unit, factor, isPixels) = units.first(where: { value.hasSuffix($0.0) }), let number = Double(decimal: value.dropLast(unit.count)),
            number.isFinite, (number * factor).isFinite
        else { throw .notOfKind(value) }
        return isPixels ? .px(number) : .dp(number * factor)
    }

    /// `text` as a string (`@string/…` chains, `?attr/…` through the theme), or as written.
    public func string(_ text: String) throws(Failure) -> String {
        guard text.hasPrefix("@") || text.hasPrefix("?") else { return text }
        return try followed(text, type: "@string/", in: resources.strings, missing: Failure.missingString, trimming: false)
    }

    /// `text` with references of `type` (`@dimen/`) and theme attributes followed to a value
    /// that is neither.
    private func followed(
        _ text: String, type: String, in table: [String: String], missing: (String) -> Failure, trimming: Bool = true
    ) throws(Failure) -> String {
        var value = trimming ? String(text.trimmingWhitespace) : text
        for _ in 0..<Self.maxReferences {
            let trimmed = String(value.trimmingWhitespace)
            if trimmed.hasPrefix("?") {
                let name = Self.attributeName(trimmed)
                guard let next = resources.themeValues[name] else { throw .missingThemeAttribute(name) }
                value = trimming ? String(next.trimmingWhitespace) : next
            } else if trimmed.hasPrefix(type) {
                let name = String(trimmed.dropFirst(type.count))
                guard let next = table[name] else { throw missing(name) }
                value = trimming ? String(next.trimmingWhitespace) : next
            } else {
                return value
            }
        }
        throw .tooManyReferences
    }

    /// `color` with its alpha multiplied by `factor` (0…1).
    static func scaling(_ color: AndroidColor, by factor: Double) -> AndroidColor {
        guard factor < 1 else { return color }
        var scaled = color
        scaled.alpha = UInt8((Double(color.alpha) * max(0, factor)).rounded())
        return scaled
    }
}
