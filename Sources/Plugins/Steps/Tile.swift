import NinepipeCore

extension Transforms {
    /// `tile`: fills a canvas with copies of the image.
    ///
    /// - `tile width=640 height=480`: repeats from the top-left (`mode=repeat`).
    /// - `mode=mirror`: every other copy is flipped, so edges meet seamlessly.
    /// - `mode=round`: the tile is scaled so a whole number fits each way (CSS `round`).
    /// - `mode=space`: whole tiles only, the first and last touching the edges and the leftover
    ///   shared as equal gaps of `background=` (CSS `space`).
    /// - `anchor=center` (any gravity) centres the pattern instead of starting it top-left.
    ///
    /// Nine-patch information does not survive tiling and is dropped with a warning.
    public struct Tile: TransformPlugin, Hashable {
        /// How copies are laid out.
        public enum Mode: String, Sendable, Hashable, CaseIterable {
            /// Copies side by side; partial copies at the edges.
            case `repeat`
            /// Like repeat, every other copy mirrored.
            case mirror
            /// Copies scaled so a whole number fit.
            case round
            /// Whole copies only, evenly spaced.
            case space
        }

        /// The step name.
        public static let name = "tile"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Fill a width×height canvas with copies: repeat, mirror, round (scaled to fit whole) or space"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("width", .integer(1...65_535), required: true, summary: "canvas width"),
            ParameterSpec("height", .integer(1...65_535), required: true, summary: "canvas height"),
            ParameterSpec("mode", .choice(Mode.allCases.map(\.rawValue)), default: .choice("repeat"), summary: "how copies are laid out"),
            ParameterSpec(
                "anchor", Gravity.parameterType, default: .choice("northwest"),
                summary: "where the pattern starts: northwest (top-left) or e.g. center"),
            ParameterSpec("background", .color, summary: "space only: colour of the gaps (default transparent)"),
            ParameterSpec(
                "filter", .choice(ResamplingFilter.allCases.map(\.rawValue)), default: .choice("lanczos3"),
                summary: "round only: resampling filter"),
        ]

        /// Canvas width and height.
        public var width: Int, height: Int
        /// The layout of copies.
        public var mode: Mode
        /// Where the pattern is anchored.
        public var anchor: Gravity
        /// Gap colour for `space`.
        public var background: Color
        /// Filter for `round`.
        public var filter: ResamplingFilter

        /// Creates the step.
        public init(
            width: Int, height: Int, mode: Mode = .repeat, anchor: Gravity = .northwest,
            background: Color = .clear, filter: ResamplingFilter = .lanczos3
        ) {
            self.width = width
            self.height = height
            self.mode = mode
            self.anchor = anchor
            self.background = background
            self.filter = filter
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            if let background = arguments["background"], arguments["mode"]?.stringValue != Mode.space.rawValue {
                throw ParameterError(name: "background", value: background.description, expected: "background= only with mode=space (the gaps' colour)")
            }
            self.init(
                width: try arguments.integer("width"), height: try arguments.integer("height"),
                mode: Mode(rawValue: arguments["mode"]?.stringValue ?? "") ?? .repeat,
                anchor: Gravity(arguments["anchor"]) ?? .northwest,
                background: (try? arguments.color("background")) ?? .clear,
                filter: arguments["filter"]?.stringValue.flatMap(ResamplingFilter.init(rawValue:)) ?? .lanczos3)
        }

