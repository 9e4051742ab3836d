import NinepipeCore

/// An Android `res/` tree: `drawable-<density>/NAME[.9].png` for bitmaps and nine-patches,
/// vector, shape and layer drawables kept as XML, each configuration in its qualified folders
/// (`drawable-night-xhdpi`); an app icon becomes `mipmap-…` launcher icons.
public struct AndroidAssetTarget: AssetTarget {
    /// Creates the target.
    public init() {}

    /// `android`.
    public var name: String { "android" }

    /// `images, .9.png files and imagesets → drawable-<density>/ folders`.
    public var summary: String { "images, .9.png files and imagesets → drawable-<density>/ folders" }

    /// `res/`.
    public var exampleOutput: String { "res/" }

    /// Which densities, and compiled nine-patches.
    public var settings: [AssetTargetSetting] { [.densities, .compiled] }

    /// The asset's files in each configuration's folders.
    public func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        try context.converter.androidFiles(asset, configurations: configurations, notes: context.notes)
    }

    /// The asset's resource name in every folder it may be written to: each of its
    /// configurations, at each density written, without one (an XML drawable), and `anydpi-v26`
    /// (an adaptive icon).
    public func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim] {
        let name = ResourceName.valid(asset.name)
        let densities: [ResourceConfiguration.Density?] = [nil, .anydpi] + options.densities.map { .init($0) }
        return asset.allConfigurations.flatMap { configuration in
            densities.map { density in
                var folder = configuration.resourceConfiguration
                folder.density = density
                if density == .anydpi { folder.apiLevel = 26 }
                return AssetClaim(folder: output + "/" + folder.folderName(type: "drawable"), fileNamePrefix: name + ".")
            }
        }
    }

    /// Two assets that become one resource name are refused.
    public func check(_ assets: [Asset], output: String) throws(AssetError) {
        var owners: [String: String] = [:]
        for asset in assets {
            let name = ResourceName.valid(asset.name)
            if let other = owners[name] { throw .resourceNameClash(first: other, second: asset.name, name: name) }
            owners[name] = asset.name
        }
    }

    /// Layer lists and insets stay XML: Android draws them at its views' sizes.
    public var keepsDrawableXML: Bool { true }
}

extension AssetTarget where Self == AndroidAssetTarget {
    /// An Android `res/` tree.
    public static var android: AndroidAssetTarget { AndroidAssetTarget() }
}
