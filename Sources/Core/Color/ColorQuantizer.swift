/// Chooses a palette of at most N colours for one or more RGBA pictures: median cut over a
/// 15-bit colour histogram (each cell keeps the exact mean of its pixels), splitting the box with
/// the largest squared error along its widest axis, then a few rounds of k-means to settle each
/// colour at the mean of the pixels nearest it. Pixels whose alpha is under the cutoff are left
/// out (they become the transparent index). Pictures of no more distinct colours than asked
/// keep them exactly.
public struct ColorQuantizer: Sendable {
    /// One histogram cell: how many pixels fell in it and their summed channels.
    private struct Cell {
        var count = 0
        var red = 0, green = 0, blue = 0
    }

    private var cells = [Cell](repeating: Cell(), count: 1 << 15)
    /// The distinct colours seen, until there are more than 256 (then `nil`).
    private var distinct: Set<UInt32>? = []
    /// The alpha at or over which a pixel counts as opaque.
    public let alphaCutoff: Int

    /// Creates an empty histogram; pixels with alpha under `alphaCutoff` are not counted.
    public init(alphaCutoff: Int = 128) { self.alphaCutoff = alphaCutoff }

    /// Counts the pixels of `rgba` (8-bit RGBA, 4 bytes a pixel).
    public mutating func add(_ rgba: [UInt8]) {
        let cutoff = UInt8(clamping: alphaCutoff)
        var seen = distinct
        defer { distinct = seen }
        var last: UInt32 = .max
        rgba.withUnsafeBufferPointer { pixels in
            cells.withUnsafeMutableBufferPointer { cells in
                var i = 0
                while i + 3 < pixels.count {
                    if pixels[i + 3] >= cutoff {
                        let r = Int(pixels[i])
                        let g = Int(pixels[i + 1])
                        let b = Int(pixels[i + 2])
                        let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                        cells[key].count += 1
                        cells[key].red += r
                        cells[key].green += g
                        cells[key].blue += b
                        let color = UInt32(r << 16 | g << 8 | b)
                        if color != last, seen != nil {
                            last = color
                            seen?.insert(color)
                            if (seen?.count ?? 0) > 256 { seen = nil }
                        }
                    }
                    i += 4
                }
            }
        }
    }

    /// The palette: at most `count` colours (3 bytes each), fewer when the pictures hold fewer.
    public func palette(count: Int) -> [UInt8] {
        if let distinct, distinct.count <= count {
            return distinct.sorted().flatMap { [UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
        }
        // The occupied cells as weighted colours.
        var colors: [(r: Double, g: Double, b: Double, weight: Double)] = []
        for cell in cells where cell.count > 0 {
            let n = Double(cell.count)
            colors.append((Double(cell.red) / n, Double(cell.green) / n, Double(cell.blue) / n, n))
        }
        guard !colors.isEmpty, count > 0 else { return [] }
        // Median cut.
        var boxes: [Range<Int>] = [0..<colors.count]
        // Each box's squared error, computed once when the box is made.
        var errors = [Self.squaredError(colors[0..<colors.count])]
        while boxes.count < count {
            var best = -1
            var bestError = 0.0
            for (index, error) in errors.enumerated() where boxes[index].count > 1 && error > bestError {
                bestError = error
                best = index
            }
            guard best >= 0 else { break }
            let box = boxes[best]
            let axis = Self.widestAxis(colors[box])
            colors[box].sort { Self.component($0, axis) < Self.component($1, axis) }
            let total = colors[box].reduce(0) { $0 + $1.weight }
            var running = 0.0
            var split = box.lowerBound + 1
            for index in box {
                running += colors[index].weight
                if running >= total / 2 {
                    split = min(max(index + 1, box.lowerBound + 1), box.upperBound - 1)
                    break
                }
            }
            boxes[best] = box.lowerBound..<split
            boxes.append(split..<box.upperBound)
            errors[best] = Self.squaredError(colors[boxes[best]])
            errors.append(Self.squaredError(colors[split..<box.upperBound]))
        }
        var centers = boxes.map { Self.mean(colors[$0]) }
        // k-means over the cells, starting from the boxes' means.
        for _ in 0..<4 {
            var sums = [(r: Double, g: Double, b: Double, weight: Double)](repeating: (0, 0, 0, 0), count: centers.count)
            for color in colors {
                var nearest = 0
                var distance = Double.infinity
                for (index, center) in centers.enumerated() {
                    let dr = color.r - center.r
                    let dg = color.g - center.g
                    let db = color.b - center.b
                    let d = dr * dr + dg * dg + db * db
                    if d < distance {
                        distance = d
                        nearest = index
                    }
                }
                sums[nearest].r += color.r * color.weight
                sums[nearest].g += color.g * color.weight
                sums[nearest].b += color.b * color.weight
                sums[nearest].weight += color.weight
            }
            for index in centers.indices where sums[index].weight > 0 {
                let w = sums[index].weight
                centers[index] = (sums[index].r / w, sums[index].g / w, sums[index].b / w)
            }
        }
        var palette: [UInt8] = []
        for center in centers {
            for value in [center.r, center.g, center.b] { palette.append(UInt8(max(0, min(255, value.rounded())))) }
        }
        return palette
    }

    private static func component(_ color: (r: Double, g: Double, b: Double, weight: Double), _ axis: Int) -> Double {
        axis == 0 ? color.r : axis == 1 ? color.g : color.b
    }

    private static func mean(_ colors: ArraySlice<(r: Double, g: Double, b: Double, weight: Double)>) -> (r: Double, g: Double, b: Double) {
        var r = 0.0
        var g = 0.0
        var b = 0.0
        var w = 0.0
        for color in colors {
            r += color.r * color.weight
            g += color.g * color.weight
            b += color.b * color.weight
            w += color.weight
        }
        return w > 0 ? (r / w, g / w, b / w) : (0, 0, 0)
    }

    private static func squaredError(_ colors: ArraySlice<(r: Double, g: Double, b: Double, weight: Double)>) -> Double {
        let center = mean(colors)
        return colors.reduce(0) { sum, c in
            let dr = c.r - center.r
            let dg = c.g - center.g
            let db = c.b - center.b
            return sum + c.weight * (dr * dr + dg * dg + db * db)
        }
    }

    private static func widestAxis(_ colors: ArraySlice<(r: Double, g: Double, b: Double, weight: Double)>) -> Int {
        let center = mean(colors)
        var spread = [0.0, 0.0, 0.0]
        for c in colors {
            spread[0] += c.weight * (c.r - center.r) * (c.r - center.r)
            spread[1] += c.weight * (c.g - center.g) * (c.g - center.g)
            spread[2] += c.weight * (c.b - center.b) * (c.b - center.b)
        }
        return spread.indices.max { spread[$0] < spread[$1] } ?? 0
    }
}
