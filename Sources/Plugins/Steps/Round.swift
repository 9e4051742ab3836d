import NinepipeCore

extension Transforms {
    /// `round`: makes the corners transparent along an antialiased circular arc.
    ///
    /// - `round radius=12`; per corner `radius=12,12,0,0` (top-left, top-right, bottom-right,
    ///   bottom-left; 2 or 3 values follow CSS `border-radius`).
    /// - `radius=50%` is half the shorter side: a circle, or a capsule on a rectangle.
    /// - `round radius=12 border=2` first adds a 2-pixel transparent border, then rounds the
    ///   picture inside it, as the classic toolkit's `roundedCornerImage:borderSize:` does.
    ///
    /// Edge pixels get the exact fraction of their area inside the arc (analytic, not
    /// supersampled). Radii that do not fit are scaled down together as CSS does, never a
    /// crash. An alpha channel is added when the image has none.
    public struct Round: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "round"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Round the corners with antialiased arcs; per-corner radii, % of the shorter side, optional transparent border"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "radius", .list(.length(0...65_535), count: 1...4), required: true, positional: true,
                summary: "corner radius: 1 value, or top-left,top-right,bottom-right,bottom-left; % of the shorter side"),
            ParameterSpec(
                "border", .integer(0...65_535), default: .integer(0),
                summary: "transparent border added first; the picture inside it is rounded"),
        ]

        /// Radii of the top-left, top-right, bottom-right and bottom-left corners.
        public var radii: [Length]
        /// Transparent border added before rounding.
        public var border: Int

        /// Creates the transform.
        ///
        /// - Parameters:
        ///   - radii: 1–4 radii in CSS `border-radius` order.
        ///   - border: transparent border added first.
        public init(radii: [Length], border: Int = 0) {
            self.radii = Self.corners(radii)
            self.border = border
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            guard case .list(let values)? = arguments["radius"] else {
                throw ParameterError(name: "radius", value: "", expected: "1–4 radii, e.g. radius=12 or radius=50%")
            }
            self.init(radii: values.compactMap { Length($0) }, border: arguments["border"]?.intValue ?? 0)
        }

        /// Expands 1–4 CSS-ordered radii to top-left, top-right, bottom-right, bottom-left.
        static func corners<T>(_ values: [T]) -> [T] {
            switch values.count {
            case 1: [values[0], values[0], values[0], values[0]]
            case 2: [values[0], values[1], values[0], values[1]]
            case 3: [values[0], values[1], values[2], values[1]]
            default: Array(values.prefix(4))
            }
        }

        /// Returns the image with rounded corners.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try image.transformedUpright { upright in
                try context.checkResult(width: upright.width + 2 * border, height: upright.height + 2 * border, like: upright)
                let bordered = upright.padded(top: border, left: border, bottom: border, right: border, color: .clear)
                let inner = PixelRect(x: border, y: border, width: upright.width, height: upright.height)
                let shorter = Swift.min(inner.width, inner.height)
                return Self.rounding(bordered, inside: inner, radii: radii.map { $0.resolved(against: shorter) })
            }
        }

        /// `image` (given alpha if it has none) with the corners of `rect` cut along arcs of `radii`
        /// (top-left, top-right, bottom-right, bottom-left), scaled down together when they do not fit.
        public static func rounding(_ image: Image, inside rect: PixelRect, radii: [Double]) -> Image {
            let result = image.converted(to: image.layout.withAlpha).unpremultiplied()
            let r = fitted(radii, width: Double(rect.width), height: Double(rect.height))
            guard r.contains(where: { $0 > 0 }) else { return result }
            return cutting(result, top: 0, coverage: coverageRows(rect: rect, radii: r))
        }

        /// `rows` (straight alpha, with an alpha channel; `top` is the image row of its first row)
        /// with the alpha of each pixel in `coverage` (image row → columns and fractions) scaled.
        static func cutting(_ rows: Image, top: Int, coverage: [Int: [(Int, Double)]]) -> Image {
            var result = rows
            let channels = result.layout.channelCount
            let width = result.width
            func apply<S: FixedWidthInteger & UnsignedInteger>(_ samples: inout [S]) {
                for y in top..<(top + rows.height) {
                    for (x, fraction) in coverage[y] ?? [] {
                        let index = ((y - top) * width + x) * channels + channels - 1
                        samples[index] = S((Double(samples[index]) * fraction).rounded())
                    }
                }
            }
            result.editSamples(eight: { apply(&$0) }, sixteen: { apply(&$0) })
            return result
        }

        /// Radii scaled down together so adjacent corners never overlap (CSS Backgrounds §5.5).
        static func fitted(_ radii: [Double], width: Double, height: Double) -> [Double] {
            let r = radii.map { Swift.max(0, $0) }
            var factor = 1.0
            for (sum, side) in [(r[0] + r[1], width), (r[3] + r[2], width), (r[0] + r[3], height), (r[1] + r[2], height)] where sum > side {
                factor = Swift.min(factor, side / sum)
            }
            return r.map { $0 * factor }
        }

        /// For every row crossing a corner box, the coverage of each pixel that is not fully inside.
        static func coverageRows(rect: PixelRect, radii: [Double]) -> [Int: [(Int, Double)]] {
            let left = Double(rect.x)
            let top = Double(rect.y)
            let right = Double(rect.x + rect.width)
            let bottom = Double(rect.y + rect.height)
            // Centre, and the direction from the centre towards the corner, for each corner.
            let corners: [(radius: Double, cx: Double, cy: Double, sx: Double, sy: Double)] = [
                (radii[0], left + radii[0], top + radii[0], -1, -1),
                (radii[1], right - radii[1], top + radii[1], 1, -1),
                (radii[2], right - radii[2], bottom - radii[2], 1, 1),
                (radii[3], left + radii[3], bottom - radii[3], -1, 1),
            ]
            var rows: [Int: [Int: Double]] = [:]
            for corner in corners where corner.radius > 0 {
                let shape = CornerCoverage(radius: corner.radius)
                let span = Int(corner.radius.rounded(.up))
                let xs = corner.sx < 0 ? rect.x..<(rect.x + span) : (rect.x + rect.width - span)..<(rect.x + rect.width)
                let ys = corner.sy < 0 ? rect.y..<(rect.y + span) : (rect.y + rect.height - span)..<(rect.y + rect.height)
                for y in ys {
                    let v = [corner.sy * (Double(y) - corner.cy), corner.sy * (Double(y + 1) - corner.cy)]
                    for x in xs {
                        let u = [corner.sx * (Double(x) - corner.cx), corner.sx * (Double(x + 1) - corner.cx)]
                        let inside = shape.coverage(u0: u.min() ?? 0, u1: u.max() ?? 0, v0: v.min() ?? 0, v1: v.max() ?? 0)
                        if inside < 1 { rows[y, default: [:]][x, default: 0] += 1 - inside }
                    }
                }
            }
            return rows.mapValues { row in row.map { ($0.key, Swift.max(0, 1 - $0.value)) } }
        }
    }
}

