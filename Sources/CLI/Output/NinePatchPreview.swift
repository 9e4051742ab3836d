import NinepipeCore
import NinepipeHost
import NinepipePlugins

/// The picture `ninepipe ninepatch preview` draws: the nine-patch rendered at several sizes side
/// by side on a checkerboard, stretch regions outlined in magenta and the content area in green.
enum NinePatchPreview {
    static func render(_ image: Image) throws -> Image {
        let w = image.width
        let h = image.height
        let sizes = [(w, h), (w * 3, h), (w, h * 2), (w * 3, h * 2), (Swift.max(1, w / 2), Swift.max(1, h / 2))]
        let gap = 8
        let rendered = try sizes.map { size in
            try Transforms.NinePatch(width: size.0, height: size.1).apply(to: image).converted(to: SampleDepth.eight).converted(to: .rgba)
        }
        let canvasWidth = rendered.reduce(gap) { $0 + $1.width + gap }
        let canvasHeight = (rendered.map(\.height).max() ?? 1) + 2 * gap
        try ImageLimits.default.check(width: canvasWidth, height: canvasHeight)
        var canvas = checkerboard(width: canvasWidth, height: canvasHeight)
        var x = gap
        for tile in rendered {
            canvas = composite(tile, onto: canvas, x: x, y: gap)
            if let chunk = tile.metadata.ninePatch?.chunk?.clamped(width: tile.width, height: tile.height) {
                let magenta = Color(red: 255, green: 0, blue: 255)
                let green = Color(red: 0, green: 200, blue: 0)
                var index = 0
                while index + 1 < chunk.xDivs.count {
                    outline(
                        &canvas, x: x + Int(chunk.xDivs[index]), y: gap, width: Int(chunk.xDivs[index + 1]) - Int(chunk.xDivs[index]), height: tile.height,
                        color: magenta)
                    index += 2
                }
                index = 0
                while index + 1 < chunk.yDivs.count {
                    outline(
                        &canvas, x: x, y: gap + Int(chunk.yDivs[index]), width: tile.width, height: Int(chunk.yDivs[index + 1]) - Int(chunk.yDivs[index]),
                        color: magenta)
                    index += 2
                }
                let p = chunk.padding
                outline(
                    &canvas, x: x + Int(p.left), y: gap + Int(p.top), width: tile.width - Int(p.left) - Int(p.right),
                    height: tile.height - Int(p.top) - Int(p.bottom), color: green)
            }
            x += tile.width + gap
        }
        return canvas
    }

    private static func checkerboard(width: Int, height: Int) -> Image {
        var samples = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where (x / 8 + y / 8) % 2 == 1 {
                let i = (y * width + x) * 4
                samples[i] = 204
                samples[i + 1] = 204
                samples[i + 2] = 204
            }
        }
        return Image(width: width, height: height, layout: .rgba, samples: samples)
    }

    /// `tile` blended over `canvas` (straight alpha "over") at (x, y).
    private static func composite(_ tile: Image, onto canvas: Image, x: Int, y: Int) -> Image {
        guard case .eight(let top) = tile.unpremultiplied().storage else { return canvas }
        var result = canvas
        let width = canvas.width
        result.editSamples(
            eight: { base in
                for ty in 0..<tile.height {
                    for tx in 0..<tile.width {
                        let s = (ty * tile.width + tx) * 4
                        let d = ((y + ty) * width + x + tx) * 4
                        let a = Int(top[s + 3])
                        for c in 0..<3 { base[d + c] = UInt8((Int(top[s + c]) * a + Int(base[d + c]) * (255 - a) + 127) / 255) }
                    }
                }
            }, sixteen: { _ in })
        return result
    }

    /// A 1-pixel rectangle outline (clipped to the canvas).
    private static func outline(_ canvas: inout Image, x: Int, y: Int, width: Int, height: Int, color: Color) {
        guard width > 0, height > 0 else { return }
        let stride = canvas.width
        let limit = canvas.height
        canvas.editSamples(
            eight: { samples in
                func dot(_ px: Int, _ py: Int) {
                    guard px >= 0, py >= 0, px < stride, py < limit else { return }
                    let i = (py * stride + px) * 4
                    samples[i] = color.red
                    samples[i + 1] = color.green
                    samples[i + 2] = color.blue
                    samples[i + 3] = 255
                }
                for px in x..<(x + width) {
                    dot(px, y)
                    dot(px, y + height - 1)
                }
                for py in y..<(y + height) {
                    dot(x, py)
                    dot(x + width - 1, py)
                }
            }, sixteen: { _ in })
    }
}
