import NinepipeCore

/// Reads drawables of a ``ResourceTree`` as ``DrawableLayer``s: references (`@drawable/NAME`,
/// `@mipmap/NAME`, colours) and XML (`<vector>`, `<shape>`, `<inset>`, `<layer-list>`,
/// `<bitmap>`, `<color>`, a `<selector>`'s default item, an `<adaptive-icon>`'s visible
/// square), following at most ``maxDepth``
/// references so that a drawable naming itself is refused, not followed forever, and reading
/// at most ``maxLayers`` drawables in all, so that lists naming lists cannot multiply without
/// bound. One reader reads one drawable, on one thread.
final class DrawableLayerReader {
    let tree: ResourceTree
    let limits: ImageLimits
    /// The tree's values (colours, dimensions, the theme's colours) as the drawable at a path sees them.
    let resources: @Sendable (String) throws -> VectorDrawable.Resources
    /// The run's XML drawables, each parsed once (a reader of its own when none is given).
    let documents: ResourceDocuments
    /// What was read differently from how it may look in the app (a `<clip>` drawn empty), for
    /// the run's warnings.
    private(set) var notes: [String] = []
    /// Drawables read so far.
    private var layersRead = 0
    /// The file of the first drawable read: what a reader that ran out of layers names.
    private var firstFile: String?

    init(
        tree: ResourceTree, limits: ImageLimits, documents: ResourceDocuments? = nil,
        resources: @escaping @Sendable (String) throws -> VectorDrawable.Resources
    ) {
        self.tree = tree
        self.limits = limits
        self.documents = documents ?? ResourceDocuments(limits: limits)
        self.resources = resources
    }

    /// The most drawables one drawable may be made of, counting each time one is named.
    static let maxLayers = 1024

    /// Counts one more drawable read from `file`, refusing more than ``maxLayers``.
    private func count(_ file: String) throws {
        if firstFile == nil { firstFile = file }
        layersRead += 1
        guard layersRead <= Self.maxLayers else {
            throw DrawableLayerError(
                path: firstFile ?? file, line: 0, reason: "it is made of more than \(Self.maxLayers) drawables in all (layer lists naming layer lists)")
        }
    }

    /// The most drawables one layer may nest.
    static let maxDepth = 16

    /// The layer list, inset or other XML drawable at `path`, read through its tree.
    static func reading(
        _ path: String, limits: ImageLimits, documents: ResourceDocuments? = nil, warn: (String) -> Void = { _ in },
        resources: @escaping @Sendable (String) throws -> VectorDrawable.Resources
    ) throws -> DrawableLayer {
        let documents = documents ?? ResourceDocuments(limits: limits)
        let root: ResourceXMLElement
        do { root = try documents.document(at: path).root } catch { throw FileError.inFile(path: path, underlying: error) }
        let tree = ResourceTree(path: FileIO.parentDirectory(of: FileIO.parentDirectory(of: path)))
        let reader = DrawableLayerReader(tree: tree, limits: limits, documents: documents, resources: resources)
        let layer = try reader.layer(element: root, file: path, depth: 0)
        for note in reader.notes { warn(note) }
        return layer
    }

    /// The layer `reference` names (an attribute of the element at `line` in `file`).
    func layer(reference: String, file: String, line: Int, depth: Int = 0) throws -> DrawableLayer {
        try count(file)
        guard depth < Self.maxDepth else {
            throw DrawableLayerError(path: file, line: line, reason: "\(reference) nests more than \(Self.maxDepth) drawables (a drawable that names itself?)")
        }
        let value = String(reference.trimmingWhitespace)
        if value.hasPrefix("@drawable/") || value.hasPrefix("@mipmap/") {
            let reference: ResourceReference
            do { reference = try ResourceReference(parsing: value) } catch { throw DrawableLayerError(path: file, line: line, reason: "\(error)") }
            let (name, type) = (reference.name, reference.type)
            if let xml = tree.xmlFile(named: name, type: type) {
                let root: ResourceXMLElement
                do { root = try documents.document(at: xml).root } catch { throw DrawableLayerError(path: xml, line: 0, reason: "\(error)") }
                return try layer(element: root, file: xml, depth: depth + 1)
            }
            if let densest = tree.bitmaps(named: name, type: type).last { return .bitmap(path: densest.path, scale: densest.scale) }
            throw DrawableLayerError(
                path: file, line: line, reason: "\(value) is not in \(tree.path) (no \(type)*/\(name).xml or .png in the default configuration)",
                missingResource: value)
        }
        if value.hasPrefix("@android:drawable/") {
            throw DrawableLayerError(path: file, line: line, reason: "\(value) is one of the framework's drawables, which this tree does not hold")
        }
        do {
            return .color(try ResourceValueReader(resources: resources(file)).color(value, line: line))
        } catch let error as ShapeDrawableError {
            throw DrawableLayerError(error, path: file, line: line)
        }
    }

