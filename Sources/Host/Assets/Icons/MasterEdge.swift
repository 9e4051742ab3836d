import NinepipeCore

/// What a master image's outermost pixels are: transparent, one opaque colour (a logo on a
/// plain background or plate), opaque but of many colours (a full-bleed picture, an iOS icon),
/// or neither.
enum MasterEdge: Sendable, Hashable {
    case transparent
    case uniform(AndroidColor)
    case fullBleed
    case mixed(mean: AndroidColor)

    /// How far an opaque edge pixel's channel may stray from their mean and still be one colour.
    static let tolerance = 12

    /// Classifies the edge of `image` (8-bit RGBA, straight). Only its opaque pixels (alpha 250
    /// or more) count for the colour: a plate's rounded, transparent corners do not.
    init(_ image: Image) {
        guard case .eight(let pixels) = image.storage else {
            self = .transparent
            return
        }
        var edge: [Int] = []
        for x in 0..<image.width { edge += [x, (image.height - 1) * image.width + x] }
        for y in 0..<image.height { edge += [y * image.width, y * image.width + image.width - 1] }
        let opaque = edge.filter { pixels[$0 * 4 + 3] >= 250 }
        guard !opaque.isEmpty else {
            self = .transparent
            return
        }
        var sums = [0, 0, 0]
        for index in opaque { for channel in 0..<3 { sums[channel] += Int(pixels[index * 4 + channel]) } }
        let mean = sums.map { $0 / opaque.count }
        let color = AndroidColor(red: UInt8(mean[0]), green: UInt8(mean[1]), blue: UInt8(mean[2]))
        if opaque.allSatisfy({ index in (0..<3).allSatisfy { abs(Int(pixels[index * 4 + $0]) - mean[$0]) <= Self.tolerance } }) {
            self = .uniform(color)
        } else {
            self = opaque.count == edge.count ? .fullBleed : .mixed(mean: color)
        }
    }

    /// `image` grown to `factor` times its size, its edge pixels repeated outwards (the bleed a full-bleed picture needs around the visible
    /// square of an adaptive icon).
    static func extended(_ image: Image, by factor: Double) -> Image {
        guard case .eight(let pixels) = image.storage else { return image }
        let width = Int((Double(image.width) * factor).rounded())
        let height = Int((Double(image.height) * factor).rounded())
        let left = (width - image.width) / 2
        let top = (height - image.height) / 2
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let sourceY = min(max(y - top, 0), image.height - 1)
            for x in 0..<width {
                let sourceX = min(max(x - left, 0), image.width - 1)
                let from = (sourceY * image.width + sourceX) * 4
                let to = (y * width + x) * 4
                out[to..<to + 4] = pixels[from..<from + 4]
            }
        }
        return Image(width: width, height: height, layout: .rgba, samples: out)
    }

    /// `image` with `color` taken out as alpha (GIMP's colour to alpha): each pixel becomes the
    /// most transparent one that, drawn over `color`, gives the pixel as it was over `color`.
    static func removing(_ color: AndroidColor, from image: Image) -> Image {
        guard case .eight(var pixels) = image.storage else { return image }
        let base = [Double(color.red), Double(color.green), Double(color.blue)].map { $0 / 255 }
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Double(pixels[index + 3]) / 255
            // The pixel as it shows over the colour.
            let shown = (0..<3).map { Double(pixels[index + $0]) / 255 * alpha + base[$0] * (1 - alpha) }
            var needed = 0.0
            for channel in 0..<3 {
                let value = shown[channel]
                let under = base[channel]
                if value > under + 1e-9 {
                    needed = max(needed, (value - under) / (1 - under))
                } else if value < under - 1e-9 {
                    needed = max(needed, (under - value) / under)
                }
            }
            guard needed > 0.5 / 255 else {
                for channel in 0..<4 { pixels[index + channel] = 0 }
                continue
            }
            for channel in 0..<3 {
                let straight = (shown[channel] - base[channel]) / needed + base[channel]
                pixels[index + channel] = UInt8(max(0, min(255, (straight * 255).rounded())))
            }
            pixels[index + 3] = UInt8(max(0, min(255, (needed * 255).rounded())))
        }
        return Image(width: image.width, height: image.height, layout: .rgba, samples: pixels)
    }

    /// The middle of what `image` (8-bit RGBA) draws (its alpha-bounding box's centre, in pixels)
    /// and the distance from there to the farthest corner of a pixel drawn (alpha 4 or more);
    /// `nil` when nothing is drawn.
    static func reach(of image: Image) -> (centerX: Double, centerY: Double, radius: Double)? {
        guard case .eight(let pixels) = image.storage else { return nil }
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where pixels[(y * image.width + x) * 4 + 3] >= 4 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let centerX = Double(minX + maxX + 1) / 2
        let centerY = Double(minY + maxY + 1) / 2
        var farthest = 0.0
        for y in minY...maxY {
            for x in minX...maxX where pixels[(y * image.width + x) * 4 + 3] >= 4 {
                let dx = max(abs(Double(x) - centerX), abs(Double(x + 1) - centerX))
                let dy = max(abs(Double(y) - centerY), abs(Double(y + 1) - centerY))
                farthest = max(farthest, dx * dx + dy * dy)
            }
        }
        return (centerX, centerY, farthest.squareRoot())
    }
}
