import NinepipeCore

/// An XML drawable that stands for other drawables of the tree: a `<selector>`'s states, a
/// `<ripple>`'s content, an `<animated-vector>`'s vector, an `<animation-list>`'s frames, a
/// `<bitmap>` or `<nine-patch>` wrapper's source, a `<layer-list>` of one layer that only names a
/// drawable. Each drawable it names is converted again
/// under a name of its own (`NAME_pressed`, `NAME_frame1`; the default state, a ripple's content,
/// an animated vector's vector and a wrapper's source under `NAME` itself), since iOS and the web
/// have no such drawables.
struct DrawableReference: Sendable, Hashable {
    /// The XML drawable's name and file.
    var name: String, path: String
    /// Its root element (`selector`, `ripple`…).
    var kind: String
    /// The configuration of its folder.
    var configuration: AssetConfiguration
    /// The names it gives (`NAME`, `NAME_pressed`), the drawables they stand for, and the line
    /// naming each.
    var targets: [(name: String, drawable: String, line: Int)] = []
    /// Items it has that name no drawable of the tree (inline drawables, colours, the
    /// framework's drawables).
    var leftOut = 0

    static func == (lhs: DrawableReference, rhs: DrawableReference) -> Bool { lhs.path == rhs.path && lhs.configuration == rhs.configuration }
    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(configuration)
    }

    /// Whether a state list's item applies in the default state (a view enabled, its window
    /// focused, nothing pressed, checked, selected…): every state it names agrees with it.
    static func matchesDefaultState(_ item: ResourceXMLElement) -> Bool {
        item.attributes.filter { $0.name.hasPrefix("state_") }.allSatisfy { attribute in
            (attribute.value == "true") == ["state_enabled", "state_window_focused"].contains(attribute.name)
        }
    }

    /// Reads the references of the drawable `name` at `path`; `nil` when it cannot be opened or
    /// is not a reference (``DrawableKind/isReference``, or a layer list of one plain layer); throws ``AssetError/unreadableDocument(path:reason:)`` when its
    /// XML is refused or not well-formed.
    init?(name: String, path: String, configuration: AssetConfiguration, limits: ImageLimits) throws(AssetError) {
        guard let bytes = try? FileIO.read(path, maxBytes: ResourceFile.maxXMLBytes, requiringRegularFile: true) else { return nil }
        let root: ResourceXMLElement
        do { root = try ResourceXML.parse(bytes, limits: limits) } catch { throw .unreadableDocument(path: path, reason: "\(error)") }
        let kind = DrawableKind(root)
        guard kind.isReference || kind == .layerList else { return nil }
        (self.name, self.path, self.kind, self.configuration) = (name, path, kind.elementName, configuration)
        func drawable(_ element: ResourceXMLElement, _ attribute: String) throws(AssetError) -> (name: String, line: Int)? {
            guard let value = element.attribute(attribute), value.hasPrefix("@drawable/") || value.hasPrefix("@mipmap/") else { return nil }
            do {
                return (try ResourceReference(parsing: value).name, element.line(of: attribute))
            } catch {
                throw .unreadableDocument(path: path, reason: "line \(element.line(of: attribute)): android:\(attribute): \(error)")
            }
        }
        switch kind {
        case .layerList:
            // One layer that only names a drawable is that drawable (app shortcut icons often are);
            // layers that are composited are not read as references.
            let items = root.children.filter { $0.name == "item" }
            let placing = ["left", "top", "right", "bottom", "start", "end", "width", "height", "gravity"]
            guard items.count == 1, let item = items.first, placing.allSatisfy({ item.attribute($0) == nil }), let source = try drawable(item, "drawable")
            else { return nil }
            targets.append((name, source.name, source.line))
        case .bitmap, .ninePatch:
            if let source = try drawable(root, "src") { targets.append((name, source.name, source.line)) } else { leftOut += 1 }
        case .animatedVector:
            if let source = try drawable(root, "drawable") { targets.append((name, source.name, source.line)) } else { leftOut += 1 }
        case .ripple:
            // The content (items other than the mask); the ripple itself is drawn by the system.
            for item in root.children where item.name == "item" && item.attribute("id") != "@android:id/mask" {
                if let source = try drawable(item, "drawable") {
                    targets.append((targets.isEmpty ? name : "\(name)_\(targets.count)", source.name, source.line))
                } else {
                    leftOut += 1
                }
            }
        case .animationList:
            for (index, item) in root.children.filter({ $0.name == "item" }).enumerated() {
                if let source = try drawable(item, "drawable") { targets.append(("\(name)_frame\(index)", source.name, source.line)) } else { leftOut += 1 }
            }
        default:  // a selector
            var taken: Set<String> = []
            var hasDefault = false
            for item in root.children where item.name == "item" {
                let states = item.attributes.filter { $0.name.hasPrefix("state_") }
                let words = states.map { attribute -> String in
                    let state = String(attribute.name.dropFirst(6))
                    if attribute.value == "true" { return state }
                    return state == "enabled" ? "disabled" : "not_\(state)"
                }
                // The first item the default state matches is what the drawable shows at rest,
                // under its own name.
                let matchesDefault = Self.matchesDefaultState(item)
                guard let source = try drawable(item, "drawable") else {
                    leftOut += 1
                    continue
                }
                if matchesDefault && !hasDefault {
                    hasDefault = true
                    targets.append((name, source.name, source.line))
                }
                // The first item for a set of states is the one Android uses.
                let target = words.isEmpty ? name : name + "_" + words.joined(separator: "_")
                if target != name, taken.insert(target).inserted { targets.append((target, source.name, source.line)) }
            }
        }
    }
}
