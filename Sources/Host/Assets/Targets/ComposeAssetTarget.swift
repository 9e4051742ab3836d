import NinepipeCore

/// Compose Multiplatform resources (the output is a source set's `composeResources` folder):
/// `drawable[-qualifiers]/` folders in the resources plugin's grammar only (`night` → `dark`,
/// `-vNN` and `nodpi`/`anydpi` dropped, a locale as language and `rXX` region), vector drawables
/// in the subset its common parser reads with every reference resolved and the tint baked in,
/// everything else as images at every density plus an unqualified copy of the densest, and for
/// nine-patches `NinePatches.kt` beside it in the source set's `kotlin/` folder.
public struct ComposeAssetTarget: AssetTarget {
    /// Creates the target.
    public init() {}

    /// `compose`.
    public var name: String { "compose" }

    /// `Android drawables → Compose Multiplatform composeResources/ folders that build on every platform`.
    public var summary: String { "Android drawables → Compose Multiplatform composeResources/ folders that build on every platform" }

    /// `composeApp/src/commonMain/composeResources`.
    public var exampleOutput: String { "composeApp/src/commonMain/composeResources" }

    /// The asset's files in each configuration.
    public func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        try ComposeAssetWriter(asset: asset, context: context).files(in: configurations)
    }

    /// The asset's name in every `drawable` folder of the output.
    public func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim] {
        guard let stem = ComposeLayout.fileStem(asset.name) else { return [] }
        let densities: [String?] = [nil] + ComposeLayout.densities.map(\.qualifier)
        let folders = asset.allConfigurations.flatMap { configuration in
            densities.compactMap { density in
                ComposeLayout.folder(AssetConfiguration(isDark: configuration.isDark, locale: configuration.locale), density: density)
            }
        }
        return Set(folders).sorted().map { AssetClaim(folder: output + "/" + $0, fileNamePrefix: stem) }
    }

    /// Refuses two assets whose files get one accessor (`ic-back` and `ic_back`), naming both.
    public func check(_ assets: [Asset], output: String) throws(AssetError) {
        var owners: [String: String] = [:]
        for asset in assets {
            guard let stem = ComposeLayout.fileStem(asset.name) else {
                throw .invalidTargetName(asset: asset.name, target: "Compose resource", reason: "it has no ASCII letter or digit")
            }
            for accessor in [stem, stem + "_rtl"].map({ ComposeLayout.accessor(ofFile: $0 + ".png") }) {
                if let other = owners[accessor], other != asset.name {
                    throw .targetNameClash(first: other, second: asset.name, name: accessor, target: "Compose resource accessor")
                }
                owners[accessor] = asset.name
            }
        }
    }

    /// `NinePatches.kt`, when a nine-patch was converted.
    public func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) throws -> [AssetFile] {
        let entries = conversions.compactMap { $0.targetEntry as? ComposeAssetEntry }.sorted { $0.accessor < $1.accessor }
        guard entries.contains(where: { !$0.slicings.isEmpty }) else { return [] }
        return [AssetFile(path: ComposeKotlin.path, text: ComposeKotlin.ninePatches(entries))]
    }
}

extension AssetTarget where Self == ComposeAssetTarget {
    /// Compose Multiplatform resources.
    public static var compose: ComposeAssetTarget { ComposeAssetTarget() }
}
