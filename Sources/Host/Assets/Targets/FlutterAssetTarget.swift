import NinepipeCore

/// A Flutter project's assets: bitmaps in `assets/images/` with density variants in
/// `1.5x/`, `2.0x/`, `3.0x/`, `4.0x/` (flutter_tools' variant folders), vectors as SVG in
/// `assets/vectors/` for `vector_graphics_compiler`, dark, right-to-left and locale variants as
/// files of their own (`card_dark.png`), generated Dart in `lib/ninepipe/` (every asset with its
/// variants, and nine-patches with their slicing per density and a widget that draws Android's
/// stretch), and the asset folders listed in the project's `pubspec.yaml` between marker
/// comments (or in `pubspec_assets.yaml` when the output holds no pubspec).
public struct FlutterAssetTarget: AssetTarget {
    /// Creates the target.
    public init() {}

    /// `flutter`.
    public var name: String { "flutter" }

    /// `images, nine-patches and vector drawables → a Flutter project's assets, pubspec and Dart`.
    public var summary: String { "images, nine-patches and vector drawables → a Flutter project's assets, pubspec and Dart" }

    /// `flutter_app/`.
    public var exampleOutput: String { "flutter_app/" }

    /// A project: app icons go into its `android/`, `ios/` and `web/` folders.
    public func appIconOutputProblem(_ output: String) -> String? {
        FileIO.isRegularFile(output + "/pubspec.yaml")
            ? nil
            : "\(output) is not a Flutter project (no pubspec.yaml): app icons go into a project's android/, ios/ and web/ folders; create it first (flutter create)"
    }

    /// The asset's files in each configuration.
    public func files(for asset: Asset, in configurations: [AssetConfiguration], context: AssetTargetContext) throws -> AssetConverter.Conversion {
        try FlutterAssetWriter(asset: asset, context: context).files(in: configurations)
    }

    /// The asset's files in the image folder and its variant folders, and in the vector folder.
    public func claims(for asset: Asset, output: String, options: AssetOptions) -> [AssetClaim] {
        guard let stem = try? DartName.fileStem(asset.name) else { return [] }
        let folders =
            FlutterLayout.scales.map { output + "/" + FlutterLayout.imageFolder + "/" + $0.folder } + [output + "/" + FlutterLayout.vectorFolder + "/"]
        return folders.flatMap { folder in
            [
                AssetClaim(folder: String(folder.dropLast()), fileNamePrefix: stem + "."),
                AssetClaim(folder: String(folder.dropLast()), fileNamePrefix: stem + "_"),
            ]
        }
    }

    /// Refuses two assets that become one file name or one Dart identifier, a name no mapping
    /// makes valid, and a `pubspec.yaml` in the output that cannot be edited.
    public func check(_ assets: [Asset], output: String) throws(AssetError) {
        var stems: [String: String] = [:]
        var identifiers: [String: String] = [:]
        for asset in assets {
            let stem = try DartName.fileStem(asset.name)
            if let other = stems[stem] { throw .targetNameClash(first: other, second: asset.name, name: stem, target: "Flutter asset file") }
            stems[stem] = asset.name
            let identifier = try DartName.identifier(asset.name)
            if let other = identifiers[identifier] { throw .targetNameClash(first: other, second: asset.name, name: identifier, target: "Dart") }
            identifiers[identifier] = asset.name
        }
        if let pubspec = try PubspecAssets.read(in: output) {
            _ = try PubspecAssets.edited(pubspec.text, path: pubspec.path, listing: PubspecAssets.Listing(images: true, vectors: true))
        }
    }

    /// The generated Dart and the pubspec's asset folders.
    public func closingFiles(after conversions: [AssetConverter.Conversion], options: AssetOptions, output: String) throws -> [AssetFile] {
        let entries = conversions.compactMap { $0.targetEntry as? FlutterAssetEntry }.sorted { $0.identifier < $1.identifier }
        let listing = PubspecAssets.Listing(images: entries.contains { !$0.isVector && !$0.isShape }, vectors: entries.contains(where: \.isVector))
        var files = [AssetFile(path: FlutterLayout.dartFolder + "/assets.g.dart", text: FlutterDart.assets(entries))]
        if entries.contains(where: \.isShape) {
            files.append(AssetFile(path: FlutterLayout.dartFolder + "/shapes.g.dart", text: FlutterDart.shapes(entries)))
        }
        if entries.contains(where: \.isNinePatch) {
            files.append(AssetFile(path: FlutterLayout.dartFolder + "/ninepatches.g.dart", text: FlutterDart.ninePatches(entries)))
        }
        if let pubspec = try PubspecAssets.read(in: output) {
            files.append(AssetFile(path: "pubspec.yaml", text: try PubspecAssets.edited(pubspec.text, path: pubspec.path, listing: listing)))
        } else {
            files.append(AssetFile(path: PubspecAssets.snippetName, text: PubspecAssets.snippet(listing)))
        }
        return files
    }
}

extension AssetTarget where Self == FlutterAssetTarget {
    /// A Flutter project.
    public static var flutter: FlutterAssetTarget { FlutterAssetTarget() }
}
