import NinepipeCore
import NinepipePlugins

extension AppIcon {
    /// The side a bitmap master needs at least (the iOS icon's), unless enlarging is allowed.
    public static let masterSide = 1024

    /// How far inside the safe zone's edge a master's farthest pixel is placed, in dp: room for
    /// the antialiasing and resampling that spread an edge by up to a device pixel.
    public static let safeZoneMargin = 0.5

    /// An adaptive icon made from one master image: an SVG, a vector drawable, or a bitmap of at
    /// least ``masterSide`` pixels a side.
    ///
    /// - The **background** is `background`, else the master's edge colour when its edge is
    ///   opaque and one colour, else white.
    /// - The **foreground** is the master, with an opaque one-colour edge made transparent
    ///   (colour to alpha: drawn back over that colour, it gives the master's pixels again), scaled
    ///   and centred so that everything it draws lies in the 66 dp safe zone: the farthest drawn
    ///   pixel from the middle of what it draws is 32.5 dp away (``safeZoneMargin`` inside).
    /// - The **monochrome** layer is the foreground's silhouette.
    ///
    /// A master that is a picture to its edges (opaque, its edge of many colours: an iOS icon)
    /// is the background instead, filling the visible square, its edge repeated into the bleed,
    /// with no foreground (unless `background` is given: then it is fitted whole on that colour).
    public static func master(_ path: String, background: Background? = nil, options: AssetOptions) throws -> AppIcon {
        var given: AndroidColor?
        var backgroundLayer: DrawableLayer?
        switch background {
        case .color(let color): given = color
        case .drawable(let file): (given, backgroundLayer) = (AndroidColor(red: 255, green: 255, blue: 255), try drawable(file, options: options))
        case nil: break
        }
        var icon = AppIcon(source: path, name: AssetCollector.assetName(path))
        icon.isFromMaster = true
        var (image, vector) = try masterPicture(path, options: options, warnings: &icon.warnings)
        let edge = MasterEdge(image)
        var foreground = image
        switch edge {
        case .transparent:
            icon.backgroundColor = given ?? AndroidColor(red: 255, green: 255, blue: 255)
        case .uniform(let color):
            icon.backgroundColor = given ?? color
            foreground = MasterEdge.removing(color, from: image)
            vector = nil  // what is drawn is the master less its background
        case .fullBleed where given == nil:
            // A picture to its edges (an iOS icon): it is the background, filling the visible
            // 72 dp square, its edge repeated into the bleed; there is no foreground to fit.
            icon.background = .image(MasterEdge.extended(image, by: canvasSide / visibleSide), path: path)
            icon.warnings.append(
                "\(path): a picture to its edges (no transparent or one-colour background) becomes the background layer, filling the visible square; it has no foreground, so no monochrome layer and no dark or tinted iOS variant"
            )
            return icon
        case .fullBleed, .mixed:
            let mean: AndroidColor
            if case .mixed(let edgeMean) = edge { mean = edgeMean } else { mean = Self.edgeMean(image) }
            icon.backgroundColor = given ?? mean
            icon.warnings.append(
                "\(path): its edge is neither transparent nor one colour, so the whole picture is fitted into the 66 dp safe zone on \(given == nil ? "its mean edge colour \(mean)" : "the background given"); a master with a transparent or one-colour background fills the icon better"
            )
            vector = nil
        }
        try place(foreground, vector: vector, path: path, in: &icon)
        icon.background = backgroundLayer ?? icon.backgroundColor.map(DrawableLayer.color)
        if backgroundLayer != nil { icon.backgroundColor = nil }
        icon.monochrome = icon.foreground
        icon.monochromeIsForeground = true
        return icon
    }

    /// The master at `path` as 8-bit straight RGBA (a vector drawn 1536 pixels on its longer
    /// side), and as a vector drawable when it is one or its SVG converts to one.
    ///
    /// - Throws: ``AppIconError/tooSmall(path:size:needed:)`` for a bitmap under ``masterSide``
    ///   unless enlarging is allowed; reading errors naming the file.
    static func masterPicture(_ path: String, options: AssetOptions, warnings: inout [String]) throws -> (image: Image, vector: VectorDrawable?) {
        let bytes = try FileIO.read(path, maxBytes: 256 << 20, requiringRegularFile: true)
        var vector: VectorDrawable?
        let format = options.codecs.format(forPath: path)
        do {
            if format == .vectorDrawable {
                vector = try VectorDrawableCodec.drawable(
                    bytes, limits: options.limits, resources: AssetConverter.resources(forDrawableAt: path, options: options))
            } else if format == .svg {
                do {
                    vector = try VectorDrawable(svg: bytes, limits: options.limits)
                } catch {
                    warnings.append("\(path): drawn as a bitmap, not kept a vector: \(error)")
                }
            }
        } catch {
            throw AssetConverter.reading(error, path: path, limits: options.limits)
        }
        let drawnSide = 1536
        var image: Image
        do {
            if let vector {
                let wide = vector.width >= vector.height
                image = try VectorDrawableCodec.draw(
                    vector, rendering: VectorRendering(width: wide ? drawnSide : nil, height: wide ? nil : drawnSide), limits: options.limits)
            } else if format == .svg {
                let info = try options.codecs.info(bytes, limits: options.limits)
                var decoding = DecodeOptions(limits: options.limits)
                decoding.rendering = info.width >= info.height ? VectorRendering(width: drawnSide) : VectorRendering(height: drawnSide)
                image = try options.codecs.decode(bytes, options: decoding)
            } else {
                image = try options.codecs.decode(bytes, options: DecodeOptions(limits: options.limits)).uprighted()
                if min(image.width, image.height) < masterSide && !options.upscale {
                    throw AppIconError.tooSmall(path: path, size: "\(image.width)×\(image.height)", needed: "\(masterSide)×\(masterSide)")
                }
            }
        } catch let error as AppIconError {
            throw error
        } catch {
            throw FileError.inFile(path: path, underlying: error)
        }
        return ((image.alphaMode == .premultiplied ? image.unpremultiplied() : image).converted(to: .rgba).converted(to: .eight), vector)
    }

