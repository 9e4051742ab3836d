import NinepipeCore

/// One drawable in every density it comes in: the unit `assets` converts.
///
/// An asset is named without scale suffix, `.9` or extension (`button` for
/// `drawable-xhdpi/button.9.png`, `button@2x.png` or `button.imageset`); its variants are
/// the same picture at different scales, where 1 is mdpi = iOS @1x = CSS 1x.
public struct Asset: Sendable, Hashable {
    /// The name shared by every variant.
    public var name: String
    /// The files of the standard configuration (light, left to right), sorted by scale (at most
    /// one per scale).
    public var variants: [Variant]
    /// The files of the other configurations (dark, right-to-left), each sorted by scale.
    public var configurations: [AssetConfiguration: [Variant]]
    /// Whether the picture is mirrored in right-to-left layouts where no right-to-left file is
    /// given: an imageset whose slots say `language-direction: left-to-right` (Xcode's
    /// "Mirrors"). A vector drawable says so itself (`android:autoMirrored`).
    public var mirrorsInRightToLeft = false
    /// Whether the picture is a template, tinted by the view that shows it: an imageset whose
    /// `Contents.json` says `template-rendering-intent: template`. (A vector drawable says so
    /// itself, by a theme attribute colouring it.)
    public var isTemplate = false
    /// For an asset made from a drawable a selector, ripple or wrapper names: that XML file, and
    /// whether this asset is the one under the XML's own name (its default state). Android keeps
    /// the XML itself, which names the same drawables.
    public var reference: (path: String, isOwnName: Bool)?

    /// Assets are equal when their names, files, configurations and reference are.
    public static func == (lhs: Asset, rhs: Asset) -> Bool {
        lhs.name == rhs.name && lhs.variants == rhs.variants && lhs.configurations == rhs.configurations
            && lhs.mirrorsInRightToLeft == rhs.mirrorsInRightToLeft && lhs.isTemplate == rhs.isTemplate && lhs.reference?.path == rhs.reference?.path
            && lhs.reference?.isOwnName == rhs.reference?.isOwnName
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(variants)
        hasher.combine(configurations)
        hasher.combine(mirrorsInRightToLeft)
        hasher.combine(isTemplate)
        hasher.combine(reference?.path)
        hasher.combine(reference?.isOwnName)
    }

    /// Creates an asset; `variants` and each configuration's are sorted by scale.
    public init(name: String, variants: [Variant], configurations: [AssetConfiguration: [Variant]] = [:]) {
        self.name = name
        self.variants = variants.sorted { $0.scale < $1.scale }
        self.configurations = configurations.filter { !$0.key.isStandard && !$0.value.isEmpty }.mapValues { $0.sorted { $0.scale < $1.scale } }
    }

    /// Every configuration it has, the standard one first.
    public var allConfigurations: [AssetConfiguration] { [.standard] + configurations.keys.sorted() }

    /// The asset as it is in `configuration`: that configuration's files as its variants.
    public func configured(_ configuration: AssetConfiguration) -> Asset {
        var configured = Asset(name: name, variants: configuration.isStandard ? variants : configurations[configuration] ?? [])
        configured.mirrorsInRightToLeft = mirrorsInRightToLeft
        configured.isTemplate = isTemplate
        configured.reference = reference
        return configured
    }

    /// What kind of resource a variant is: how it is read, and how each platform writes it.
    public enum Kind: String, Sendable, Hashable {
        /// A PNG or JPEG (a `.9.png` nine-patch too: its slicing travels with the pixels).
        case bitmap
        /// An SVG document, drawn at every scale.
        case svg
        /// An Android vector drawable (`<vector>` XML), drawn at every scale, or written as a
        /// vector where the platform keeps one.
        case vectorDrawable
        /// An Android shape drawable (`<shape>` XML): drawn at its size, or, a rectangle without
        /// one, a stretchable image (a nine-patch, or CSS on the web).
        case shape
        /// An Android `<layer-list>`, `<inset>` or `<adaptive-icon>` (an app shortcut's icon) of
        /// drawables the tree has (bitmaps, vectors, shapes, colours, and other layer lists):
        /// composited at its size at each scale.
        case layered
    }

    /// What kind the asset is: its variants' (a vector drawable wins over bitmaps of the same
    /// name, as on Android 5 and later, which use it instead).
    public var kind: Kind {
        if let drawable = variants.first(where: { $0.kind == .vectorDrawable || $0.kind == .shape || $0.kind == .layered }) { return drawable.kind }
        return variants.first?.kind ?? .bitmap
    }

    /// One file of an asset at one scale.
    public struct Variant: Sendable, Hashable {
        /// The file.
        public var path: String
        /// What kind of file it is: from its extension, or as the collector read it (an XML
        /// drawable's root element).
        public var kind: Kind
        /// Its scale against mdpi / @1x (xhdpi and @2x are 2).
        public var scale: Double
        /// Slicing from an `.imageset`'s `Contents.json` (cap insets in this file's pixels).
        public var resizing: ImageSetResizing?
        /// Alignment insets from an `.imageset`'s `Contents.json`, in this file's pixels.
        public var alignmentInsets: NinePatchInsets?
        /// The configuration it is for; a vector drawable in a dark one takes its colours from
        /// the tree's `values-night` over `values`.
        public var configuration: AssetConfiguration

        /// Creates a variant.
        public init(
            path: String, scale: Double, resizing: ImageSetResizing? = nil, alignmentInsets: NinePatchInsets? = nil,
            configuration: AssetConfiguration = .standard, kind: Kind? = nil, codecs: ImageCodecRegistry = .builtIn
        ) {
            self.kind =
                kind
                ?? {
                    switch codecs.format(forPath: path) {
                    case .svg: .svg
                    case .vectorDrawable: .vectorDrawable
                    default: .bitmap
                    }
                }()
            self.path = path
            self.scale = scale
            self.resizing = resizing
            self.alignmentInsets = alignmentInsets
            self.configuration = configuration
        }
    }

    /// The variant to make a `scale` image from: the one at that scale, else the nearest denser
    /// one (downscaling keeps detail); with `upscale`, the densest when none is dense enough.
    public func source(for scale: Double, upscale: Bool) -> Variant? {
        if let denser = variants.first(where: { $0.scale >= scale - 1e-9 }) { return denser }
        return upscale ? variants.last : nil
    }
}
