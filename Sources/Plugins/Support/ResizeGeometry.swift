import NinepipeCore

extension Transforms {
    /// Where a resize takes its pixels from and what size it makes: the scaled size, the source
    /// region mapped onto it (smaller than the image for `cover`), and the letterbox margins
    /// for `contain` with a background.
    struct ResizeGeometry: Sendable, Hashable {
        /// Size of the resampled image.
        var width: Int, height: Int
        /// Source region mapped onto it.
        var region: ResamplingRegion
        /// Letterbox margins (top, left, bottom, right) around the resampled image; zero without a background.
        var margins: (top: Int, left: Int, bottom: Int, right: Int) = (0, 0, 0, 0)

        /// The canvas size: the resampled image plus margins.
        var canvasWidth: Int { width + margins.left + margins.right }
        /// The canvas height.
        var canvasHeight: Int { height + margins.top + margins.bottom }

        static func == (a: Self, b: Self) -> Bool {
            a.width == b.width && a.height == b.height && a.region == b.region && a.margins == b.margins
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(region)
            hasher.combine(margins.top)
            hasher.combine(margins.right)
            hasher.combine(margins.bottom)
            hasher.combine(margins.left)
        }

        /// Works out the geometry for a `sourceWidth`×`sourceHeight` image.
        ///
        /// - Parameters:
        ///   - width, height: requested sides (at least one); percentages are of the source side.
        ///   - upscale: when false the scale factor never exceeds 1.
        ///   - letterbox: for `contain`, pad to exactly width × height, placed by gravity.
        init(
            sourceWidth: Int, sourceHeight: Int, width: Length?, height: Length?, fit: Fit, gravity: Gravity,
            upscale: Bool, letterbox: Bool
        ) {
            let sw = Double(sourceWidth)
            let sh = Double(sourceHeight)
            let tw = width?.resolved(against: sourceWidth)
            let th = height?.resolved(against: sourceHeight)
            func side(_ value: Double) -> Int { Swift.max(1, Int(Swift.min(value, 1e9).rounded())) }
            let whole = ResamplingRegion(x: 0, y: 0, width: sw, height: sh)
            guard let tw, let th else {
                // One side given: the other keeps the aspect ratio.
                var scale = tw.map { $0 / sw } ?? th.map { $0 / sh } ?? 1
                if !upscale { scale = Swift.min(scale, 1) }
                self.width = side(sw * scale)
                self.height = side(sh * scale)
                self.region = whole
                return
            }
            switch fit {
            case .fill:
                let sx = upscale ? tw / sw : Swift.min(tw / sw, 1)
                let sy = upscale ? th / sh : Swift.min(th / sh, 1)
                self.width = side(sw * sx)
                self.height = side(sh * sy)
                self.region = whole
            case .contain:
                var scale = Swift.min(tw / sw, th / sh)
                if !upscale { scale = Swift.min(scale, 1) }
                let limitedByWidth = tw / sw <= th / sh
                self.width = limitedByWidth && scale == tw / sw ? side(tw) : side(sw * scale)
                self.height = !limitedByWidth && scale == th / sh ? side(th) : side(sh * scale)
                self.region = whole
                if letterbox {
                    let extraX = Swift.max(0, side(tw) - self.width)
                    let extraY = Swift.max(0, side(th) - self.height)
                    let left = gravity.offset(inner: 0, outer: extraX, vertical: false)
                    let top = gravity.offset(inner: 0, outer: extraY, vertical: true)
                    margins = (top: top, left: left, bottom: extraY - top, right: extraX - left)
                }
            case .cover:
                var scale = Swift.max(tw / sw, th / sh)
                if !upscale { scale = Swift.min(scale, 1) }
                self.width = Swift.min(side(tw), side(sw * scale))
                self.height = Swift.min(side(th), side(sh * scale))
                let regionWidth = Swift.min(sw, Double(self.width) / scale)
                let regionHeight = Swift.min(sh, Double(self.height) / scale)
                self.region = ResamplingRegion(
                    x: (sw - regionWidth) * gravity.alignment.x,
                    y: (sh - regionHeight) * gravity.alignment.y,
                    width: regionWidth, height: regionHeight)
            }
        }
    }
}
