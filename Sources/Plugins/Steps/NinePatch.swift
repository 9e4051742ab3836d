import NinepipeCore

extension Transforms {
    /// `ninepatch`: renders a nine-patch at any size.
    ///
    /// - `ninepatch width=320 height=96`: from the image's own nine-patch information (a `.9.png`
    ///   frame read by `load`, or a compiled `npTc` chunk). A side left out keeps the image's own
    ///   length (without the frame): plain `ninepatch` renders it at its own size.
    /// - `insets=12,16,12,16` (top, left, bottom, right, like `UIEdgeInsets`): cap insets for any
    ///   image, one stretch region per axis.
    /// - `mode=stretch|tile|repeat|round|space` (`xmode=`/`ymode=` per axis): how stretch regions
    ///   fill their new length (Android/UIKit stretch, UIKit tile, CSS repeat/round/space).
    /// - `content=120x40`: grow the output until the content area (padding) holds 120×40.
    /// - `filter=` for scaled regions (default bilinear; nearest for pixel art).
    ///
    /// Fixed regions are copied; extra space goes to stretch regions in proportion to their
    /// lengths; below the fixed size, stretch regions vanish and fixed ones shrink uniformly.
    /// Every region is sampled on its own (no bleeding across seams), on premultiplied alpha;
    /// transparent cells are skipped and single-colour cells filled without sampling. The result
    /// keeps nine-patch information mapped to its new size, so `info` shows where content goes.
    public struct NinePatch: TransformPlugin, Hashable {
        /// The step name.
        public static let name = "ninepatch"
        /// The plugin version.
        public static let version = "1.0.0"
        /// One line of help.
        public static let summary = "Render a nine-patch (its frame/npTc, or insets=) at width×height: stretch, tile, repeat, round or space"
        /// The parameters.
        public static let parameters: [ParameterSpec] = [
            ParameterSpec("width", .integer(1...65_535), summary: "output width (default: the image's; content= may grow it)"),
            ParameterSpec("height", .integer(1...65_535), summary: "output height (default: the image's; content= may grow it)"),
            ParameterSpec(
                "mode", .choice(NinePatchFill.allCases.map(\.rawValue)), default: .choice("stretch"),
                summary: "how stretch regions fill: stretch, tile (from the start), repeat (centred), round, space"),
            ParameterSpec("xmode", .choice(NinePatchFill.allCases.map(\.rawValue)), summary: "mode for the horizontal axis only"),
            ParameterSpec("ymode", .choice(NinePatchFill.allCases.map(\.rawValue)), summary: "mode for the vertical axis only"),
            ParameterSpec(
                "insets", .list(.integer(0...65_535), count: 4...4),
                summary: "cap insets top,left,bottom,right (UIEdgeInsets order) instead of the image's nine-patch"),
            ParameterSpec("content", .string, summary: "minimum content (padding) area WxH, e.g. content=120x40"),
            ParameterSpec(
                "filter", .choice(ResamplingFilter.allCases.map(\.rawValue)), default: .choice("bilinear"),
                summary: "filter for scaled regions"),
        ]

        /// Output width and height, or `nil` for the image's own.
        public var width: Int?, height: Int?
        /// Fill modes per axis.
        public var xMode: NinePatchFill, yMode: NinePatchFill
        /// Cap insets overriding the image's nine-patch information.
        public var insets: NinePatchInsets?
        /// Minimum content area, width × height.
        public var content: ContentSize?

        /// A minimum content (padding) area.
        public struct ContentSize: Sendable, Hashable {
            /// Width in pixels.
            public var width: Int
            /// Height in pixels.
            public var height: Int
            /// Creates the size.
            public init(width: Int, height: Int) {
                self.width = width
                self.height = height
            }
        }
        /// Filter for scaled regions.
        public var filter: ResamplingFilter

