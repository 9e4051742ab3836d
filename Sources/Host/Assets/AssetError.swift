import NinepipeCore

/// An asset conversion that cannot go ahead: inputs that are missing or unreadable, a
/// `Contents.json` that is not what Xcode writes, slicing a platform cannot express, outputs that
/// would overwrite inputs or each other. The command line reports those ``isUsageError`` marks
/// (what the options asked for) as usage errors (exit 2), the rest (what the inputs hold) as
/// failures (exit 1).
public enum AssetError: NinepipeError, Hashable {
    /// An input that does not exist.
    case missingInput(path: String)
    /// A theme the `res/` tree at `tree` does not define, with the themes it does (styles whose
    /// chain reaches a theme).
    case unknownTheme(name: String, tree: String, themes: [String])
    /// A drawable whose colours come from theme attributes no theme asked for gives: the file,
    /// the reason with its line, the attributes, and the tree's themes that give them all.
    case themeColorsNeeded(path: String, reason: String, attributes: [String], themes: [String])
    /// An input file that is not an image (PNG, JPEG, WebP, GIF, SVG) or an XML drawable that
    /// converts on its own (vector, shape, layer list, inset, adaptive icon).
    case notAnImage(path: String)
    /// A module or repository root holding several resource folders (`app/src/main/res`,
    /// `wear/src/main/res`): which to convert is the user's choice.
    case severalResourceFolders(input: String, found: [String])
    /// Two files that are the same asset at the same scale.
    case duplicateAsset(name: String, scale: String, first: String, second: String)
    /// A file of the tree that is not text Ninepipe reads (an XML resource in another encoding
    /// than UTF-8): its path and why.
    case unreadableDocument(path: String, reason: String)
    /// An `.imageset` without a readable `Contents.json`.
    case unreadableContents(path: String, reason: String)
    /// A `Contents.json` field that is not what Xcode writes (`field` is a path such as
    /// `images[0].scale`, or empty for the whole file).
    case invalidContents(path: String, field: String, problem: String)
    /// A file an imageset's `Contents.json` names that is not there.
    case missingImageSetFile(contents: String, scale: Int, file: String)
    /// A density name that is not mdpi, hdpi, xhdpi, xxhdpi or xxxhdpi.
    case unknownDensity(name: String)
    /// An empty density list.
    case noDensities
    /// Cap insets that leave no centre on an axis (`size`: the image, when known).
    case noCenter(axis: String, start: Int32, end: Int32, length: Int, size: String?)
    /// No file is dense enough for the scales to write (and upscaling is off).
    case notDenseEnough(asset: String, scales: String, densest: String?)
    /// A nine-patch output for an image without stretch regions.
    case noStretchRegions(path: String)
    /// Slicing the platform cannot express, refused under `strict`.
    case cannotExpress(detail: String)
    /// An output that would replace an input.
    case outputIsInput(asset: String, input: String)
    /// Two assets that become one Android resource name.
    case resourceNameClash(first: String, second: String, name: String)
    /// Two assets that become one name on `target` (a Flutter asset file or Dart identifier).
    case targetNameClash(first: String, second: String, name: String, target: String)
    /// An asset whose name no mapping makes a valid name on `target`.
    case invalidTargetName(asset: String, target: String, reason: String)
    /// A project file the target edits that it cannot (a `pubspec.yaml` that is not YAML it
    /// reads, or has no `flutter:` section): the file, the line (0 when none), why and what to do.
    case projectFile(path: String, line: Int, reason: String)
    /// A resource left out for a reason the inputs cannot change: a kind the target cannot
    /// express, a drawable with no size of its own, a colour only a library's or the platform's
    /// theme gives. A warning, not a failure (``AssetOptions/strict`` makes it one): the file
    /// and why, with what to give to convert it after all.
    case leftOut(path: String, reason: String)

