extension VectorDrawable {
    /// What a drawable's references resolve to (through ``ResourceResolver``, the one set of
    /// rules): the tree's values as written (so chains are followed), the theme's items, and
    /// colours given for theme attributes by name.
    public struct Resources: Sendable, Hashable {
        /// `@color/NAME` → its value as written (`#AARRGGBB`, `@color/OTHER`, `?attr/X`).
        public var colors: [String: String]
        /// A theme attribute's name (without `?attr/`) → a colour given for it: it wins over the
        /// theme's item (``themeValues``).
        public var themeColors: [String: AndroidColor]
        /// A theme attribute's name (without `?attr/` or `android:`) → the theme's item as written
        /// (`@color/brand`, `8dp`, `?attr/other`): the chosen theme's own and its ancestors' in
        /// the tree, the nearest winning.
        public var themeValues: [String: String] = [:]
        /// `@string/NAME` → its text (path data kept in `values/strings.xml`).
        public var strings: [String: String] = [:]
        /// `@dimen/NAME` → its value as written (`12dp`, `@dimen/OTHER`), for shapes.
        public var dimensions: [String: String] = [:]
        /// `@color/NAME` → the alpha it multiplies the colour it names by: a colour state list's
        /// (`res/color/NAME.xml`) `android:alpha`, whose value is in ``colors``.
        public var colorAlphas: [String: Double] = [:]

        /// Whether a theme is given: its items, or colours for theme attributes.
        public var givesTheme: Bool { !themeColors.isEmpty || !themeValues.isEmpty }
        /// Whether a colour that does not resolve is read as black instead of refused (for
        /// `info`, which draws nothing).
        public var allowsUnresolved = false

        /// Creates resources.
        public init(colors: [String: String] = [:], themeColors: [String: AndroidColor] = [:]) {
            self.colors = colors
            self.themeColors = themeColors
        }

        /// None: colours must be written out, framework ones or one theme attribute.
        public static let none = Resources()
    }

    /// The most path commands a drawable may have (Android has no limit; a million draw in
    /// seconds).
    public static let maxCommands = 1_000_000

    /// Reads the drawable from its root element; throws ``VectorDrawableError`` naming the line.
    ///
    /// A drawable coloured by one theme attribute is a template whatever the theme says; one
    /// mixing theme attributes with fixed colours takes them from the theme
    /// (``Resources/themeColors``, ``Resources/themeValues``).
    public init(_ root: ResourceXMLElement, resources: Resources = .none) throws(VectorDrawableError) {
        do {
            try self.init(root, resources: resources, resolvingThemes: false)
        } catch let error where error.needsTheme && resources.givesTheme {
            try self.init(root, resources: resources, resolvingThemes: true)
        }
    }

