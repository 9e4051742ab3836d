extension Image {
    /// A `width`×`height` image of one colour, in `layout` at `depth`.
    ///
    /// The colour is converted to the layout: gray layouts take its Rec. 601 luma, layouts
    /// without alpha ignore its alpha (use ``PixelLayout/accommodating(_:)`` first).
    public static func filled(width: Int, height: Int, layout: PixelLayout, depth: SampleDepth, color: Color) -> Image {
        Image(width: width, height: height, layout: layout, depth: depth, fill: color.samples(for: layout, depth: depth))
    }

    /// This image with `top`, `right`, `bottom`, `left` pixels of `color` added around it.
    ///
    /// The layout grows to hold the colour (alpha for a translucent one, RGB for a
    /// non-gray one); nine-patch divs, padding and layout bounds shift with the pixels.
    ///
    /// - Precondition: the amounts are not negative.
    public func padded(top: Int, left: Int, bottom: Int, right: Int, color: Color) -> Image {
        precondition(top >= 0 && right >= 0 && bottom >= 0 && left >= 0, "padding cannot be negative")
        if top == 0 && right == 0 && bottom == 0 && left == 0 { return self }
        let layout = self.layout.accommodating(color)
        let content = converted(to: layout).unpremultiplied()
        var canvas = Image.filled(
            width: width + left + right, height: height + top + bottom,
            layout: layout, depth: depth, color: color)
        canvas.paste(content, x: left, y: top)
        canvas.metadata = metadata
        canvas.metadata.ninePatch = metadata.ninePatch?.padded(
            top: top, left: left, bottom: bottom, right: right,
            width: width, height: height)
        return canvas
    }

    /// Copies `other`'s pixels over this image's with its top-left corner at (`x`, `y`),
    /// replacing them (no blending); whatever falls outside is clipped.
    ///
    /// - Precondition: `other` has the same layout and depth.
    public mutating func paste(_ other: Image, x: Int, y: Int) {
        precondition(other.layout == layout && other.depth == depth, "paste needs the same layout and depth")
        let clip = PixelRect(x: x, y: y, width: other.width, height: other.height)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !clip.isEmpty else { return }
        let channels = layout.channelCount
        func copy<S>(_ target: inout [S], _ source: [S]) {
            let rowSamples = clip.width * channels
            target.withUnsafeMutableBufferPointer { out in
                source.withUnsafeBufferPointer { input in
                    for row in 0..<clip.height {
                        let from = ((clip.y - y + row) * other.width + (clip.x - x)) * channels
                        let to = ((clip.y + row) * width + clip.x) * channels
                        (out.baseAddress! + to).update(from: input.baseAddress! + from, count: rowSamples)
                    }
                }
            }
        }
        switch (storage, other.storage) {
        case (.eight(var target), .eight(let source)):
            storage = .eight([])
            copy(&target, source)
            storage = .eight(target)
        case (.sixteen(var target), .sixteen(let source)):
            storage = .sixteen([])
            copy(&target, source)
            storage = .sixteen(target)
        default:
            preconditionFailure("depths checked above")
        }
    }
}

extension PixelLayout {
    /// The smallest layout that holds both this layout's pixels and `color`: alpha is added
    /// for a translucent colour, RGB for a colour that is not gray.
    public func accommodating(_ color: Color) -> PixelLayout {
        var result = self
        if color.alpha != 255 { result = result.withAlpha }
        if !color.isGray { result = result.hasAlpha ? .rgba : .rgb }
        return result
    }
}

extension Color {
    /// Whether red, green and blue are equal.
    public var isGray: Bool { red == green && green == blue }

    /// The colour's samples in `layout` at `depth` (gray takes Rec. 601 luma; 16-bit scales by 257).
    public func samples(for layout: PixelLayout, depth: SampleDepth) -> [Int] {
        let scale = depth == .eight ? 1 : 257
        let luma = (299 * Int(red) + 587 * Int(green) + 114 * Int(blue) + 500) / 1000
        var values = layout.isColor ? [Int(red), Int(green), Int(blue)] : [luma]
        if layout.hasAlpha { values.append(Int(alpha)) }
        return values.map { $0 * scale }
    }
}
