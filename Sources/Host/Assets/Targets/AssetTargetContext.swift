import NinepipeCore
import Synchronization

/// What a target reaches the shared model through while converting one asset: the options, its
/// images drawn or decoded at any scale (vector and shape drawables drawn, bitmaps resampled from
/// the nearest denser file, nine-patches resolved), PNG encoding, and a place for warnings.
public struct AssetTargetContext: Sendable {
    /// The converter doing the work (options, renderers, writers shared by the built-in targets).
    public let converter: AssetConverter
    /// Warnings gathered for the asset.
    let notes: WarningList
    /// One renderer per asset and configuration asked for, so that each source is decoded or
    /// drawn once for all the scales a target asks (used under the lock: a renderer serves one
    /// thread at a time).
    private let renderers = Renderers()

    init(converter: AssetConverter, notes: WarningList) {
        self.converter = converter
        self.notes = notes
    }

    /// How `assets` converts.
    public var options: AssetOptions { converter.options }

    /// Adds a warning about the asset (once).
    public func warn(_ message: String) { notes.append(message) }

    /// `asset` in `configuration` as an upright image at `scale` (1 = mdpi = @1x), its nine-patch,
    /// if any, in its metadata; `nil` when no file is dense enough and upscaling is off.
    public func image(of asset: Asset, in configuration: AssetConfiguration, at scale: Double) throws -> Image? {
        try rendered(asset, in: configuration, at: scale)?.image
    }

    /// ``image(of:in:at:)`` with the file it came from (and its bytes, when used as they are).
    func rendered(_ asset: Asset, in configuration: AssetConfiguration, at scale: Double) throws -> AssetRenderer.Rendered? {
        let key = asset.name + "\u{0}" + configuration.description
        return try renderers.made.withLock { made in
            let renderer = made[key] ?? converter.renderer(for: asset, configuration: configuration, notes: notes)
            made[key] = renderer
            return try renderer.image(at: scale)
        }
    }

    /// `image` as PNG bytes.
    public func png(_ image: Image) throws -> [UInt8] {
        try options.codecs.encode(image, options: EncodeOptions(format: .png))
    }

    /// The renderers made so far, by asset name and configuration.
    private final class Renderers: Sendable {
        let made = Mutex<[String: AssetRenderer]>([:])
    }
}
