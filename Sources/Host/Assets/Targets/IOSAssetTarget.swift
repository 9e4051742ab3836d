import NinepipeCore

/// An Xcode asset catalog: `NAME.imageset` folders with @1x/@2x/@3x images (or one SVG for a
/// vector), each with its `Contents.json`, and the catalog's own `Contents.json`; an app icon
/// becomes `AppIcon.appiconset`.
public struct IOSAssetTarget: AssetTarget {
    /// Creates the target.
    public init() {}

    /// `ios`.
    public var name: String { "ios" }

    /// `Android res/, .9.png files and imagesets → an Xcode asset catalog`.
    public var summary: String { "Android res/, .9.png files and imagesets → an Xcode asset catalog" }

    /// `Assets.xcassets`.
    public var exampleOutput: String { "Assets.xcassets" }

    /// How the centre fills.
    public var settings: [AssetTargetSetting] { [.centerMode] }

    /// A catalog is a folder whose name ends in `.xcassets`.
    public func outputProblem(_ output: String) -> String? {
        output.hasSuffix(".xcassets") || output.hasSuffix(".xcassets/") ? nil : "the output must be an asset catalog folder ending in .xcassets"
    }

    /// The imageset's files in each configuration (appearances, language direction, locale slots).
    public func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        try context.converter.iosFiles(asset, configurations: configurations, notes: context.notes)
    }

    /// The asset's `.imageset` folder.
    public func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim] {
        [AssetClaim(folder: output + "/" + asset.name + ".imageset", fileNamePrefix: "")]
    }

    /// The catalog's root `Contents.json`.
    public func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) -> [AssetFile] {
        [AssetFile(path: "Contents.json", text: ImageSetContents.catalogText(author: options.author))]
    }
}

extension AssetTarget where Self == IOSAssetTarget {
    /// An Xcode asset catalog.
    public static var ios: IOSAssetTarget { IOSAssetTarget() }
}
