import NinepipeCore
import NinepipePlugins

/// Makes one asset's image at any scale from its variants: the variant at that scale, else
/// the nearest denser one resized (Android's density rounding, nine-patch divs scaled with
/// the pixels), else with ``upscale`` the densest one enlarged.
///
/// Decoded variants are kept for the asset's other scales; one renderer serves one asset on
/// one thread.
final class AssetRenderer {
    /// An image at a target scale and where it came from.
    struct Rendered {
        var image: Image
        var source: Asset.Variant
        /// The source file's bytes when the image is that file unchanged (same scale, stored
        /// upright, no nine-patch): copied as they are, never re-encoded.
        var original: [UInt8]? = nil
    }

    let asset: Asset
    private let codecs: ImageCodecRegistry
    private let limits: ImageLimits
    private let upscale: Bool
    private let warn: @Sendable (String) -> Void
    /// What a vector drawable's colours resolve to, by its path.
    var resources: @Sendable (String) throws -> VectorDrawable.Resources = { _ in .none }
    private var decoded: [String: (image: Image, original: [UInt8]?)] = [:]
    /// A vector variant's document, read once for all its scales.
    private var documents: [String: [UInt8]] = [:]
    /// A vector drawable variant, read once for all its scales.
    private var drawables: [String: VectorDrawable] = [:]
    /// A shape drawable variant, read once for all its scales.
    private var shapes: [String: ShapeDrawable] = [:]
    /// A layer list or inset variant, read once for all its scales.
    private var layers: [String: DrawableLayer] = [:]
    /// What drawing the asset's layers may cost, at all its scales together.
    private lazy var layerBudget = LayerDrawingBudget(limits: limits)

    /// The run's XML drawables, each parsed once.
    private let xml: ResourceDocuments

    init(
        asset: Asset, codecs: ImageCodecRegistry, limits: ImageLimits, upscale: Bool, documents: ResourceDocuments,
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.asset = asset
        self.codecs = codecs
        self.xml = documents
        self.limits = limits
        self.upscale = upscale
        self.warn = warn
    }

