/// The 1-pixel frame of an Android nine-patch source (`.9.png`), read and drawn the way aapt does.
///
/// - The top-left pixel sets the neutral colour: fully transparent, or opaque white.
/// - Black (`#000000ff`) runs on the top and left edges mark stretch regions (any number).
/// - One black run on the bottom and right edges marks the content padding; without one, the
///   padding is what aapt computes from the first stretch region.
/// - Red (`#ff0000ff`) runs touching the ends of the bottom and right edges are layout bounds.
/// - Anything else on the frame is an error naming the pixel, its edge and its colour.
///
/// Where aapt (v1) and aapt2 differ, an axis without stretch marks is accepted (as aapt2 does)
/// with a warning; otherwise the results are aapt's, including its outline estimate (`npOl`)
/// and per-cell colours.
public enum NinePatchFrame {
    /// The picture inside the frame of `image`, carrying the nine-patch information the frame
    /// describes (`npTc`, `npOl`, and `npLb` when there are layout bounds).
    ///
    /// - Parameters:
    ///   - image: a nine-patch source: the picture with its 1-pixel frame.
    ///   - warn: receives a one-line warning for an axis without stretch marks.
    public static func parse(_ image: Image, warn: (String) -> Void = { _ in }) throws(NinePatchFrameError) -> Image {
        let width = image.width
        let height = image.height
        guard width >= 3, height >= 3 else {
            throw NinePatchFrameError("the image is \(width)×\(height); a nine-patch source needs at least 3×3 pixels (a 1-pixel frame around the picture)")
        }
        let rgba = RGBAView(image)
        let corner = rgba[0, 0]
        let transparent = corner.alpha == 0
        guard transparent || corner == Color.white else {
            throw NinePatchFrameError(
                "the top-left pixel (0, 0) is \(corner); it sets the frame's neutral colour and must be fully transparent or opaque white")
        }
        let edges = FrameEdges(rgba: rgba, transparent: transparent)
        let xDivs = try edges.runs(.top, multiple: true)
        let yDivs = try edges.runs(.left, multiple: true)
        for (divs, edge, axis) in [(xDivs, "top", "horizontal"), (yDivs, "left", "vertical")] where divs.isEmpty {
            warn(
                "nine-patch frame: no stretch region marked on the \(edge) edge, so the image does not stretch \(axis)ly (aapt rejects this, aapt2 accepts it)")
        }
        let w = width - 2
        let h = height - 2
        let horizontalPadding = try edges.runs(.bottom, multiple: false)
        let verticalPadding = try edges.runs(.right, multiple: false)
        func padding(_ run: [Int32], _ divs: [Int32], length: Int) -> (Int32, Int32) {
            if run.count == 2 { return (run[0], Int32(length) - run[1]) }
            if divs.count >= 2 { return (divs[0], Int32(length) - divs[1]) }
            return (0, 0)
        }
        let (left, right) = padding(horizontalPadding, xDivs, length: w)
        let (top, bottom) = padding(verticalPadding, yDivs, length: h)
        let bounds = edges.layoutBounds()
        var content = image.cropped(to: PixelRect(x: 1, y: 1, width: w, height: h))
        var chunk = NinePatchChunk(xDivs: xDivs, yDivs: yDivs, padding: NinePatchInsets(top: top, left: left, bottom: bottom, right: right), colors: [])
        let cells = NinePatchInfo.cellCount(xDivs, length: w) * NinePatchInfo.cellCount(yDivs, length: h)
        guard cells <= 0x7F else {
            throw NinePatchFrameError("\(cells) cells is more than the 127 a compiled nine-patch can hold; mark fewer stretch regions")
        }
        // The framed view already holds the picture's pixels, one pixel in from each side.
        chunk.colors = NinePatchChunk.cellColors(of: rgba, origin: 1, width: w, height: h, xDivs: xDivs, yDivs: yDivs)
        content.metadata.ninePatch = NinePatchInfo(
            chunk: chunk, layoutBounds: bounds == NinePatchInsets(top: 0, left: 0, bottom: 0, right: 0) ? nil : NinePatchLayoutBounds(insets: bounds),
            outline: NinePatchOutline(estimatingFrom: rgba))
        return content
    }

    /// Fully transparent pixels with their colour set to zero, as aapt writes them: with
    /// ``parse(_:warn:)``, what `aapt singleCrunch` makes of a `.9.png` source.
    public static func clearingTransparentColor(_ image: Image) -> Image {
        guard image.layout.hasAlpha else { return image }
        var result = image
        let channels = image.layout.channelCount
        func clear<S: FixedWidthInteger>(_ samples: inout [S]) {
            var base = 0
            while base < samples.count {
                if samples[base + channels - 1] == 0 { for c in 0..<(channels - 1) { samples[base + c] = 0 } }
                base += channels
            }
        }
        result.editSamples(eight: { clear(&$0) }, sixteen: { clear(&$0) })
        return result
    }