extension Transforms.Round: PeakMemoryEstimating {
    /// The bordered copy and the result, each with alpha added: twice the image at four
    /// channels (measured: 2 times a 3-channel input beside it).
    public func peakMemory(for image: Image) -> Int { 2 * image.byteCount / image.layout.channelCount * 4 }
}

extension Transforms.Round: BandTransform {
    /// Streams the rounding: the border is padded band by band, and only rows that cross a
    /// corner have alpha to scale.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        let source = input.header
        guard source.metadata.orientation == .up else { return nil }
        try context.limits.check(width: source.width + 2 * border, height: source.height + 2 * border)
        let bordered: any BandSource =
            border > 0
            ? PaddedBandSource(input, top: border, left: border, bottom: border, right: border, color: .clear) : input
        let inner = PixelRect(x: border, y: border, width: source.width, height: source.height)
        let shorter = Swift.min(inner.width, inner.height)
        let r = Self.fitted(radii.map { $0.resolved(against: shorter) }, width: Double(inner.width), height: Double(inner.height))
        let coverage = r.contains(where: { $0 > 0 }) ? Self.coverageRows(rect: inner, radii: r) : [:]
        var header = bordered.header
        header.layout = header.layout.withAlpha
        header.alphaMode = .straight
        let alphaMode = bordered.header.alphaMode
        return RowwiseBandSource(bordered, header: header) { band in
            var rows = band.rows
            rows.alphaMode = alphaMode
            return Self.cutting(rows.converted(to: rows.layout.withAlpha).unpremultiplied(), top: band.top, coverage: coverage)
        }
    }
}
