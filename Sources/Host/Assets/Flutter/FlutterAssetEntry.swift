import NinepipeCore

/// What the Flutter target keeps of one converted asset for the generated Dart and the pubspec:
/// its names, the main file of each configuration, and a nine-patch's slicing per density.
struct FlutterAssetEntry: Sendable, Hashable {
    /// The asset's name as the inputs give it.
    var name: String
    /// Its Dart identifier (`icArrowBack`).
    var identifier: String
    /// Drawn from an SVG written for `vector_graphics` rather than a bitmap.
    var isVector = false
    /// Meant to be tinted (an iOS template, a vector drawable in one theme colour).
    var isTemplate = false
    /// Mirrored in right-to-left text (`autoMirrored`, an imageset's left-to-right slots).
    var matchesTextDirection = false
    /// The size in logical pixels (a vector's dp size, a bitmap's 1.0x pixels).
    var width = 0.0
    var height = 0.0
    /// The main file of each configuration (paths relative to the project), the standard first.
    var paths: [Variant] = []
    /// A nine-patch's slicing in each configuration, per density, in that file's own pixels.
    var slicings: [NinePatchFileSlicing] = []
    /// A shape drawn by Flutter itself: its shape in each configuration (the standard first).
    var shapes: [Shape] = []

    /// A configuration's shape drawable, written as a `Decoration`.
    struct Shape: Sendable, Hashable {
        var key: String
        var shape: ShapeDrawable
    }

    /// A configuration's main file.
    struct Variant: Sendable, Hashable {
        /// The key generated code looks variants up by: `''`, `dark`, `rtl`, `fr`, `pt-BR-dark`.
        var key: String
        var path: String
    }

    /// Whether it is a nine-patch.
    var isNinePatch: Bool { !slicings.isEmpty }
    /// Whether it is a decoration rather than files.
    var isShape: Bool { !shapes.isEmpty }
}

extension AssetConfiguration {
    /// The suffix of its Flutter file names: `_dark`, `_pt_BR_rtl` (hyphens become underscores,
    /// and no `dark/` folder, which older flutter_tools took for a density variant).
    var flutterFileSuffix: String { fileSuffix.replacing("-", with: "_") }
}