    /// `image` with a 1-pixel transparent frame drawn from its nine-patch information: black
    /// stretch runs on top/left, the padding run on bottom/right, red layout-bound runs at their
    /// ends. `nil` when the image has no `npTc` information.
    ///
    /// Some chunks have no exact frame: a frame pixel holds one mark, so red layout bounds that
    /// reach the padding run hide part of it, touching stretch regions merge, and an empty
    /// padding run reads back as aapt's default. The frame is read back and each such
    /// difference goes to `warn`, naming what a reader of the frame will see instead.
    public static func framed(_ image: Image, warn: (String) -> Void = { _ in }) -> Image? {
        guard let info = image.metadata.ninePatch?.clamped(width: image.width, height: image.height),
            let chunk = info.chunk
        else { return nil }
        var framed = image.converted(to: SampleDepth.eight).padded(top: 1, left: 1, bottom: 1, right: 1, color: .clear)
        framed = framed.converted(to: .rgba)
        framed.metadata.ninePatch = nil
        let w = Int32(clamping: image.width)
        let h = Int32(clamping: image.height)
        let black = Color(red: 0, green: 0, blue: 0)
        let red = Color(red: 255, green: 0, blue: 0)
        var marks: [(x: Int, y: Int, color: Color)] = []
        // Every run is clamped into the picture, so no value a chunk can hold makes a bad range.
        func mark(_ runs: [Int32], along edge: (Int) -> (Int, Int), color: Color) {
            var index = 0
            while index + 1 < runs.count {
                let start = Int(runs[index])
                let end = Int(runs[index + 1])
                if start < end {
                    for p in start..<end {
                        let (x, y) = edge(p)
                        marks.append((x, y, color))
                    }
                }
                index += 2
            }
        }
        mark(chunk.xDivs, along: { (1 + $0, 0) }, color: black)
        mark(chunk.yDivs, along: { (0, 1 + $0) }, color: black)
        let padding = chunk.padding
        mark([padding.left, w - padding.right], along: { (1 + $0, Int(h) + 1) }, color: black)
        mark([padding.top, h - padding.bottom], along: { (Int(w) + 1, 1 + $0) }, color: black)
        if let bounds = info.layoutBounds?.insets {
            mark([0, bounds.left, w - bounds.right, w], along: { (1 + $0, Int(h) + 1) }, color: red)
            mark([0, bounds.top, h - bounds.bottom, h], along: { (Int(w) + 1, 1 + $0) }, color: red)
        }
        let stride = framed.width
        framed.editSamples(
            eight: { samples in
                for m in marks {
                    let index = (m.y * stride + m.x) * 4
                    samples[index] = m.color.red
                    samples[index + 1] = m.color.green
                    samples[index + 2] = m.color.blue
                    samples[index + 3] = m.color.alpha
                }
            }, sixteen: { _ in })
        for difference in readBackDifferences(framed, expected: info) { warn(difference) }
        return framed
    }

    /// What reading `framed` back gives that differs from `expected`, one line each.
    private static func readBackDifferences(_ framed: Image, expected: NinePatchInfo) -> [String] {
        let read: NinePatchInfo
        do { read = try parse(framed).metadata.ninePatch ?? NinePatchInfo() } catch {
            return ["the drawn frame does not read back as a nine-patch: \(error)"]
        }
        func text(_ insets: NinePatchInsets?) -> String {
            guard let insets else { return "none" }
            return "left \(insets.left), top \(insets.top), right \(insets.right), bottom \(insets.bottom)"
        }
        let rule = "a frame pixel holds one mark"
        var lines: [String] = []
        if read.chunk?.xDivs != expected.chunk?.xDivs {
            lines.append(
                "the frame's stretch regions across read back as \(read.chunk?.xDivs ?? []), not \(expected.chunk?.xDivs ?? []) (\(rule): touching regions merge)"
            )
        }
        if read.chunk?.yDivs != expected.chunk?.yDivs {
            lines.append(
                "the frame's stretch regions down read back as \(read.chunk?.yDivs ?? []), not \(expected.chunk?.yDivs ?? []) (\(rule): touching regions merge)"
            )
        }
        if read.chunk?.padding != expected.chunk?.padding {
            lines.append(
                "the frame's content padding reads back as \(text(read.chunk?.padding)), not \(text(expected.chunk?.padding)) (\(rule): layout bounds hide the padding run, or an empty run means aapt's default)"
            )
        }
        let expectedBounds = expected.layoutBounds.flatMap { $0.insets.isZero ? nil : $0.insets }
        if read.layoutBounds?.insets != expectedBounds {
            lines.append(
                "the frame's layout bounds read back as \(text(read.layoutBounds?.insets)), not \(text(expectedBounds)) (\(rule): aapt reads a red run over a whole edge as n from the start, n − 1 from the end)"
            )
        }
        return lines
    }
}