    private init(_ root: ResourceXMLElement, resources: Resources, resolvingThemes: Bool) throws(VectorDrawableError) {
        guard root.name == "vector" else {
            throw VectorDrawableError(line: root.line, reason: "the root element is <\(root.name)>, not <vector>: not a vector drawable")
        }
        var reader = Reader(resources: resources, resolvingThemes: resolvingThemes)
        width = try reader.dimension(root, "width")
        height = try reader.dimension(root, "height")
        guard let viewportWidth = try reader.number(root, "viewportWidth", range: 0.0001...1e6),
            let viewportHeight = try reader.number(root, "viewportHeight", range: 0.0001...1e6)
        else {
            throw VectorDrawableError(line: root.line, reason: "<vector> needs android:viewportWidth and android:viewportHeight")
        }
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        alpha = try reader.number(root, "alpha", range: 0...1) ?? 1
        if let mode = root.attribute("tintMode") {
            guard let parsed = TintMode(rawValue: mode) else {
                throw VectorDrawableError(
                    line: root.line(of: "tintMode"),
                    reason: "android:tintMode=\(XMLText.quoted(mode)) is not one of \(TintMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            tintMode = parsed
        }
        isAutoMirrored = root.attribute("autoMirrored") == "true"
        if let tintText = root.attribute("tint") { tint = try reader.paint(tintText, line: root.line(of: "tint"), isTint: true) }
        nodes = try reader.nodes(root.children, depth: 1)
        commandCount = reader.commands
        templateAttribute = resolvingThemes ? nil : reader.templateAttribute
        if !reader.unresolvedThemeAttributes.isEmpty && !resources.allowsUnresolved {
            throw VectorDrawableError(
                line: reader.mixedLine,
                reason:
                    "colours come from theme attributes (\(reader.unresolvedThemeAttributes.sorted().map { "?attr/\($0)" }.joined(separator: ", "))) the theme does not give as colours",
                needsTheme: true, themeAttributes: reader.unresolvedThemeAttributes.sorted())
        }
        if reader.themedNotTemplate && !resolvingThemes && !resources.allowsUnresolved {
            throw VectorDrawableError(
                line: reader.mixedLine,
                reason:
                    "colours come from theme attributes (\(reader.themeAttributes.sorted().map { "?attr/\($0)" }.joined(separator: ", "))) beside fixed colours, so the drawable is not a one-colour template; each attribute's colour must be given",
                needsTheme: true, themeAttributes: reader.themeAttributes.sorted())
        }
    }

    /// Reads attributes, resolving colours and counting what is drawn.
    private struct Reader {
        let resources: Resources
        /// Whether theme attributes are looked up in the resources' theme colours (the second
        /// reading of a drawable that is not a template).
        let resolvingThemes: Bool
        /// Theme attributes the theme colours do not give.
        var unresolvedThemeAttributes: Set<String> = []
        var commands = 0
        /// Theme attributes met, and where the first fixed colour was.
        var themeAttributes: Set<String> = []
        var fixedColors = 0
        var mixedLine = 0
        var tintIsThemed = false

        init(resources: Resources, resolvingThemes: Bool) {
            self.resources = resources
            self.resolvingThemes = resolvingThemes
        }

        /// The attribute colouring the drawable alone, when one does.
        var templateAttribute: String? {
            guard themeAttributes.count == 1, let only = themeAttributes.first else { return nil }
            return tintIsThemed || fixedColors == 0 ? only : nil
        }

        /// Whether theme attributes and fixed colours are mixed (an unresolvable drawable).
        var themedNotTemplate: Bool { !themeAttributes.isEmpty && templateAttribute == nil }

        func number(_ element: ResourceXMLElement, _ name: String, range: ClosedRange<Double>) throws(VectorDrawableError) -> Double? {
            guard let text = element.attribute(name) else { return nil }
            guard let value = Double(decimal: text.trimmingWhitespace), value.isFinite else {
                throw VectorDrawableError(line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is not a number")
            }
            guard range.contains(value) else {
                throw VectorDrawableError(line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is outside \(Self.describe(range))")
            }
            return value
        }

        /// A `width`/`height` in dp (`24dp`; `px`, `in`, `mm` and `pt` converted at 160 dpi;
        /// `@dimen/…` and `?attr/…` resolved).
        func dimension(_ element: ResourceXMLElement, _ name: String) throws(VectorDrawableError) -> Double {
            guard let text = element.attribute(name) else { throw VectorDrawableError(line: element.line, reason: "<vector> needs android:\(name)") }
            let dp: Double
            do {
                switch try ResourceResolver(resources: resources).length(text) {
                case .dp(let value), .px(let value): dp = value
                }
            } catch .notOfKind {
                throw VectorDrawableError(line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is not a dimension such as 24dp")
            } catch {
                throw VectorDrawableError(line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)): \(error.reason)")
            }
            guard dp > 0, dp <= 100_000 else {
                throw VectorDrawableError(line: element.line(of: name), reason: "android:\(name)=\(XMLText.quoted(text)) is outside 0…100000dp")
            }
            return dp
        }

        static func describe(_ range: ClosedRange<Double>) -> String {
            func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value) }
            return "\(text(range.lowerBound))…\(text(range.upperBound))"
        }

        /// A colour attribute's paint: a colour, a reference to one, or a theme attribute.
        ///
        /// A transparent colour is no paint, except for a gradient's stop (`keepsTransparent`),
        /// whose colour still shapes the colours next to it: Android blends stops unpremultiplied.
        mutating func paint(_ text: String, line: Int, isTint: Bool = false, keepsTransparent: Bool = false) throws(VectorDrawableError) -> Paint? {
            let resolved: ResourceResolver.Color
            do {
                resolved = try ResourceResolver(resources: resources).color(text, resolvingThemes: resolvingThemes)
            } catch {
                switch error {
                case .missingColor(let name):
                    if resources.allowsUnresolved { return .color(AndroidColor(red: 0, green: 0, blue: 0)) }
                    throw VectorDrawableError(line: line, reason: error.reason, missingColor: name)
                case .notFrameworkColor:
                    if resources.allowsUnresolved { return .color(AndroidColor(red: 0, green: 0, blue: 0)) }
                    throw VectorDrawableError(line: line, reason: error.reason)
                case .notOfKind:
                    throw VectorDrawableError(
                        line: line, reason: "\(XMLText.quoted(text)) is not a colour (#RGB, #ARGB, #RRGGBB, #AARRGGBB, @color/…, @android:color/… or ?attr/…)")
                default:
                    throw VectorDrawableError(line: line, reason: "\(XMLText.quoted(text)): \(error.reason)")
                }
            }
            switch resolved {
            case .themeAttribute(let attribute):
                if resolvingThemes {
                    unresolvedThemeAttributes.insert(attribute)
                    if mixedLine == 0 { mixedLine = line }
                } else {
                    themeAttributes.insert(attribute)
                    if isTint { tintIsThemed = true }
                }
                return .template
            case .color(let color, _):
                if color.alpha == 0 && !keepsTransparent { return nil }
                if !isTint {
                    fixedColors += 1
                    if mixedLine == 0 { mixedLine = line }
                }
                return .color(color)
            }
        }

        mutating func nodes(_ elements: [ResourceXMLElement], depth: Int) throws(VectorDrawableError) -> [Node] {
            var nodes: [Node] = []
            for element in elements where element.namespace.isEmpty || element.namespace == ResourceXMLElement.androidNamespace {
                switch element.name {
                case "group": nodes.append(.group(try group(element, depth: depth)))
                case "path": nodes.append(.path(try path(element)))
                case "clip-path":
                    let data = try pathData(element)
                    nodes.append(.clip(pathData: data, line: element.line))
                default:
                    throw VectorDrawableError(line: element.line, reason: "<\(element.name)> is not part of a vector drawable (group, path, clip-path)")
                }
            }
            return nodes
        }

        mutating func group(_ element: ResourceXMLElement, depth: Int) throws(VectorDrawableError) -> Group {
            var group = Group()
            let finite = -1e9...1e9
            group.rotation = try number(element, "rotation", range: finite) ?? 0
            group.pivotX = try number(element, "pivotX", range: finite) ?? 0
            group.pivotY = try number(element, "pivotY", range: finite) ?? 0
            group.scaleX = try number(element, "scaleX", range: finite) ?? 1
            group.scaleY = try number(element, "scaleY", range: finite) ?? 1
            group.translateX = try number(element, "translateX", range: finite) ?? 0
            group.translateY = try number(element, "translateY", range: finite) ?? 0
            group.nodes = try nodes(element.children, depth: depth + 1)
            return group
        }

        mutating func pathData(_ element: ResourceXMLElement) throws(VectorDrawableError) -> String {
            guard var text = element.attribute("pathData") else { return "" }
            if text.hasPrefix("@") || text.hasPrefix("?") {
                do { text = try ResourceResolver(resources: resources).string(text) } catch {
                    throw VectorDrawableError(
                        line: element.line(of: "pathData"),
                        reason: "android:pathData=\(XMLText.quoted(text)): \(error.reason); write the path data or the string")
                }
            }
            do {
                let parsed = try VectorPathData(parsing: text, maxCommands: VectorDrawable.maxCommands - commands)
                commands += parsed.commandCount
                return parsed.svg
            } catch let error where error.isOverLimit {
                throw VectorDrawableError(line: element.line, reason: "the drawable has more than \(VectorDrawable.maxCommands) path commands")
            } catch {
                throw VectorDrawableError(line: element.line(of: "pathData"), reason: "android:pathData: \(error.reason) (at character \(error.offset + 1))")
            }
        }

        mutating func path(_ element: ResourceXMLElement) throws(VectorDrawableError) -> Path {
            var path = Path()
            path.line = element.line
            path.pathData = try pathData(element)
            if let fill = element.attribute("fillColor") { path.fill = try paint(fill, line: element.line(of: "fillColor")) }
            if let stroke = element.attribute("strokeColor") { path.stroke = try paint(stroke, line: element.line(of: "strokeColor")) }
            // Gradients: <aapt:attr name="android:fillColor"><gradient …/></aapt:attr>.
            for child in element.children where child.name == "attr" && child.namespace == ResourceXMLElement.aaptNamespace {
                guard let name = child.attribute("name", namespace: ""), let gradientElement = child.children.first(where: { $0.name == "gradient" }) else {
                    continue
                }
                let parsed = try gradient(gradientElement)
                switch name {
                case "android:fillColor": path.fill = .gradient(parsed)
                case "android:strokeColor": path.stroke = .gradient(parsed)
                default: throw VectorDrawableError(line: child.line, reason: "a gradient for \(name): only android:fillColor and android:strokeColor take one")
                }
                fixedColors += 1
            }
            path.strokeWidth = try number(element, "strokeWidth", range: 0...1e6) ?? 0
            path.fillAlpha = try number(element, "fillAlpha", range: 0...1) ?? 1
            path.strokeAlpha = try number(element, "strokeAlpha", range: 0...1) ?? 1
            path.miterLimit = try number(element, "strokeMiterLimit", range: 0...1e6) ?? 4
            path.trimStart = try number(element, "trimPathStart", range: 0...1) ?? 0
            path.trimEnd = try number(element, "trimPathEnd", range: 0...1) ?? 1
            path.trimOffset = try number(element, "trimPathOffset", range: 0...1) ?? 0
            if let cap = element.attribute("strokeLineCap") {
                guard ["butt", "round", "square"].contains(cap) else {
                    throw VectorDrawableError(
                        line: element.line(of: "strokeLineCap"), reason: "android:strokeLineCap=\(XMLText.quoted(cap)) is not butt, round or square")
                }
                path.lineCap = cap
            }
            if let join = element.attribute("strokeLineJoin") {
                guard ["miter", "round", "bevel"].contains(join) else {
                    throw VectorDrawableError(
                        line: element.line(of: "strokeLineJoin"), reason: "android:strokeLineJoin=\(XMLText.quoted(join)) is not miter, round or bevel")
                }
                path.lineJoin = join
            }
            if let rule = element.attribute("fillType") {
                guard ["nonZero", "evenOdd"].contains(rule) else {
                    throw VectorDrawableError(line: element.line(of: "fillType"), reason: "android:fillType=\(XMLText.quoted(rule)) is not nonZero or evenOdd")
                }
                path.evenOdd = rule == "evenOdd"
            }
            return path
        }

        mutating func gradient(_ element: ResourceXMLElement) throws(VectorDrawableError) -> Gradient {
            var gradient = Gradient()
            if let type = element.attribute("type") {
                guard let kind = Gradient.Kind(rawValue: type) else {
                    throw VectorDrawableError(line: element.line(of: "type"), reason: "android:type=\(XMLText.quoted(type)) is not linear, radial or sweep")
                }
                gradient.kind = kind
            }
            let finite = -1e9...1e9
            gradient.startX = try number(element, "startX", range: finite) ?? 0
            gradient.startY = try number(element, "startY", range: finite) ?? 0
            gradient.endX = try number(element, "endX", range: finite) ?? 0
            gradient.endY = try number(element, "endY", range: finite) ?? 0
            gradient.centerX = try number(element, "centerX", range: finite) ?? 0
            gradient.centerY = try number(element, "centerY", range: finite) ?? 0
            gradient.radius = try number(element, "gradientRadius", range: 0...1e9) ?? 0
            if let mode = element.attribute("tileMode") {
                guard let tile = Gradient.TileMode(rawValue: mode == "repeat" ? "repeat" : mode) else {
                    throw VectorDrawableError(
                        line: element.line(of: "tileMode"), reason: "android:tileMode=\(XMLText.quoted(mode)) is not clamp, repeat or mirror")
                }
                gradient.tileMode = tile
            }
            func color(_ text: String, _ line: Int) throws(VectorDrawableError) -> AndroidColor {
                switch try paint(text, line: line, isTint: true, keepsTransparent: true) {
                case .color(let color): return color
                case nil: return AndroidColor(red: 0, green: 0, blue: 0, alpha: 0)
                default:
                    throw VectorDrawableError(
                        line: line, reason: "a gradient's colour \(XMLText.quoted(text)) is a theme attribute the theme does not give as a colour",
                        needsTheme: true)
                }
            }
            let items = element.children.filter { $0.name == "item" }
            if items.isEmpty {
                var stops: [Gradient.Stop] = []
                if let start = element.attribute("startColor") { stops.append(Gradient.Stop(offset: 0, color: try color(start, element.line))) }
                if let center = element.attribute("centerColor") { stops.append(Gradient.Stop(offset: 0.5, color: try color(center, element.line))) }
                if let end = element.attribute("endColor") { stops.append(Gradient.Stop(offset: 1, color: try color(end, element.line))) }
                gradient.stops = stops
            } else {
                for item in items {
                    let offset = try number(item, "offset", range: 0...1) ?? 0
                    gradient.stops.append(Gradient.Stop(offset: offset, color: try color(item.attribute("color") ?? "#00000000", item.line)))
                }
            }
            guard !gradient.stops.isEmpty else { throw VectorDrawableError(line: element.line, reason: "the gradient has no colours") }
            return gradient
        }
    }
}