    /// Whether the options given are at fault (a density list, an output over an input) rather
    /// than the inputs (missing, unreadable, or holding what cannot be converted).
    public var isUsageError: Bool {
        switch self {
        case .unknownDensity, .noDensities, .outputIsInput, .unknownTheme, .severalResourceFolders: true
        default: false
        }
    }

    /// The message.
    public var description: String {
        switch self {
        case .missingInput(let path): "\(path): no such file or folder"
        case .unknownTheme(let name, let tree, let themes):
            themes.isEmpty
                ? "\(tree) defines no theme (a style whose parent chain reaches a Theme…), so there is no '\(name)' to choose"
                : "\(tree) has no theme called '\(name)'\(Suggestions.closest(to: name, in: themes).map { " (did you mean '\($0)'?)" } ?? ""); its themes: \(themes.prefix(12).joined(separator: ", "))\(themes.count > 12 ? ", … (\(themes.count) in all)" : "")"
        case .themeColorsNeeded(let path, let reason, let attributes, let themes):
            "\(path): \(reason); "
                + (themes.isEmpty
                    ? "no theme in this tree gives \(attributes.map { "?attr/\($0)" }.joined(separator: ", ")) (a library's theme does): give each colour by name"
                    : "themes in this tree that give them: \(themes.prefix(6).joined(separator: ", "))\(themes.count > 6 ? ", …" : ""): choose one, or give each colour by name")
        case .notAnImage(let path):
            "\(path): not an image (.png, .jpg, .webp, .gif, .svg) or an XML drawable that converts on its own (vector, shape, layer-list, inset, adaptive-icon)"
        case .severalResourceFolders(let input, let found):
            "\(input) holds \(found.count) resource folders (\(found.prefix(6).joined(separator: ", "))\(found.count > 6 ? ", …" : "")): give the one to convert"
        case .duplicateAsset(let name, let scale, let first, let second):
            "\(first) and \(second) are both '\(name)' at scale \(scale); keep one, or convert them in separate runs"
        case .unreadableDocument(let path, let reason): "\(path): \(reason)"
        case .unreadableContents(let path, let reason): "\(path): \(reason); an .imageset folder needs the Contents.json Xcode writes"
        case .invalidContents(let path, let field, let problem): "\(path): \(field.isEmpty ? "" : field + ": ")\(problem)"
        case .missingImageSetFile(let contents, let scale, let file): "\(contents): the \(scale)x image \(file) does not exist"
        case .unknownDensity(let name):
            "unknown density '\(name)'\(Suggestions.hint(for: name, in: AndroidDensity.allCases.map(\.rawValue))); densities: \(AndroidDensity.allCases.map(\.rawValue).joined(separator: ", "))"
        case .noDensities: "the density list needs at least one density, e.g. mdpi,xhdpi"
        case .noCenter(let axis, let start, let end, let length, let size):
            "cap insets \(axis) \(start) + \(end) leave no center in \(length) pixels" + (size.map { " (the image is \($0))" } ?? "")
        case .notDenseEnough(let asset, let scales, let densest):
            "\(asset): no file is dense enough for \(scales)" + (densest.map { " (the densest is \($0))" } ?? "")
                + "; allow upscaling to enlarge it"
        case .noStretchRegions(let path): "\(path): no stretch regions to draw"
        case .cannotExpress(let detail): detail + " (refused in strict mode)"
        case .outputIsInput(let asset, let input):
            "the output for \(asset) would replace the input \(input); outputs never overwrite inputs: choose another output folder"
        case .resourceNameClash(let first, let second, let name):
            "\(first) and \(second) both become the Android resource name '\(name)'; rename one of them"
        case .targetNameClash(let first, let second, let name, let target):
            "\(first) and \(second) both become the \(target) name '\(name)'; rename one of them"
        case .invalidTargetName(let asset, let target, let reason): "\(asset): no \(target) name can be made of it: \(reason); rename it"
        case .projectFile(let path, let line, let reason): "\(path)\(line > 0 ? ":\(line)" : ""): \(reason)"
        case .leftOut(let path, let reason): "\(path): left out: \(reason)"
        }
    }
}