        /// Creates the step.
        public init(
            width: Int? = nil, height: Int? = nil, xMode: NinePatchFill = .stretch, yMode: NinePatchFill = .stretch,
            insets: NinePatchInsets? = nil, content: ContentSize? = nil,
            filter: ResamplingFilter = .bilinear
        ) {
            self.width = width
            self.height = height
            self.xMode = xMode
            self.yMode = yMode
            self.insets = insets
            self.content = content
            self.filter = filter
        }

        /// Builds the step from validated arguments.
        public init(arguments: Arguments) throws {
            let mode = NinePatchFill(rawValue: arguments["mode"]?.stringValue ?? "") ?? .stretch
            var insets: NinePatchInsets?
            if case .list(let values)? = arguments["insets"] {
                let v = values.compactMap(\.intValue).map(Int32.init)
                insets = NinePatchInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
            }
            var content: ContentSize?
            if let text = arguments["content"]?.stringValue {
                let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ (0...65_535).contains($0) }) else {
                    throw ParameterError(
                        name: "content", value: ParameterValue.string(text).description,
                        expected: "WIDTHxHEIGHT in pixels, each 0…65535, e.g. content=120x40")
                }
                content = ContentSize(width: parts[0], height: parts[1])
            }
            self.init(
                width: arguments["width"]?.intValue, height: arguments["height"]?.intValue,
                xMode: arguments["xmode"]?.stringValue.flatMap(NinePatchFill.init(rawValue:)) ?? mode,
                yMode: arguments["ymode"]?.stringValue.flatMap(NinePatchFill.init(rawValue:)) ?? mode,
                insets: insets, content: content,
                filter: arguments["filter"]?.stringValue.flatMap(ResamplingFilter.init(rawValue:)) ?? .bilinear)
        }

        /// The nine-patch description used for `image`: `insets=` when given (one stretch region per
        /// axis, padding equal to the insets), else the image's own (clamped into the image, see
        /// `NinePatchInfo.clamped(width:height:)`); throws when there is neither.
        public func chunk(for image: Image) throws -> NinePatchChunk {
            if let insets {
                let sides = [insets.top, insets.left, insets.bottom, insets.right]
                guard sides.allSatisfy({ $0 >= 0 }), Int(insets.left) + Int(insets.right) < image.width,
                    Int(insets.top) + Int(insets.bottom) < image.height
                else {
                    throw TransformError(
                        "insets \(insets.top),\(insets.left),\(insets.bottom),\(insets.right) leave nothing to stretch in the \(image.width)×\(image.height) image; each must be 0 or more, left+right under the width and top+bottom under the height"
                    )
                }
                return NinePatchChunk(
                    xDivs: [insets.left, Int32(image.width) - insets.right],
                    yDivs: [insets.top, Int32(image.height) - insets.bottom],
                    padding: insets, colors: []
                ).withCellColors(of: image)
            }
            guard let chunk = image.metadata.ninePatch?.chunk else {
                throw TransformError(
                    "the image has no nine-patch information: load a .9.png (or load … ninepatch=border), a compiled nine-patch PNG, or give insets=top,left,bottom,right"
                )
            }
            return chunk.clamped(width: image.width, height: image.height)
        }

        /// Returns the rendered image.
        public func apply(to image: Image, context: TransformContext) throws -> Image {
            let plan = try plan(for: image, context: context)
            var canvas = Image.filled(width: plan.width, height: plan.height, layout: plan.layout, depth: image.depth, color: .clear)
            for (r, row) in plan.rows.segments.enumerated() where row.outputLength > 0 {
                canvas.paste(try strip(r, of: plan, context: context), x: 0, y: row.outputStart)
            }
            canvas.metadata = plan.metadata
            return canvas
        }

        /// What rendering `image` takes: the output size, both axes' layout, cell colours, and
        /// the source in the output's layout.
        struct Plan {
            var width: Int, height: Int
            var columns: NinePatchAxis, rows: NinePatchAxis
            var colors: [UInt32]
            var layout: PixelLayout
            var source: Image
            var metadata: ImageMetadata
        }

        func plan(for image: Image, context: TransformContext) throws -> Plan {
            let chunk = try chunk(for: image)
            var outputWidth = width ?? image.width
            var outputHeight = height ?? image.height
            if let content {
                outputWidth = try Self.length(
                    holding: content.width, from: outputWidth, divs: chunk.xDivs, source: image.width,
                    before: chunk.padding.left, after: chunk.padding.right, axis: "width", limits: context.limits)
                outputHeight = try Self.length(
                    holding: content.height, from: outputHeight, divs: chunk.yDivs, source: image.height,
                    before: chunk.padding.top, after: chunk.padding.bottom, axis: "height", limits: context.limits)
            }
            try context.checkResult(width: outputWidth, height: outputHeight, like: image)
            let columns = NinePatchAxis(divs: chunk.xDivs, length: image.width, output: outputWidth)
            let rows = NinePatchAxis(divs: chunk.yDivs, length: image.height, output: outputHeight)
            let colors = chunk.colors.count == columns.segments.count * rows.segments.count ? chunk.colors : []
            let spaced = (xMode == .space || yMode == .space)
            let layout = spaced || colors.contains(NinePatchChunk.transparentColor) ? image.layout.withAlpha : image.layout
            var metadata = image.metadata
            metadata.ninePatch = Self.mapped(
                image.metadata.ninePatch?.clamped(width: image.width, height: image.height), chunk: chunk,
                columns: columns, rows: rows, width: outputWidth, height: outputHeight)
            return Plan(
                width: outputWidth, height: outputHeight, columns: columns, rows: rows, colors: colors, layout: layout,
                source: image.converted(to: layout).unpremultiplied(), metadata: metadata)
        }

        /// The output rows of row segment `r`: its cells side by side on a transparent strip.
        func strip(_ r: Int, of plan: Plan, context: TransformContext) throws -> Image {
            let row = plan.rows.segments[r]
            let columns = plan.columns
            let layout = plan.layout
            let depth = plan.source.depth
            var strip = Image.filled(width: plan.width, height: row.outputLength, layout: layout, depth: depth, color: .clear)
            for (c, column) in columns.segments.enumerated() where column.outputLength > 0 {
                try context.checkCancellation()
                let color = plan.colors.isEmpty ? NinePatchChunk.noColor : plan.colors[r * columns.segments.count + c]
                if color == NinePatchChunk.transparentColor { continue }
                let cell: Image
                if color != NinePatchChunk.noColor {
                    cell = Image.filled(
                        width: column.outputLength, height: row.outputLength, layout: layout, depth: depth,
                        color: Color(
                            red: UInt8(color >> 16 & 0xFF), green: UInt8(color >> 8 & 0xFF),
                            blue: UInt8(color & 0xFF), alpha: UInt8(color >> 24)))
                } else {
                    let piece = plan.source.cropped(to: PixelRect(x: column.start, y: row.start, width: column.length, height: row.length))
                    let across = try (column.stretches ? xMode : .stretch)
                        .fit(piece, horizontal: true, length: column.outputLength, filter: filter, context: context)
                    cell = try (row.stretches ? yMode : .stretch)
                        .fit(across, horizontal: false, length: row.outputLength, filter: filter, context: context)
                }
                strip.paste(cell.converted(to: layout).unpremultiplied(), x: column.outputStart, y: 0)
            }
            return strip
        }

        /// The smallest output length, at least `minimum`, whose content area (between the padding
        /// `before` and `after`, mapped through the stretched layout) holds `content` pixels.
        ///
        /// Padding that reaches into a stretch region grows with the output, so the length is found
        /// by laying the axis out rather than by adding padding and content.
        static func length(
            holding content: Int, from minimum: Int, divs: [Int32], source: Int,
            before: Int32, after: Int32, axis: String, limits: ImageLimits
        ) throws -> Int {
            func contentLength(at output: Int) -> Int {
                let layout = NinePatchAxis(divs: divs, length: source, output: output)
                return layout.map(Double(source) - Double(after)) - layout.map(Double(before))
            }
            // Padding in fixed regions: the content area grows one for one, so start right there.
            var output = Swift.max(minimum, Int(before) + Int(after) + content)
            let ceiling = Swift.min(65_535, limits.maxDimension)
            while contentLength(at: output) < content {
                guard output < ceiling else {
                    throw TransformError(
                        "content=… needs a content \(axis) of \(content) pixels, but the padding of this nine-patch leaves at most \(contentLength(at: ceiling)) at the largest allowed \(axis) (\(ceiling)); give a smaller content size"
                    )
                }
                output += 1
            }
            return output
        }

        /// The nine-patch information in the rendered image's coordinates: stretch regions where
        /// the stretched pixels now are, padding and bounds mapped through the layout.
        static func mapped(
            _ info: NinePatchInfo?, chunk: NinePatchChunk, columns: NinePatchAxis, rows: NinePatchAxis,
            width: Int, height: Int
        ) -> NinePatchInfo {
            func divs(_ axis: NinePatchAxis) -> [Int32] {
                axis.segments.filter { $0.stretches && $0.outputLength > 0 }
                    .flatMap { [Int32($0.outputStart), Int32($0.outputStart + $0.outputLength)] }
            }
            func map(_ insets: NinePatchInsets, sourceWidth: Int, sourceHeight: Int) -> NinePatchInsets {
                NinePatchInsets(
                    top: Int32(rows.map(Double(insets.top))),
                    left: Int32(columns.map(Double(insets.left))),
                    bottom: Int32(height - rows.map(Double(sourceHeight) - Double(insets.bottom))),
                    right: Int32(width - columns.map(Double(sourceWidth) - Double(insets.right))))
            }
            let sourceWidth = columns.segments.last.map { $0.start + $0.length } ?? width
            let sourceHeight = rows.segments.last.map { $0.start + $0.length } ?? height
            let xDivs = divs(columns)
            let yDivs = divs(rows)
            let cells = NinePatchInfo.cellCount(xDivs, length: width) * NinePatchInfo.cellCount(yDivs, length: height)
            var result = info ?? NinePatchInfo()
            result.chunk = NinePatchChunk(
                xDivs: xDivs, yDivs: yDivs,
                padding: map(chunk.padding, sourceWidth: sourceWidth, sourceHeight: sourceHeight),
                colors: Array(repeating: NinePatchChunk.noColor, count: cells))
            result.layoutBounds = info?.layoutBounds.map { NinePatchLayoutBounds(insets: map($0.insets, sourceWidth: sourceWidth, sourceHeight: sourceHeight)) }
            result.outline = info?.outline.map {
                NinePatchOutline(insets: map($0.insets, sourceWidth: sourceWidth, sourceHeight: sourceHeight), radius: $0.radius, alpha: $0.alpha)
            }
            return result
        }
    }
}

extension Transforms.NinePatch: BandTransform {
    /// Streams the rendering one row of cells at a time: the (small) source is held whole, and
    /// each band is cut from the strips of cells it crosses.
    public func bands(from input: any BandSource, context: TransformContext) throws -> (any BandSource)? {
        let image = try input.materialized(context: context)
        let plan = try plan(for: image, context: context)
        let header = ImageHeader(width: plan.width, height: plan.height, layout: plan.layout, depth: image.depth, metadata: plan.metadata)
        var cached: (index: Int, strip: Image)?
        return CanvasBandSource(header: header) { rows in
            var band = Image.filled(width: plan.width, height: rows.count, layout: plan.layout, depth: image.depth, color: .clear)
            for (r, row) in plan.rows.segments.enumerated() where row.outputLength > 0 {
                let span = row.outputStart..<(row.outputStart + row.outputLength)
                guard span.overlaps(rows) else { continue }
                if cached?.index != r { cached = (r, try strip(r, of: plan, context: context)) }
                if let strip = cached?.strip { band.paste(strip, x: 0, y: row.outputStart - rows.lowerBound) }
            }
            return band
        }
    }
}
