/// The size a vector source (SVG) is drawn at: vector formats have no pixels of their own, so
/// `load` says how many it wants.
///
/// With neither ``width`` nor ``height`` the document is drawn at ``scale`` times its own size
/// in CSS pixels (absolute units at 96 per inch, as CSS defines them): scale 1 is the size a
/// browser shows it at, 2 the size for a 2x screen. With one of them the other follows the
/// document's aspect ratio; with both the document is stretched to exactly that size (as
/// `rsvg-convert -w -h` does; the document's own `preserveAspectRatio` places its `viewBox`
/// inside its own size first).
public struct VectorRendering: Sendable, Hashable {
    /// The width in pixels, or `nil` to follow the height or the scale.
    public var width: Int?
    /// The height in pixels, or `nil` to follow the width or the scale.
    public var height: Int?
    /// The factor applied to the document's own size when neither side is given (default 1).
    public var scale: Double
    /// The screen density in dots per inch the scale was given as (`load density=`), or `nil`.
    /// A format whose own unit is not the CSS pixel draws from it: an Android vector drawable's
    /// dp is one pixel at 160.
    public var density: Double?

    /// Creates a rendering; the default draws the document at its own size.
    public init(width: Int? = nil, height: Int? = nil, scale: Double = 1) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// Creates a rendering at `density` dots per inch: `scale` is `density / 96` (a CSS pixel at
    /// 96 per inch), and formats whose unit is another keep the density (an Android dp is one
    /// pixel at 160).
    public init(density: Double) {
        self.init(scale: density / 96)
        self.density = density
    }

    /// The document's own size, at scale 1.
    public static let intrinsic = VectorRendering()

    /// Whether it asks for the document's own size.
    public var isIntrinsic: Bool { width == nil && height == nil && scale == 1 }

    /// Where a drawing lands: its size in whole pixels and the scale on each axis.
    public struct Layout: Sendable, Hashable {
        /// The drawing's width in pixels.
        public var width: Int
        /// The drawing's height in pixels.
        public var height: Int
        /// Pixels per CSS pixel of the document across.
        public var scaleX: Double
        /// Pixels per CSS pixel of the document down.
        public var scaleY: Double
    }

    /// The layout for a document `documentWidth`×`documentHeight` CSS pixels. A side that comes
    /// out fractional is rounded up, as librsvg advises (a partly covered pixel is kept; the
    /// document is not stretched into it), but a side within a millionth of a pixel of a whole
    /// number is that number. At least 1×1.
    public func layout(documentWidth: Double, documentHeight: Double) -> Layout {
        func whole(_ value: Double) -> Int {
            guard value.isFinite else { return Int.max }
            let rounded = value.rounded()
            let side = abs(value - rounded) < 1e-6 ? rounded : value.rounded(.up)
            return side >= Double(Int32.max) ? Int.max : Swift.max(1, Int(side))
        }
        switch (width, height) {
        case (let width?, let height?):
            return Layout(width: width, height: height, scaleX: Double(width) / documentWidth, scaleY: Double(height) / documentHeight)
        case (let width?, nil):
            let scale = Double(width) / documentWidth
            return Layout(width: width, height: whole(documentHeight * scale), scaleX: scale, scaleY: scale)
        case (nil, let height?):
            let scale = Double(height) / documentHeight
            return Layout(width: whole(documentWidth * scale), height: height, scaleX: scale, scaleY: scale)
        case (nil, nil):
            return Layout(width: whole(documentWidth * scale), height: whole(documentHeight * scale), scaleX: scale, scaleY: scale)
        }
    }
}