        /// Returns the tiled canvas.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            try context.checkResult(width: width, height: height, like: image)
            if image.metadata.ninePatch != nil { context.warn("tile: nine-patch information dropped: tiling does not keep stretch regions") }
            return try image.transformedUpright { upright in
                var source = upright
                source.metadata.ninePatch = nil
                return try tiled(source, context: context)
            }
        }

        private func tiled(_ source: Image, context: TransformContext) throws -> Image {
            switch mode {
            case .repeat, .mirror:
                return Self.wrapped(
                    source, width: width, height: height, mirror: mode == .mirror,
                    offsetX: anchor.offset(inner: source.width, outer: width, vertical: false),
                    offsetY: anchor.offset(inner: source.height, outer: height, vertical: true))
            case .round:
                let across = Swift.max(1, Int((Double(width) / Double(source.width)).rounded()))
                let down = Swift.max(1, Int((Double(height) / Double(source.height)).rounded()))
                try context.checkResult(width: across * source.width, height: down * source.height, like: source)
                let copies = Self.wrapped(
                    source, width: across * source.width, height: down * source.height,
                    mirror: false, offsetX: 0, offsetY: 0)
                return try Resampler(filter: filter).resample(copies, width: width, height: height, context: context)
            case .space:
                return spaced(source)
            }
        }

        /// A canvas where pixel (x, y) shows source pixel ((x − offsetX) mod w, (y − offsetY) mod h), mirrored in odd copies;
        /// `rows` of it only, when given.
        static func wrapped(_ source: Image, width: Int, height: Int, mirror: Bool, offsetX: Int, offsetY: Int, rows range: Range<Int>? = nil) -> Image {
            let range = range ?? 0..<height
            func map(_ position: Int, offset: Int, length: Int) -> Int {
                let shifted = position - offset
                let copy = shifted >= 0 ? shifted / length : (shifted + 1) / length - 1
                let inside = shifted - copy * length
                return mirror && copy % 2 != 0 ? length - 1 - inside : inside
            }
            let columns = (0..<width).map { map($0, offset: offsetX, length: source.width) }
            let rows = range.map { map($0, offset: offsetY, length: source.height) }
            let channels = source.layout.channelCount
            func gather<S>(_ samples: [S]) -> [S] {
                [S](unsafeUninitializedCapacity: width * range.count * channels) { out, initialized in
                    samples.withUnsafeBufferPointer { input in
                        var index = 0
                        for y in 0..<range.count {
                            let row = rows[y] * source.width
                            for x in 0..<width {
                                let from = (row + columns[x]) * channels
                                for c in 0..<channels { out[index + c] = input[from + c] }
                                index += channels
                            }
                        }
                    }
                    initialized = width * range.count * channels
                }
            }
            let storage: PixelStorage
            switch source.storage {
            case .eight(let samples): storage = .eight(gather(samples))
            case .sixteen(let samples): storage = .sixteen(gather(samples))
            }
            return Image(
                width: width, height: range.count, layout: source.layout, storage: storage,
                alphaMode: source.alphaMode, metadata: source.metadata)
        }

        /// Whole copies spread evenly, first and last at the edges; one copy is placed by the anchor;
        /// `rows` of the canvas only, when given.
        func spaced(_ source: Image, rows range: Range<Int>? = nil) -> Image {
            let range = range ?? 0..<height
            func positions(tile: Int, canvas: Int, vertical: Bool) -> [Int] {
                let count = canvas / tile
                guard count >= 2 else { return [anchor.offset(inner: tile, outer: canvas, vertical: vertical)] }
                let gap = Double(canvas - count * tile) / Double(count - 1)
                return (0..<count).map { Int((Double($0) * (Double(tile) + gap)).rounded()) }
            }
            let layout = source.layout.accommodating(background)
            let tile = source.converted(to: layout).unpremultiplied()
            var canvas = Image.filled(width: width, height: range.count, layout: layout, depth: source.depth, color: background)
            for y in positions(tile: source.height, canvas: height, vertical: true) where y < range.upperBound && y + source.height > range.lowerBound {
                for x in positions(tile: source.width, canvas: width, vertical: false) {
                    canvas.paste(tile, x: x, y: y - range.lowerBound)
                }
            }
            canvas.metadata = source.metadata
            return canvas
        }
    }
}

extension Transforms.Tile: BandTransform {
    /// Streams the canvas: the (usually small) source is held whole, and each band of the canvas
    /// is made as it is asked for; `round` resamples a stream of whole copies.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        guard input.header.metadata.orientation == .up else { return nil }
        try context.limits.check(width: width, height: height)
        if input.header.metadata.ninePatch != nil { context.warn("tile: nine-patch information dropped: tiling does not keep stretch regions") }
        var source = try input.materialized(context: context)
        source.metadata.ninePatch = nil
        let image = source
        switch mode {
        case .repeat, .mirror:
            let offsetX = anchor.offset(inner: source.width, outer: width, vertical: false)
            let offsetY = anchor.offset(inner: source.height, outer: height, vertical: true)
            return CanvasBandSource(header: header(of: source, layout: source.layout, alphaMode: source.alphaMode)) { [width, height, mode] rows in
                Self.wrapped(image, width: width, height: height, mirror: mode == .mirror, offsetX: offsetX, offsetY: offsetY, rows: rows)
            }
        case .round:
            let across = Swift.max(1, Int((Double(width) / Double(source.width)).rounded()))
            let down = Swift.max(1, Int((Double(height) / Double(source.height)).rounded()))
            try context.limits.check(width: across * source.width, height: down * source.height)
            let copies = CanvasBandSource(
                header: header(
                    of: source, layout: source.layout, alphaMode: source.alphaMode,
                    width: across * source.width, height: down * source.height)
            ) { rows in
                Self.wrapped(image, width: across * image.width, height: down * image.height, mirror: false, offsetX: 0, offsetY: 0, rows: rows)
            }
            return Resampler(filter: filter).bands(from: copies, width: width, height: height, context: context)
        case .space:
            return CanvasBandSource(header: header(of: source, layout: source.layout.accommodating(background), alphaMode: .straight)) { rows in
                spaced(image, rows: rows)
            }
        }
    }

    private func header(of source: Image, layout: PixelLayout, alphaMode: AlphaMode, width: Int? = nil, height: Int? = nil) -> ImageHeader {
        ImageHeader(
            width: width ?? self.width, height: height ?? self.height, layout: layout, depth: source.depth,
            alphaMode: alphaMode, metadata: source.metadata)
    }
}
