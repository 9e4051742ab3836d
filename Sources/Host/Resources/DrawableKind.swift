/// What an Android XML drawable is, decided once from its root element (`<vector>`,
/// `<shape>`, `<selector>`…): the one place a root element's name becomes a kind.
enum DrawableKind: Sendable, Hashable {
    /// `<vector>`.
    case vector
    /// `<shape>`.
    case shape
    /// `<layer-list>`: composited, or (one plain layer) standing for the drawable it names.
    case layerList
    /// `<inset>`.
    case inset
    /// `<adaptive-icon>`.
    case adaptiveIcon
    /// A drawable that stands for others (`<selector>`, `<ripple>`, `<animated-vector>`,
    /// `<animation-list>`, `<bitmap>`, `<nine-patch>`), with its root element's name.
    case reference(String)
    /// Any other root element (`<clip>`, `<level-list>`, `<transition>`…), by name; `unreadable`
    /// for a file that could not be read.
    case other(String)

    /// The kind of a drawable whose root element is called `name`.
    init(rootElement name: String) {
        switch name {
        case "vector": self = .vector
        case "shape": self = .shape
        case "layer-list": self = .layerList
        case "inset": self = .inset
        case "adaptive-icon": self = .adaptiveIcon
        case "selector", "ripple", "animated-vector", "animation-list", "bitmap", "nine-patch": self = .reference(name)
        default: self = .other(name)
        }
    }

    /// The root element's name.
    var elementName: String {
        switch self {
        case .vector: "vector"
        case .shape: "shape"
        case .layerList: "layer-list"
        case .inset: "inset"
        case .adaptiveIcon: "adaptive-icon"
        case .reference(let name), .other(let name): name
        }
    }

    /// Whether it stands for other drawables (``reference(_:)``).
    var isReference: Bool {
        if case .reference = self { return true }
        return false
    }

    /// The asset kind a drawable of this kind converts as by itself, or `nil` (a reference, which
    /// is converted as what it names, or a kind that does not convert).
    var assetKind: Asset.Kind? {
        switch self {
        case .vector: .vectorDrawable
        case .shape: .shape
        case .layerList, .inset, .adaptiveIcon: .layered
        case .reference, .other: nil
        }
    }
}
