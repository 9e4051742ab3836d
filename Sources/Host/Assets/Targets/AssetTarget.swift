import NinepipeCore

/// A platform `assets` converts to: an Xcode asset catalog, an Android `res/` tree, a web
/// folder, or one a tool defines. A target decides what files an asset becomes, which paths it
/// claims before anything is written, what it refuses across a whole collection, and the files
/// written once per run; reading the inputs (the resource model, drawing, encoding) is shared and
/// reached through ``AssetTargetContext``.
///
/// Adding a target is one conforming type and one registration
/// (``AssetTargetRegistry/register(_:)``); nothing else switches on platforms.
///
/// ```swift
/// struct FlatTarget: AssetTarget {
///     let name = "flat"
///     func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
///         guard let image = try context.image(of: asset, in: .standard, at: 2) else { return .init(files: [], warnings: []) }
///         return .init(files: [AssetFile(path: asset.name + ".png", bytes: try context.png(image))], warnings: [])
///     }
/// }
/// ```
public protocol AssetTarget: Sendable {
    /// Its name: the `assets` subcommand and the word messages use (`ios`, `android`, `web`).
    var name: String { get }

    /// What the target writes, in one line for help (`Android res/, .9.png files and imagesets →
    /// an Xcode asset catalog`). Default: `assets for NAME`.
    var summary: String { get }

    /// An output folder as messages and help show it (`Assets.xcassets`, `res/`). Default: `DIR/`.
    var exampleOutput: String { get }

    /// The ``AssetOptions`` the target reads beyond those every target reads (how a centre
    /// fills, which densities, compiled nine-patches): a front end offers only these for it.
    /// Default: none.
    var settings: [AssetTargetSetting] { get }

    /// What is wrong with `output` as this target's output folder (iOS wants a folder ending in
    /// `.xcassets`), or `nil` when it will do. Default: any folder.
    func outputProblem(_ output: String) -> String?

    /// The files of `asset` in each of `configurations` (the standard one first; each other one
    /// differs from it), paths relative to the output folder, with warnings.
    func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion

    /// Where `asset`'s files will go below `output`, claimed before anything is written: an output
    /// claim that would replace an input stops the run. Default: a folder named after the asset.
    func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim]

    /// Refuses, before anything is written to `output`, a collection the target cannot hold (two
    /// names that become one file name), or an output it cannot write into (a project file it
    /// edits that it cannot read). Default: none refused.
    func check(_ assets: [Asset], output: String) throws(AssetError)

    /// The files written once after every asset (a catalog's root `Contents.json`, a manifest,
    /// an edited project file), given each converted asset's conversion without its files;
    /// paths relative to `output`. Default: none.
    func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) throws -> [AssetFile]

    /// What is wrong with `output` as the folder an app icon is written into (Flutter wants a
    /// project), or `nil` when it will do. Default: any folder.
    func appIconOutputProblem(_ output: String) -> String?

    /// Whether a layer list or inset is kept as its XML (so one with no size of its own is not
    /// left out) rather than drawn. Default: `false`.
    var keepsDrawableXML: Bool { get }

    /// Whether the target writes app icons (the built-in ones do; one a tool defines does not).
    /// A requirement, not a cast, so that listing the targets' commands searches no conformances
    /// at start-up.
    var writesAppIcons: Bool { get }
}

extension AssetTarget {
    /// `assets for NAME`.
    public var summary: String { "assets for \(name)" }

    /// `DIR/`.
    public var exampleOutput: String { "DIR/" }

    /// None.
    public var settings: [AssetTargetSetting] { [] }

    /// No app icons.
    public var writesAppIcons: Bool { false }

    /// Any folder will do.
    public func outputProblem(_ output: String) -> String? { nil }

    /// Any folder will do.
    public func appIconOutputProblem(_ output: String) -> String? { nil }

    /// A folder named after the asset.
    public func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim] {
        [AssetClaim(folder: output + "/" + asset.name, fileNamePrefix: "")]
    }

    /// None refused.
    public func check(_ assets: [Asset], output: String) throws(AssetError) {}

    /// None.
    public func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) throws -> [AssetFile] { [] }

    /// Layer lists are drawn.
    public var keepsDrawableXML: Bool { false }
}

/// A place an asset's files will go: a folder (which may not exist yet) and the beginning of
/// the file names in it (`""` for the whole folder).
public struct AssetClaim: Sendable, Hashable {
    /// The folder.
    public var folder: String
    /// The beginning of the names claimed in it (`button.` for `button.png`, `button.css`…).
    public var fileNamePrefix: String

    /// Creates a claim.
    public init(folder: String, fileNamePrefix: String) {
        self.folder = folder
        self.fileNamePrefix = fileNamePrefix
    }
}

/// An ``AssetOptions`` setting only some targets read, so a front end offers it only for them.
public enum AssetTargetSetting: Sendable, Hashable, CaseIterable {
    /// ``AssetOptions/centerMode``: how a resizable image's centre fills (stretch or tile).
    case centerMode
    /// ``AssetOptions/densities``: the Android densities written.
    case densities
    /// ``AssetOptions/compiled``: nine-patches as aapt compiles them.
    case compiled
}
