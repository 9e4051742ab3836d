import NinepipeCore

extension AssetConverter {
    /// The vector drawable an asset of that kind is made of in `configuration`: its file, its
    /// bytes and the drawable read with the tree's colours (night ones first in a dark
    /// configuration) and the theme asked for. Each platform's writer keeps it as a
    /// vector its own way (`iosVectorFiles`, `webVectorFiles`, the drawable itself on Android).
    func vectorDrawable(of asset: Asset, in configuration: AssetConfiguration = .standard) throws -> (path: String, bytes: [UInt8], drawable: VectorDrawable) {
        guard let source = asset.configured(configuration).variants.first(where: { $0.kind == .vectorDrawable }) else {
            throw AssetError.cannotExpress(detail: "\(asset.name): no vector drawable among its files")
        }
        let path = source.path
        do {
            let bytes = try FileIO.read(path, maxBytes: 32 << 20)
            let resources = try AssetConverter.resources(forDrawableAt: path, options: options, night: configuration.isDark)
            return (path, bytes, try VectorDrawableCodec.drawable(bytes, limits: options.limits, resources: resources))
        } catch {
            throw Self.reading(error, path: path, limits: options.limits)
        }
    }

    /// The shape drawable an asset of that kind is made of in `configuration`: its file, its
    /// bytes and the shape read with the tree's colours and dimensions (night ones first in a
    /// dark configuration).
    func shapeDrawable(of asset: Asset, in configuration: AssetConfiguration = .standard) throws -> (path: String, bytes: [UInt8], shape: ShapeDrawable) {
        guard let source = asset.configured(configuration).variants.first(where: { $0.kind == .shape }) else {
            throw AssetError.cannotExpress(detail: "\(asset.name): no shape drawable among its files")
        }
        let path = source.path
        do {
            let bytes = try FileIO.read(path, maxBytes: 32 << 20)
            let resources = try AssetConverter.resources(forDrawableAt: path, options: options, night: configuration.isDark)
            return (path, bytes, try ShapeDrawable.read(bytes, limits: options.limits, resources: resources))
        } catch {
            throw Self.reading(error, path: path, limits: options.limits)
        }
    }
}
