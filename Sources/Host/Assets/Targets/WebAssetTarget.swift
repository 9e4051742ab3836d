import NinepipeCore

/// A folder for the web: `NAME.png`, `NAME@2x.png` (or `NAME.svg`), `NAME.css` with the
/// configurations as media queries and selectors, and `assets.json` listing every asset; an app
/// icon becomes manifest icons, `favicon.ico` and `apple-touch-icon.png`.
public struct WebAssetTarget: AssetTarget {
    /// Creates the target.
    public init() {}

    /// `web`.
    public var name: String { "web" }

    /// `images and nine-patches → name.png, name@2x.png, name.css, assets.json`.
    public var summary: String { "images and nine-patches → name.png, name@2x.png, name.css, assets.json" }

    /// `web/`.
    public var exampleOutput: String { "web/" }

    /// How the centre fills.
    public var settings: [AssetTargetSetting] { [.centerMode] }

    /// The asset's images and CSS.
    public func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        try context.converter.webFiles(asset, configurations: configurations, notes: context.notes)
    }

    /// Every file named after the asset in the output folder (`NAME.…` and `NAME@…`).
    public func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim] {
        [AssetClaim(folder: output, fileNamePrefix: asset.name + "."), AssetClaim(folder: output, fileNamePrefix: asset.name + "@")]
    }

    /// `assets.json`, one entry per asset.
    public func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) -> [AssetFile] {
        [AssetFile(path: "assets.json", text: JSONValue.object(["assets": .array(conversions.compactMap(\.manifestEntry))]).text)]
    }
}

extension AssetTarget where Self == WebAssetTarget {
    /// A folder for the web.
    public static var web: WebAssetTarget { WebAssetTarget() }
}
