import NinepipeCore

extension Transforms {
    /// `trim threshold=10 background=auto|transparent|#rrggbb`: crops away the margins that match
    /// the background: the smallest rectangle holding every pixel that differs from it by more
    /// than `threshold` (8-bit levels, any channel). `auto` takes the top-left pixel (a
    /// transparent one means `transparent`); `transparent` keeps every pixel whose alpha is over
    /// the threshold, whatever its colour. An image that is all background is an error naming
    /// the colour. Nine-patch information is cropped with the pixels; the rectangle kept is
    /// noted (a host's timing report prints it).
    public struct Trim: TransformPlugin, Hashable, FrameConsistentTransform {
        /// What counts as background.
        public enum Background: Sendable, Hashable {
            /// The top-left pixel.
            case auto
            /// Pixels whose alpha is within the threshold of 0.
            case transparent
            /// Pixels within the threshold of this colour (alpha included).
            case color(Color)
        }

        /// The step name.
        public static let name = "trim"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Crop away margins that match the background (the top-left pixel, transparency or a colour) within a threshold"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec(
                "threshold", .number(0...255), default: .number(10),
                summary: "largest difference from the background, in 8-bit levels, still counted as background"),
            ParameterSpec(
                "background", .colorOr(["auto", "transparent"]), default: .choice("auto"),
                summary: "auto (the top-left pixel), transparent (alpha within the threshold of 0), or a colour"),
        ]

        /// The largest difference still counted as background, in 8-bit levels.
        public var threshold: Double
        /// What counts as background.
        public var background: Background

        /// Creates the step.
        public init(threshold: Double = 10, background: Background = .auto) {
            self.threshold = threshold
            self.background = background
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            let background: Background =
                switch arguments["background"] {
                case .color(let color)?: .color(color)
                case .choice("transparent")?: .transparent
                default: .auto
                }
            self.init(threshold: arguments["threshold"]?.doubleValue ?? 10, background: background)
        }

        /// Returns the trimmed image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            guard let rect = try rectangle(in: image, context: context) else {
                throw TransformError(
                    "the image is all background (\(describe(resolved(for: image))) within \(ParameterValue.number(threshold)) levels): nothing to keep; lower threshold= or choose another background="
                )
            }
            context.note("trim: kept \(rect.width)×\(rect.height) at \(rect.x),\(rect.y) of \(image.width)×\(image.height)")
            let result = image.cropped(to: rect)
            if image.metadata.ninePatch != nil && result.metadata.ninePatch == nil {
                context.warn("trim: nine-patch information dropped: the trim removes every stretch region of an axis")
            }
            return result
        }

        /// Whether frames of an animation need one decision made for all.
        public var decidesFromPixels: Bool { true }

        /// For an animation, the box that holds every frame's content: all frames are cut to it.
        public func decided(by frames: [Image], context: TransformContext) throws -> any Transform {
            var union: PixelRect?
            for frame in frames {
                guard let rect = try rectangle(in: frame, context: context) else { continue }
                union = union.map { $0.union(rect) } ?? rect
            }
            guard let union, let first = frames.first else {
                throw TransformError("every frame is all background: nothing to keep; lower threshold= or choose another background=")
            }
            context.note("trim: kept \(union.width)×\(union.height) at \(union.x),\(union.y) of \(first.width)×\(first.height) in every frame")
            return Crop(x: .pixels(Double(union.x)), y: .pixels(Double(union.y)), width: .pixels(Double(union.width)), height: .pixels(Double(union.height)))
        }

        /// The rectangle `trim` keeps (in stored pixels), or `nil` when every pixel is background.
        public func rectangle(in image: Image, context: TransformContext = TransformContext()) throws -> PixelRect? {
            let target = resolved(for: image)
            let source = image.unpremultiplied()
            let scale = source.depth == .eight ? 1.0 : 257.0
            let limit = Int(threshold * scale)
            let channels = source.layout.channelCount
            let hasAlpha = source.layout.hasAlpha
            // The background as samples of this layout and depth; transparent: alpha only.
            let reference: [Int]
            let onlyAlpha: Bool
            switch target {
            case .transparent, .auto:
                reference = [0]
                onlyAlpha = true
            case .color(let color):
                let rgb = [Int(color.red), Int(color.green), Int(color.blue)].map { Int(Double($0) * scale) }
                let gray = Int((0.2126 * Double(rgb[0]) + 0.7152 * Double(rgb[1]) + 0.0722 * Double(rgb[2])).rounded())
                var values = source.layout.isColor ? rgb : [gray]
                if hasAlpha { values.append(Int(Double(color.alpha) * scale)) }
                reference = values
                onlyAlpha = false
            }
            if onlyAlpha && !hasAlpha { return PixelRect(x: 0, y: 0, width: image.width, height: image.height) }
            // Per row, the first and last column that differs from the background (last −1: none).
            var spans = [SIMD2<Int>](repeating: SIMD2(Int.max, -1), count: source.height)
            func scan<S: FixedWidthInteger & UnsignedInteger & Sendable>(_ samples: [S]) throws {
                let width = source.width
                try samples.withUnsafeBufferPointer { input in
                    try spans.withUnsafeMutableBufferPointer { found in
                        guard let base = input.baseAddress, let foundBase = found.baseAddress else { return }
                        let pixels = SendablePointer(UnsafeMutablePointer(mutating: base))
                        let rows = SendablePointer(foundBase)
                        try context.concurrentBands(count: source.height, work: samples.count) { band, isCancelled in
                            for y in band {
                                if isCancelled() { return }
                                var low = Int.max
                                var high = -1
                                for x in 0..<width {
                                    let p = pixels.base + (y * width + x) * channels
                                    var worst = 0
                                    if onlyAlpha {
                                        worst = Int(p[channels - 1])
                                    } else {
                                        for c in 0..<channels { worst = Swift.max(worst, abs(Int(p[c]) - reference[c])) }
                                    }
                                    if worst > limit {
                                        low = Swift.min(low, x)
                                        high = x
                                    }
                                }
                                rows.base[y] = SIMD2(low, high)
                            }
                        }
                    }
                }
            }
            switch source.storage {
            case .eight(let samples): try scan(samples)
            case .sixteen(let samples): try scan(samples)
            }
            guard let top = spans.firstIndex(where: { $0.y >= 0 }), let bottom = spans.lastIndex(where: { $0.y >= 0 }) else { return nil }
            let left = spans.map(\.x).min() ?? 0
            let right = spans.map(\.y).max() ?? 0
            return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        }

        /// `auto` made concrete for `image`: its top-left pixel, or transparent when that is.
        public func resolved(for image: Image) -> Background {
            guard case .auto = background else { return background }
            let source = image.unpremultiplied()
            let values = (0..<source.layout.channelCount).map { source.sample(x: 0, y: 0, channel: $0) }
            let toEight = { (value: Int) in UInt8(source.depth == .eight ? value : (value + 128) / 257) }
            if source.layout.hasAlpha, let alpha = values.last, toEight(alpha) == 0 { return .transparent }
            let colour = source.layout.isColor ? values.prefix(3).map(toEight) : Array(repeating: toEight(values[0]), count: 3)
            return .color(Color(red: colour[0], green: colour[1], blue: colour[2], alpha: source.layout.hasAlpha ? toEight(values[values.count - 1]) : 255))
        }

        private func describe(_ background: Background) -> String {
            switch background {
            case .auto: "the top-left pixel"
            case .transparent: "transparent"
            case .color(let color): color.description
            }
        }
    }
}
