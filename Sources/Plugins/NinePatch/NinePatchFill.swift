import NinepipeCore

/// How a stretch region fills its new length along one axis.
public enum NinePatchFill: String, Sendable, Hashable, CaseIterable {
    /// Scale the region (Android, UIKit `.stretch`, CSS `stretch`).
    case stretch
    /// Repeat from the region's start and clip the last copy (UIKit `.tile`, Godot tile).
    case tile
    /// Repeat centred in the region, partial copies at both ends (CSS `repeat`).
    case `repeat`
    /// Scale so a whole number of copies fit: `max(1, round(area / tile))` (CSS `round`).
    case round
    /// Whole copies only, the leftover shared as equal gaps around them (CSS `space`).
    case space

    /// `cell` fitted to `length` pixels along one axis (the other axis unchanged).
    ///
    /// A 1-pixel region in a tiling mode is stretched, as UIKit does.
    func fit(_ cell: Image, horizontal: Bool, length: Int, filter: ResamplingFilter, context: TransformContext) throws -> Image {
        let source = horizontal ? cell.width : cell.height
        guard length > 0 else { return cell }
        if length == source && self != .space { return cell }
        func sized(_ along: Int) -> (Int, Int) { horizontal ? (along, cell.height) : (cell.width, along) }
        func stretched(_ image: Image) throws -> Image {
            let (w, h) = sized(length)
            return try Resampler(filter: filter).resample(image, width: w, height: h, context: context)
        }
        func copies(_ total: Int, offset: Int) -> Image {
            let (w, h) = sized(total)
            return Transforms.Tile.wrapped(
                cell, width: w, height: h, mirror: false,
                offsetX: horizontal ? offset : 0, offsetY: horizontal ? 0 : offset)
        }
        let mode = source == 1 ? .stretch : self
        switch mode {
        case .stretch:
            return try stretched(cell)
        case .tile:
            return copies(length, offset: 0)
        case .repeat:
            return copies(length, offset: (length - source) / 2)
        case .round:
            let count = Swift.max(1, Int((Double(length) / Double(source)).rounded()))
            return try stretched(copies(count * source, offset: 0))
        case .space:
            let count = length / source
            let (w, h) = sized(length)
            var canvas = Image.filled(width: w, height: h, layout: cell.layout.withAlpha, depth: cell.depth, color: .clear)
            let tile = cell.converted(to: cell.layout.withAlpha).unpremultiplied()
            let gap = Double(length - count * source) / Double(count + 1)
            for index in 0..<count {
                let position = Int((gap + Double(index) * (Double(source) + gap)).rounded())
                canvas.paste(tile, x: horizontal ? position : 0, y: horizontal ? 0 : position)
            }
            return canvas
        }
    }
}