/// Straight-alpha 8-bit RGBA pixels of an image, as aapt sees them.
struct RGBAView {
    let width: Int, height: Int
    let samples: [UInt8]

    init(_ image: Image) {
        let rgba = image.unpremultiplied().converted(to: SampleDepth.eight).converted(to: .rgba)
        width = rgba.width
        height = rgba.height
        if case .eight(let samples) = rgba.storage { self.samples = samples } else { self.samples = [] }
    }

    subscript(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(red: samples[i], green: samples[i + 1], blue: samples[i + 2], alpha: samples[i + 3])
    }

    /// The alpha at (x, y).
    func alpha(_ x: Int, _ y: Int) -> UInt8 { samples[(y * width + x) * 4 + 3] }
}

/// Reads the four frame edges of a source nine-patch.
private struct FrameEdges {
    enum Edge: String { case top, left, bottom, right }
    enum Tick { case none, black, red }

    let rgba: RGBAView
    let transparent: Bool

    /// The frame pixel at position `i` (1 … length − 2) along `edge`.
    func pixel(_ edge: Edge, _ i: Int) -> (x: Int, y: Int) {
        switch edge {
        case .top: (i, 0)
        case .left: (0, i)
        case .bottom: (i, rgba.height - 1)
        case .right: (rgba.width - 1, i)
        }
    }

    func length(_ edge: Edge) -> Int { edge == .top || edge == .bottom ? rgba.width : rgba.height }

    /// What the frame pixel at `i` along `edge` marks, or an error naming it.
    func tick(_ edge: Edge, _ i: Int) throws(NinePatchFrameError) -> Tick {
        let (x, y) = pixel(edge, i)
        let color = rgba[x, y]
        if color == Color(red: 0, green: 0, blue: 0) { return .black }
        if color == Color(red: 255, green: 0, blue: 0) { return .red }
        if transparent && color.alpha == 0 { return .none }
        if !transparent && color == .white { return .none }
        let rule =
            transparent
            ? "frame pixels must be fully transparent, black or red"
            : "in a white frame, pixels must be opaque white, black or red"
        throw NinePatchFrameError("pixel (\(x), \(y)) on the \(edge.rawValue) edge is \(color); \(rule)")
    }

    /// Black runs along `edge` as frameless half-open pairs; with `multiple` false, a second run is an error.
    func runs(_ edge: Edge, multiple: Bool) throws(NinePatchFrameError) -> [Int32] {
        var runs: [Int32] = []
        var inside = false
        for i in 1..<(length(edge) - 1) {
            let isBlack = try tick(edge, i) == .black
            if isBlack && !inside {
                if !multiple && !runs.isEmpty {
                    let (x, y) = pixel(edge, i)
                    throw NinePatchFrameError(
                        "the \(edge.rawValue) edge has a second content-padding run at pixel (\(x), \(y)); mark at most one padding run per edge")
                }
                runs.append(Int32(i - 1))
                inside = true
            } else if !isBlack && inside {
                runs.append(Int32(i - 1))
                inside = false
            }
        }
        if inside { runs.append(Int32(length(edge) - 2)) }
        return runs
    }

    /// Red runs touching the ends of the bottom and right edges (aapt's optical layout bounds).
    ///
    /// Counted as aapt does: from the near end up to the whole edge, from the far end never
    /// onto the first frame pixel. So a red run over the whole edge of a picture `n` pixels
    /// long reads as `n` from the start and `n − 1` from the end (aapt 1's loops; Android's
    /// framework resources hold chunks made that way).
    func layoutBounds() -> NinePatchInsets {
        func count(_ edge: Edge, from start: Int, step: Int) -> Int32 {
            let lowest = step > 0 ? 1 : 2
            var n: Int32 = 0
            var i = start
            while i >= lowest && i <= length(edge) - 2, (try? tick(edge, i)) == .red {
                n += 1
                i += step
            }
            return n
        }
        return NinePatchInsets(
            top: count(.right, from: 1, step: 1), left: count(.bottom, from: 1, step: 1),
            bottom: count(.right, from: length(.right) - 2, step: -1), right: count(.bottom, from: length(.bottom) - 2, step: -1))
    }
}

