import NinepipeCore

/// What an Android XML drawable is, decided once from its root element (`<vector>`,
/// `<shape>`, `<selector>`…): the one place a root element's name becomes a kind, and the only
/// file in the host that spells those names.
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
    /// `<selector>`: a state list, which shows its default state's item at rest.
    case selector
    /// `<ripple>`: its items at rest (its mask bounds the ripple only).
    case ripple
    /// `<animated-vector>`: the vector it animates.
    case animatedVector
    /// `<animation-list>`: frames, each a drawable.
    case animationList
    /// `<bitmap>`: a bitmap with options.
    case bitmap
    /// `<nine-patch>`: a nine-patch with options.
    case ninePatch
    /// `<color>`: a colour filling its bounds.
    case color
    /// `<clip>`: part of a drawable, as much as its level says; at rest (level 0) nothing.
    case clip
    /// Any other root element (`<level-list>`, `<transition>`…), by name; `unreadable`
    /// for a file that could not be read.
    case other(String)

    /// Every kind with a name of its own, and that name.
    private static let named: [(kind: DrawableKind, name: String)] = [
        (.vector, "vector"), (.shape, "shape"), (.layerList, "layer-list"), (.inset, "inset"), (.adaptiveIcon, "adaptive-icon"),
        (.selector, "selector"), (.ripple, "ripple"), (.animatedVector, "animated-vector"), (.animationList, "animation-list"),
        (.bitmap, "bitmap"), (.ninePatch, "nine-patch"), (.color, "color"), (.clip, "clip"),
    ]

    /// The kind of a drawable whose root element is called `name`.
    init(rootElement name: String) {
        self = Self.named.first { $0.name == name }?.kind ?? .other(name)
    }

    /// The kind of the drawable `element` is (a file's root, or one written inside another).
    init(_ element: ResourceXMLElement) { self.init(rootElement: element.name) }

    /// The root element's name.
    var elementName: String {
        if case .other(let name) = self { return name }
        return Self.named.first { $0.kind == self }?.name ?? ""
    }

    /// Whether it stands for other drawables (a selector, ripple, animated vector, animation list,
    /// bitmap or nine-patch wrapper), converted as what it names.
    var isReference: Bool {
        switch self {
        case .selector, .ripple, .animatedVector, .animationList, .bitmap, .ninePatch: true
        default: false
        }
    }

    /// The asset kind a drawable of this kind converts as by itself, or `nil` (a reference, which
    /// is converted as what it names, or a kind that does not convert).
    var assetKind: Asset.Kind? {
        switch self {
        case .vector: .vectorDrawable
        case .shape: .shape
        case .layerList, .inset, .adaptiveIcon: .layered
        default: nil
        }
    }
}