    /// The image at `scale`, or `nil` when no variant is dense enough (and upscaling is off). A
    /// vector variant (SVG) is drawn at every scale, never resized: a `.9.svg`'s guides are
    /// computed for each one.
    func image(at scale: Double) throws -> Rendered? {
        if let vector = asset.variants.first(where: { $0.kind != .bitmap }) {
            let drawn = try draw(vector, at: scale)
            if let image = drawn?.image, max(image.width, image.height) > Self.largeDrawingSide {
                // Drawn as asked, but worth a look: an illustration meant for a large screen, or a
                // size written in px where dp was meant.
                let points = scale == scale.rounded() ? "@\(Int(scale))x" : "at scale \(scale)"
                warn("\(vector.path): drawn \(image.width)×\(image.height) pixels \(points), larger than \(Self.largeDrawingSide) on a side; check its size")
            }
            return drawn
        }
        guard let source = asset.source(for: scale, upscale: upscale) else { return nil }
        let (image, original) = try decode(source)
        if abs(source.scale - scale) < 1e-9 { return Rendered(image: image, source: source, original: original) }
        // Android rounds a density-scaled bitmap's sides to the nearest pixel.
        let factor = scale / source.scale
        let width = max(1, Int(Double(image.width) * factor + 0.5))
        let height = max(1, Int(Double(image.height) * factor + 0.5))
        let resize = Transforms.Resize(width: .pixels(Double(width)), height: .pixels(Double(height)), fit: .fill)
        let path = source.path
        let context = TransformContext(limits: limits) { [warn] in warn("\(path): \($0)") }
        do {
            return Rendered(image: try resize.apply(to: image, context: context), source: source)
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }

    /// The side, in dp, a size-less shape that cannot stretch is drawn at.
    static let statedSide = 100.0

    /// Why the size-less rectangle `shape` cannot be a stretchable image (iOS's 9-part slicing
    /// and CSS's border-image stretch a centre between fixed caps), or `nil` when it can: a
    /// gradient would be flattened to the centre pixel's colour, and dashes would become solid
    /// lines along the stretched sides.
    static func unstretchable(_ shape: ShapeDrawable) -> String? {
        guard shape.size(at: 1) == nil, shape.kind == .rectangle else { return nil }
        if shape.gradient != nil { return "a size-less shape with a gradient cannot stretch (its centre would take one colour)" }
        if let stroke = shape.stroke, stroke.dashWidth.pixels(at: 1) > 0, stroke.dashGap.pixels(at: 1) > 0, stroke.color.alpha > 0 {
            return "a size-less shape with a dashed stroke cannot stretch (its sides would come out solid)"
        }
        return nil
    }

    /// The side past which a drawn vector, shape or layer list is named in a warning.
    static let largeDrawingSide = 4096

    /// The vector `variant` drawn at `scale` (its own scale is its size in CSS pixels).
    private func draw(_ variant: Asset.Variant, at scale: Double) throws -> Rendered? {
        let path = variant.path
        do {
            if variant.kind == .shape {
                let shape = try shapes[path] ?? ShapeDrawable(xml.document(at: path).root, resources: resources(path))
                shapes[path] = shape
                if let reason = Self.unstretchable(shape) {
                    // Stretched by its centre, it would come out wrong: drawn at a stated size instead.
                    let side = Self.statedSide
                    let pixels = max(1, Int((side * scale / variant.scale).rounded()))
                    warn("\(path): \(reason), so it is drawn at \(Int(side))×\(Int(side)) dp, not as a stretchable image; give it <size> to choose its size")
                    return Rendered(image: try shape.draw(width: pixels, height: pixels, scale: scale / variant.scale, limits: limits), source: variant)
                }
                return Rendered(image: try shape.draw(at: scale / variant.scale, limits: limits), source: variant)
            }
            if variant.kind == .layered {
                let layer = try layers[path] ?? DrawableLayerReader.reading(path, limits: limits, documents: xml, warn: warn, resources: resources)
                layers[path] = layer
                do {
                    return Rendered(
                        image: try layer.drawn(at: scale / variant.scale, path: path, upscale: upscale, limits: limits, codecs: codecs, budget: layerBudget),
                        source: variant)
                } catch let error as DrawableLayerError where error.needsUpscale {
                    return nil  // a bitmap layer not dense enough for this scale: the slot is left out, as for a bitmap
                }
            }
            if variant.kind == .vectorDrawable {
                // Read once, drawn at every scale.
                let drawable = try drawables[path] ?? VectorDrawable(xml.document(at: path).root, resources: resources(path))
                drawables[path] = drawable
                let image = try VectorDrawableCodec.draw(drawable, rendering: VectorRendering(scale: scale / variant.scale), limits: limits)
                return Rendered(image: image, source: variant)
            }
            var options = DecodeOptions(limits: limits)
            options.rendering = VectorRendering(scale: scale / variant.scale)
            let document = try documents[path] ?? FileIO.read(path, requiringRegularFile: true)
            documents[path] = document
            let image = try codecs.decode(document, options: options) { [warn] in warn("\(path): \($0)") }
            return Rendered(image: image, source: variant)
        } catch {
            throw AssetConverter.reading(error, path: path, limits: limits)
        }
    }

    /// A variant decoded upright, its nine-patch resolved (chunk, `.9.png` frame, or imageset slicing).
    private func decode(_ variant: Asset.Variant) throws -> (image: Image, original: [UInt8]?) {
        if let cached = decoded[variant.path] { return cached }
        let path = variant.path
        do {
            let bytes = try FileIO.read(path, requiringRegularFile: true)
            var image = try codecs.decode(bytes, options: DecodeOptions(limits: limits)) { [warn] in warn("\(path): \($0)") }
            let plain = image.metadata.orientation == .up && image.metadata.ninePatch == nil
            image = try NinePatchSource.auto.resolve(image.uprighted(), path: path) { [warn] in warn("\(path): \($0)") }
            if !NinePatchSource.isCompiled(image) {
                if let resizing = variant.resizing {
                    do {
                        image.metadata.ninePatch = try resizing.ninePatch(width: image.width, height: image.height, alignment: variant.alignmentInsets)
                    } catch {
                        // Name the image's size: the insets are only wrong for it.
                        guard case .noCenter(let axis, let start, let end, let length, _) = error else { throw error }
                        throw AssetError.noCenter(axis: axis, start: start, end: end, length: length, size: "\(image.width)×\(image.height)")
                    }
                } else if let alignment = variant.alignmentInsets, !alignment.isZero {
                    image.metadata.ninePatch = NinePatchInfo(layoutBounds: NinePatchLayoutBounds(insets: alignment))
                }
            }
            let entry = (image: image, original: plain && image.metadata.ninePatch == nil ? bytes : nil)
            decoded[path] = entry
            return entry
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
    }
}