    /// The layer the XML `element` (a file's root, or a drawable written inside another) draws.
    func layer(element: ResourceXMLElement, file: String, depth: Int) throws -> DrawableLayer {
        try count(file)
        guard depth < Self.maxDepth else {
            throw DrawableLayerError(
                path: file, line: element.line, reason: "<\(element.name)> nests more than \(Self.maxDepth) drawables (a drawable that names itself?)")
        }
        // The drawable an element names by attribute, else the one written inside it.
        func child(of element: ResourceXMLElement, attribute: String = "drawable") throws -> DrawableLayer {
            if let reference = element.attribute(attribute) {
                return try layer(reference: reference, file: file, line: element.line(of: attribute), depth: depth + 1)
            }
            guard let inner = element.children.first else {
                throw DrawableLayerError(path: file, line: element.line, reason: "<\(element.name)> names no drawable (android:\(attribute)) and holds none")
            }
            return try layer(element: inner, file: file, depth: depth + 1)
        }
        do {
            let reader = ResourceValueReader(resources: try resources(file))
            func edge(_ element: ResourceXMLElement, _ name: String, fallback: DrawableLayer.LayerInsets.Edge) throws -> DrawableLayer.LayerInsets.Edge {
                guard let text = element.attribute(name) else { return fallback }
                if text.hasSuffix("%"), let percent = Double(decimal: text.dropLast()), percent.isFinite, (-100...100).contains(percent) {
                    return .fraction(percent / 100)
                }
                return .length(try reader.length(element, name) ?? .zero)
            }
            switch DrawableKind(element) {
            case .vector:
                return .vector(try VectorDrawable(element, resources: reader.resources), path: file)
            case .shape:
                return .shape(try ShapeDrawable(element, resources: reader.resources), path: file)
            case .color:
                return .color(try reader.color(element.attribute("color") ?? "#00000000", line: element.line))
            case .bitmap, .ninePatch:
                return try child(of: element, attribute: "src")
            case .inset:
                let all = try edge(element, "inset", fallback: .length(.zero))
                let insets = DrawableLayer.LayerInsets(
                    left: try edge(element, "insetLeft", fallback: all), top: try edge(element, "insetTop", fallback: all),
                    right: try edge(element, "insetRight", fallback: all), bottom: try edge(element, "insetBottom", fallback: all))
                return .inset(try child(of: element), insets)
            case .layerList, .ripple:
                // A ripple at rest draws its items as a layer list does, its mask (the item
                // with the id `@android:id/mask`) only bounding the ripple: left out.
                var items: [DrawableLayer.LayerItem] = []
                for item in element.children where item.name == "item" && !(DrawableKind(element) == .ripple && item.attribute("id") == "@android:id/mask") {
                    let zero = DrawableLayer.LayerInsets.Edge.length(.zero)
                    var entry = DrawableLayer.LayerItem(layer: try child(of: item))
                    entry.insets = DrawableLayer.LayerInsets(
                        left: try edge(item, "left", fallback: try edge(item, "start", fallback: zero)), top: try edge(item, "top", fallback: zero),
                        right: try edge(item, "right", fallback: try edge(item, "end", fallback: zero)), bottom: try edge(item, "bottom", fallback: zero))
                    entry.width = try reader.length(item, "width")
                    entry.height = try reader.length(item, "height")
                    entry.gravity = Set((item.attribute("gravity") ?? "").split(separator: "|").map { String($0.trimmingWhitespace) })
                    items.append(entry)
                }
                return .layers(items)
            case .adaptiveIcon:
                // Its layers fill a canvas half as large again as what is shown: the middle two
                // thirds (72 of 108 dp), so its own size is its layers' divided by 1.5, as
                // AdaptiveIconDrawable's is.
                var items: [DrawableLayer.LayerItem] = []
                for name in ["background", "foreground"] {
                    guard let layer = element.children.first(where: { $0.name == name }) else { continue }
                    items.append(DrawableLayer.LayerItem(layer: try child(of: layer)))
                }
                let bleed = DrawableLayer.LayerInsets.Edge.fraction(-0.25)
                return .inset(.layers(items), DrawableLayer.LayerInsets(left: bleed, top: bleed, right: bleed, bottom: bleed))
            case .clip:
                // ClipDrawable draws nothing at level 0, its level until the app sets one (a
                // progress bar's does): at rest, as here, the layer is empty.
                notes.append(
                    "\(file):\(element.line): a <clip> draws nothing until the app sets its level (0 at rest, as a progress bar's is before it moves), so it is drawn empty"
                )
                return .layers([])
            case .selector:
                // The item a view in its default state shows.
                guard let item = element.children.first(where: { $0.name == "item" && DrawableReference.matchesDefaultState($0) }) else {
                    throw DrawableLayerError(path: file, line: element.line, reason: "the selector has no item for the default state")
                }
                return try child(of: item)
            default:
                throw DrawableLayerError(
                    path: file, line: element.line,
                    reason:
                        "<\(element.name)> cannot be drawn as a layer (vector, shape, inset, layer-list, ripple, adaptive-icon, bitmap, color, clip and selector can)"
                )
            }
        } catch let error as ShapeDrawableError {
            throw DrawableLayerError(error, path: file, line: error.line)
        } catch let error as VectorDrawableError {
            throw AssetConverter.reading(error, path: file, limits: limits)
        }
    }
}