extension NinePatchChunk {
    /// This chunk with its per-cell colours computed from `image` (the picture without frame) as aapt does.
    public func withCellColors(of image: Image) -> NinePatchChunk {
        var chunk = clamped(width: image.width, height: image.height)
        chunk.colors = Self.cellColors(of: RGBAView(image), origin: 0, width: image.width, height: image.height, xDivs: chunk.xDivs, yDivs: chunk.yDivs)
        return chunk
    }

    /// Per-cell colours of the `width`×`height` picture starting at (`origin`, `origin`) in `view`,
    /// as aapt computes them: `0` for a fully transparent cell, `1` for a cell of more than one
    /// colour, else the cell's colour as ARGB.
    static func cellColors(of view: RGBAView, origin: Int, width: Int, height: Int, xDivs: [Int32], yDivs: [Int32]) -> [UInt32] {
        func bounds(_ divs: [Int32], length: Int) -> [(Int, Int)] {
            var edges = [0] + divs.map(Int.init) + [length]
            edges = edges.enumerated().filter { $0.offset == 0 || $0.element != edges[$0.offset - 1] }.map(\.element)
            return zip(edges, edges.dropFirst()).map { ($0, $1) }
        }
        var colors: [UInt32] = []
        for (top, bottom) in bounds(yDivs, length: height) {
            for (left, right) in bounds(xDivs, length: width) {
                let first = view[origin + left, origin + top]
                var uniform = true
                scan: for y in top..<bottom {
                    for x in left..<right {
                        let p = view[origin + x, origin + y]
                        if first.alpha == 0 ? p.alpha != 0 : p != first {
                            uniform = false
                            break scan
                        }
                    }
                }
                if !uniform {
                    colors.append(NinePatchChunk.noColor)
                } else if first.alpha == 0 {
                    colors.append(NinePatchChunk.transparentColor)
                } else {
                    colors.append(UInt32(first.alpha) << 24 | UInt32(first.red) << 16 | UInt32(first.green) << 8 | UInt32(first.blue))
                }
            }
        }
        return colors
    }
}

extension NinePatchOutline {
    /// aapt's estimate of a round-rect outline from the framed source's opacity: insets where
    /// the centre row and column first reach their most opaque pixel, a radius from the diagonal
    /// march from the inner top-left corner (3.4142 × inset), and the middle row's highest alpha.
    init(estimatingFrom framed: RGBAView) {
        let width = framed.width
        let height = framed.height
        let midX = width / 2
        let midY = height / 2
        let endX = width - 2
        let endY = height - 2
        func maxOpacity(x: Int, y: Int, endX: Int, endY: Int, dx: Int, dy: Int) -> Int {
            var best: UInt8 = 0
            var inset = 0
            var found = 0
            var x = x
            var y = y
            while x != endX && y != endY && x >= 0 && x < width && y >= 0 && y < height {
                let alpha = framed.alpha(x, y)
                if alpha > best {
                    best = alpha
                    found = inset
                }
                if alpha == 0xFF { break }
                x += dx
                y += dy
                inset += 1
            }
            return found
        }
        let left = width > 4 ? maxOpacity(x: 1, y: midY, endX: midX, endY: -1, dx: 1, dy: 0) : 0
        let right = width > 4 ? maxOpacity(x: endX, y: midY, endX: midX, endY: -1, dx: -1, dy: 0) : 0
        let top = height > 4 ? maxOpacity(x: midX, y: 1, endX: -1, endY: midY, dx: 0, dy: 1) : 0
        let bottom = height > 4 ? maxOpacity(x: midX, y: endY, endX: -1, endY: midY, dx: 0, dy: -1) : 0
        let innerStartX = 1 + left
        let innerStartY = 1 + top
        let innerEndX = endX - right
        let innerEndY = endY - bottom
        let innerMidX = (innerEndX + innerStartX) / 2
        let innerMidY = (innerEndY + innerStartY) / 2
        // aapt takes the middle row's maximum (its column scan covers an empty range).
        var alpha: UInt8 = 0
        if innerMidY >= 0 && innerMidY < height {
            for x in max(innerStartX, 0)..<max(min(innerEndX, width), max(innerStartX, 0)) { alpha = max(alpha, framed.alpha(x, innerMidY)) }
        }
        let diagonal = maxOpacity(x: innerStartX, y: innerStartY, endX: innerMidX, endY: innerMidY, dx: 1, dy: 1)
        self.init(
            insets: NinePatchInsets(top: Int32(top), left: Int32(left), bottom: Int32(bottom), right: Int32(right)),
            radius: Float(3.4142) * Float(diagonal), alpha: UInt32(alpha))
    }
}
