import NinepipeCore

/// An app's launcher icon as the model every platform's icon is drawn from: Android's adaptive
/// icon, a 108 dp square canvas of a background and a foreground layer (and a monochrome one
/// since API 33), of which a 72 dp square in the middle is visible and a 66 dp circle is never
/// clipped by any launcher's mask.
///
/// Found in an Android tree (``find(in:manifest:background:options:)``: the manifest's icon, an
/// `adaptive-icon` or legacy `mipmap` PNGs) or made from one master image
/// (``master(_:background:options:)``), then written by ``AppIconConverter``.
public struct AppIcon: Sendable {
    /// The side of the canvas, in dp.
    public static let canvasSide = 108.0
    /// The side of the visible square, in dp.
    public static let visibleSide = 72.0
    /// The diameter of the safe zone, the circle no mask clips, in dp.
    public static let safeZoneDiameter = 66.0

    /// The file the icon was read from (an `adaptive-icon` XML, a legacy PNG, the master).
    public var source: String
    /// The resource name the icon had (`ic_launcher`, `launcher`), or the master's file name.
    public var name: String
    /// The background layer (an adaptive icon's, or the master's background colour).
    var background: DrawableLayer?
    /// The foreground layer.
    var foreground: DrawableLayer?
    /// The monochrome layer, whose alpha alone counts (a themed icon's silhouette).
    var monochrome: DrawableLayer?
    /// A legacy icon: a bitmap that is the whole visible icon, its shape and margins included.
    var legacy: DrawableLayer?
    /// Whether the monochrome layer is the foreground's drawable (as Android Studio writes an
    /// icon), so a silhouette is drawn from the foreground already drawn.
    var monochromeIsForeground = false
    /// The background as a colour, when it is one (an Android `values` colour is written for it).
    var backgroundColor: AndroidColor?
    /// For a vector master: the foreground as a 108 dp vector drawable, the master placed in
    /// the safe zone.
    var foregroundVector: VectorDrawable?
    /// Notes for the report.
    public var warnings: [String] = []

    /// Whether the icon has layers (an adaptive icon, or one made from a master).
    public var isAdaptive: Bool { legacy == nil }
    /// Whether the icon was made from one master image (rather than found in an Android tree).
    public var isFromMaster = false

    /// Which layers to draw.
    enum Layers {
        /// Background and foreground: the icon as a launcher shows it.
        case full
        /// The background alone (an Android layer that is not a colour).
        case background
        /// The foreground on transparent (iOS 18's dark icon).
        case foreground
        /// The monochrome layer, else the foreground, as a white silhouette.
        case silhouette
        /// The foreground's luminance, its alpha kept (iOS 18's tinted icon without a monochrome layer).
        case luminance
    }
}

/// Draws an ``AppIcon``'s pictures, each layer drawn once for each size and kept for the
/// others (the full icon, the dark one and the tinted one share their layers).
final class AppIconDrawing {
    let icon: AppIcon
    private let upscale: Bool
    private let limits: ImageLimits
    private let codecs: ImageCodecRegistry
    /// Foreground and monochrome layers drawn, by layer, canvas side and the window of it kept
    /// (the full icon, the dark one and the tinted one share them; a background is drawn once
    /// for each picture, and not kept).
    private var drawn: [String: IconCanvas] = [:]

    init(_ icon: AppIcon, upscale: Bool, limits: ImageLimits, codecs: ImageCodecRegistry) {
        self.icon = icon
        self.codecs = codecs
        self.upscale = upscale
        self.limits = limits
    }

    /// `layer` drawn on a transparent canvas `pixels` square, `side` dp across, of which only
    /// `window` is kept (the whole canvas when `nil`): the visible square of a 1536-pixel
    /// canvas is drawn into a 1024-pixel one, never the whole canvas and a crop.
    private func layer(_ key: String, _ layer: DrawableLayer?, pixels: Int, side: Double, window: IconCanvas.Box?) throws -> IconCanvas? {
        guard let layer else { return nil }
        let window = window ?? IconCanvas.Box(x: 0, y: 0, width: pixels, height: pixels)
        let cacheKey = "\(key) \(pixels) \(window.x) \(window.y) \(window.width) \(window.height)"
        if let cached = drawn[cacheKey] { return cached }
        var canvas = IconCanvas(width: window.width, height: window.height)
        let box = IconCanvas.Box(x: -window.x, y: -window.y, width: pixels, height: pixels)
        try layer.draw(in: box, on: &canvas, DrawableLayer.Drawing(scale: Double(pixels) / side, upscale: upscale, limits: limits, codecs: codecs))
        if key != "background" { drawn[cacheKey] = canvas }
        return canvas
    }

    /// The whole 108 dp canvas `pixels` square (a maskable icon, an Android layer), or the
    /// part of it in `window`.
    func canvas(pixels: Int, layers: AppIcon.Layers, window: IconCanvas.Box? = nil) throws -> IconCanvas {
        let side = AppIcon.canvasSide
        func drawn(_ key: String, _ layer: DrawableLayer?) throws -> IconCanvas? {
            try self.layer(key, layer, pixels: pixels, side: side, window: window)
        }
        // A layer drawn is the canvas itself (no empty one made first and dropped).
        var canvas: IconCanvas?
        switch layers {
        case .full:
            canvas = try drawn("background", icon.background)
            if let foreground = try drawn("foreground", icon.foreground) {
                if canvas == nil { canvas = foreground } else { canvas?.draw(foreground, x: 0, y: 0) }
            }
        case .background:
            canvas = try drawn("background", icon.background)
        case .foreground, .luminance:
            canvas = try drawn("foreground", icon.foreground)
            if layers == .luminance { canvas?.makeGray(luminance: true) }
        case .silhouette:
            let key = icon.monochrome == nil || icon.monochromeIsForeground ? "foreground" : "monochrome"
            canvas = try drawn(key, icon.monochrome ?? icon.foreground)
            canvas?.makeGray(luminance: false)
        }
        return canvas ?? IconCanvas(width: window?.width ?? pixels, height: window?.height ?? pixels)
    }

    /// The visible 72 dp square, `pixels` square: the middle of the canvas drawn at 1.5 times
    /// that, or a legacy icon's bitmap resized.
    func visible(pixels: Int, layers: AppIcon.Layers) throws -> IconCanvas {
        if icon.legacy != nil {
            var canvas = try layer("legacy", icon.legacy, pixels: pixels, side: 48, window: nil) ?? IconCanvas(width: pixels, height: pixels)
            if layers == .silhouette || layers == .luminance { canvas.makeGray(luminance: layers == .luminance) }
            return canvas
        }
        let side = Int((Double(pixels) * AppIcon.canvasSide / AppIcon.visibleSide).rounded())
        let offset = (side - pixels) / 2
        return try canvas(pixels: side, layers: layers, window: IconCanvas.Box(x: offset, y: offset, width: pixels, height: pixels))
    }
}
