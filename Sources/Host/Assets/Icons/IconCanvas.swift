import NinepipeCore

/// A square or rectangular picture being composited: premultiplied RGBA in `Float`, so layers
/// drawn one over another round once, when the result is taken as an ``Image``.
struct IconCanvas: Sendable {
    let width: Int, height: Int
    /// Premultiplied red, green, blue, alpha, 0…1, row by row.
    private(set) var samples: [Float]

    /// A transparent canvas.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        samples = Array(repeating: 0, count: width * height * 4)
    }

    /// A pixel box: left, top, width, height (may reach outside the canvas; drawing clips).
    struct Box: Sendable, Hashable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The whole canvas as a box.
    var bounds: Box { Box(x: 0, y: 0, width: width, height: height) }

    /// Paints `color` over the part of `box` inside the canvas.
    mutating func fill(_ box: Box, with color: AndroidColor) {
        let alpha = Float(color.alpha) / 255
        let source = (Float(color.red) / 255 * alpha, Float(color.green) / 255 * alpha, Float(color.blue) / 255 * alpha, alpha)
        let left = max(0, box.x)
        let right = min(width, box.x + box.width)
        let top = max(0, box.y)
        let bottom = min(height, box.y + box.height)
        guard left < right, top < bottom else { return }
        let keep = 1 - alpha
        let width = self.width
        // Hot loop: every index is inside the row range checked above.
        samples.withUnsafeMutableBufferPointer { pixels in
            for y in top..<bottom {
                for index in stride(from: (y * width + left) * 4, to: (y * width + right) * 4, by: 4) {
                    pixels[index] = source.0 + pixels[index] * keep
                    pixels[index + 1] = source.1 + pixels[index + 1] * keep
                    pixels[index + 2] = source.2 + pixels[index + 2] * keep
                    pixels[index + 3] = source.3 + pixels[index + 3] * keep
                }
            }
        }
    }

    /// Draws `image` (any layout and depth, straight or premultiplied) with its top-left corner
    /// at `x`, `y`, source over: only the part inside the canvas is read, and no second canvas
    /// the image's size is made (an icon layer drawn 1536 pixels square into the visible 1024).
    mutating func draw(_ image: Image, x originX: Int, y originY: Int) {
        let rgba = image.converted(to: .rgba).converted(to: .eight)
        guard case .eight(let bytes) = rgba.storage else { return }
        let left = max(0, originX)
        let right = min(width, originX + rgba.width)
        let top = max(0, originY)
        let bottom = min(height, originY + rgba.height)
        guard left < right, top < bottom else { return }
        let premultiplied = rgba.alphaMode == .premultiplied
        let width = self.width
        let sourceWidth = rgba.width
        // Hot loop: rows and columns are clipped to both the image and the canvas above.
        bytes.withUnsafeBufferPointer { source in
            samples.withUnsafeMutableBufferPointer { target in
                for y in top..<bottom {
                    for x in left..<right {
                        let from = ((y - originY) * sourceWidth + (x - originX)) * 4
                        guard source[from + 3] > 0 else { continue }
                        let alpha = Float(source[from + 3]) / 255
                        let colourScale = premultiplied ? Float(1) / 255 : alpha / 255
                        let keep = 1 - alpha
                        let index = (y * width + x) * 4
                        for channel in 0..<3 {
                            target[index + channel] = Float(source[from + channel]) * colourScale + target[index + channel] * keep
                        }
                        target[index + 3] = alpha + target[index + 3] * keep
                    }
                }
            }
        }
    }

    /// Draws `other` over this canvas at `x`, `y`, source over.
    mutating func draw(_ other: IconCanvas, x originX: Int, y originY: Int) {
        let left = max(0, originX)
        let right = min(width, originX + other.width)
        let top = max(0, originY)
        let bottom = min(height, originY + other.height)
        guard left < right, top < bottom else { return }
        let width = self.width
        let sourceWidth = other.width
        // Hot loop: rows and columns are clipped to both canvases above.
        other.samples.withUnsafeBufferPointer { source in
            samples.withUnsafeMutableBufferPointer { target in
                for y in top..<bottom {
                    for x in left..<right {
                        let from = ((y - originY) * sourceWidth + (x - originX)) * 4
                        let keep = 1 - source[from + 3]
                        guard keep < 1 else { continue }
                        let index = (y * width + x) * 4
                        for channel in 0..<4 { target[index + channel] = source[from + channel] + target[index + channel] * keep }
                    }
                }
            }
        }
    }

    /// Multiplies every pixel by the coverage of the circle inscribed in the canvas (measured on a
    /// 4 × 4 grid a pixel): Android's round mask.
    mutating func clipToCircle() {
        let radius = Double(min(width, height)) / 2
        let centerX = Double(width) / 2
        let centerY = Double(height) / 2
        for y in 0..<height {
            for x in 0..<width {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - centerX
                        let dy = Double(y) + (Double(sy) + 0.5) / 4 - centerY
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                guard inside < 16 else { continue }
                let coverage = Float(inside) / 16
                let index = (y * width + x) * 4
                for channel in 0..<4 { samples[index + channel] *= coverage }
            }
        }
    }

    /// Every pixel's colour replaced by a gray, its alpha kept: its luminance (Rec. 709 luma of
    /// the stored values) with `luminance`, else white (a silhouette).
    mutating func makeGray(luminance: Bool) {
        samples.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = pixels[index + 3]
                // Rec. 709 luma of the premultiplied colour is the straight luma times alpha.
                let gray = luminance ? min(alpha, 0.2126 * pixels[index] + 0.7152 * pixels[index + 1] + 0.0722 * pixels[index + 2]) : alpha
                pixels[index] = gray
                pixels[index + 1] = gray
                pixels[index + 2] = gray
            }
        }
    }

    /// The mean luminance (Rec. 709 luma of the stored values, 0…1) of the colour drawn,
    /// weighted by alpha; `nil` when nothing is drawn.
    func meanLuminance() -> Double? {
        var luma = 0.0
        var weight = 0.0
        for index in stride(from: 0, to: samples.count, by: 4) {
            luma += Double(0.2126 * samples[index] + 0.7152 * samples[index + 1] + 0.0722 * samples[index + 2])
            weight += Double(samples[index + 3])
        }
        return weight > 0 ? luma / weight : nil
    }

    /// The canvas as an 8-bit image: RGBA, straight alpha; with `opaqueOn`, flattened onto that
    /// colour and RGB (no alpha channel); with `gray`, gray (plus alpha unless opaque).
    func image(opaqueOn background: AndroidColor? = nil, gray: Bool = false) -> Image {
        let layout: PixelLayout = gray ? (background == nil ? .grayAlpha : .gray) : (background == nil ? .rgba : .rgb)
        let channels = layout.channelCount
        let under = background.map { (Float($0.red) / 255, Float($0.green) / 255, Float($0.blue) / 255) } ?? (0, 0, 0)
        let opaque = background != nil
        var out = [UInt8](repeating: 0, count: width * height * channels)
        @inline(__always) func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        // Hot loop: one output pixel of `channels` bytes per input pixel of four floats.
        samples.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { target in
                var at = 0
                for index in stride(from: 0, to: pixels.count, by: 4) {
                    let alpha = pixels[index + 3]
                    var red = pixels[index]
                    var green = pixels[index + 1]
                    var blue = pixels[index + 2]
                    if opaque {
                        red += under.0 * (1 - alpha)
                        green += under.1 * (1 - alpha)
                        blue += under.2 * (1 - alpha)
                    } else if alpha > 0 {
                        red /= alpha
                        green /= alpha
                        blue /= alpha
                    }
                    if gray {
                        target[at] = byte(red)
                        at += 1
                    } else {
                        target[at] = byte(red)
                        target[at + 1] = byte(green)
                        target[at + 2] = byte(blue)
                        at += 3
                    }
                    if !opaque {
                        target[at] = byte(alpha)
                        at += 1
                    }
                }
            }
        }
        return Image(width: width, height: height, layout: layout, samples: out)
    }
}