    /// Makes `foreground` (the master's pixels less its background; `vector`, when the master is
    /// one and nothing was taken out) the icon's foreground, scaled and centred so that the
    /// farthest pixel it draws is ``safeZoneMargin`` inside the safe zone.
    static func place(_ foreground: Image, vector: VectorDrawable?, path: String, in icon: inout AppIcon) throws {
        guard let reach = MasterEdge.reach(of: foreground) else {
            throw AppIconError.layer(path: path, line: 0, reason: "the master draws nothing (every pixel is transparent or the background colour)")
        }
        let side = AppIcon.canvasSide
        var perPixel = (safeZoneDiameter / 2 - Self.safeZoneMargin) / max(reach.radius, 1)  // dp per master pixel
        perPixel = min(perPixel, 3 * side / Double(max(foreground.width, foreground.height)))
        let left = side / 2 - reach.centerX * perPixel
        let top = side / 2 - reach.centerY * perPixel
        let width = Double(foreground.width) * perPixel
        let height = Double(foreground.height) * perPixel
        let insets = DrawableLayer.LayerInsets(
            left: .length(.init(dp: left)), top: .length(.init(dp: top)), right: .length(.init(dp: side - left - width)),
            bottom: .length(.init(dp: side - top - height)))
        guard let vector else {
            icon.foreground = .inset(.image(foreground, path: path), insets)
            return
        }
        icon.foreground = .inset(.vector(vector, path: path), insets)
        var group = VectorDrawable.Group(nodes: vector.nodes)
        group.scaleX = width / vector.viewportWidth
        group.scaleY = height / vector.viewportHeight
        group.translateX = left
        group.translateY = top
        var placed = vector
        (placed.width, placed.height, placed.viewportWidth, placed.viewportHeight) = (side, side, side, side)
        placed.nodes = [.group(group)]
        icon.foregroundVector = placed
    }

    /// The background an icon made from a master is given: a colour, or a drawable (an SVG, a
    /// vector drawable or a bitmap) filling the 108 dp canvas.
    public enum Background: Sendable, Hashable {
        /// A colour (written as an Android `values` colour).
        case color(AndroidColor)
        /// The image file at `path`, filling the canvas.
        case drawable(path: String)
    }

    /// The image file at `path` as a layer filling its box: a vector drawable or an SVG that
    /// converts to one stays a vector; other files are decoded.
    static func drawable(_ path: String, options: AssetOptions) throws -> DrawableLayer {
        do {
            let bytes = try FileIO.read(path, maxBytes: 256 << 20, requiringRegularFile: true)
            switch options.codecs.format(forPath: path) {
            case .vectorDrawable:
                let resources = try AssetConverter.resources(forDrawableAt: path, options: options)
                return .vector(try VectorDrawableCodec.drawable(bytes, limits: options.limits, resources: resources), path: path)
            case .svg:
                if let vector = try? VectorDrawable(svg: bytes, limits: options.limits) { return .vector(vector, path: path) }
                var decoding = DecodeOptions(limits: options.limits)
                decoding.rendering = VectorRendering(width: 1536, height: 1536)
                return .image(try options.codecs.decode(bytes, options: decoding), path: path)
            default:
                return .image(try options.codecs.decode(bytes, options: DecodeOptions(limits: options.limits)).uprighted(), path: path)
            }
        } catch {
            throw AssetConverter.reading(error, path: path, limits: options.limits)
        }
    }

    /// The mean colour of `image`'s outermost pixels (8-bit RGBA).
    static func edgeMean(_ image: Image) -> AndroidColor {
        var sums = [0, 0, 0]
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where y == 0 || x == 0 || y == image.height - 1 || x == image.width - 1 {
                for channel in 0..<3 { sums[channel] += image.sample(x: x, y: y, channel: channel) }
                count += 1
            }
        }
        let mean = sums.map { UInt8($0 / max(count, 1)) }
        return AndroidColor(red: mean[0], green: mean[1], blue: mean[2])
    }
}
