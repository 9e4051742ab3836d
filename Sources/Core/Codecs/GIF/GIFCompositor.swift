/// Composites a GIF's frames to whole canvases by Pillow's rules (`GifImagePlugin`, read as
/// `ImageSequence` frames converted to RGBA), so every frame equals Pillow's exactly.
///
/// The rules, as Pillow applies them:
/// - Frame 0 is drawn on a canvas of its transparent index (else index 0), every pixel of the
///   frame written; it shows through its palette, the transparent index see-through.
/// - Later frames are drawn over the canvas, their transparent pixels skipped. The canvas becomes
///   RGBA when frame 0 had a transparent index, else RGB (opaque).
/// - A disposal method, once given, holds for later frames that give none. Disposal 2 clears the
///   frame's rectangle to its transparent colour (alpha 0) or, without one, to the background
///   colour (opaque); disposal 3 restores the rectangle as it was before the frame.
/// - A frame reaching past the screen grows the canvas (the new area see-through when the frame
///   has a transparent index, else its palette's first colour).
/// - A file whose palettes are all the gray ramp (or that has none) is read as gray: the canvas
///   stays indices, and frame 0's transparent index is see-through in every frame.
///
/// Each frame is kept as 4 bytes a pixel, as Pillow's RGB and RGBA images store them, so the
/// fourth byte of an opaque canvas travels as Pillow's does when the canvas later grows.
struct GIFCompositor {
    private enum Mode { case palette, gray, rgb, rgba }

    /// A rectangle's content kept for disposal: indices or 4-byte pixels.
    private enum Patch {
        case indices([UInt8])
        case pixels([UInt8])
    }

    private let screen: GIFScreen
    /// The global palette unless it is the gray ramp (Pillow's `global_palette`).
    private let globalPalette: [UInt8]?
    private(set) var width: Int
    private(set) var height: Int
    private var frameNumber = 0
    private var mode = Mode.palette
    /// The canvas while it holds indices (frame 0, or a gray file).
    private var indices: [UInt8] = []
    /// The canvas once it holds colours: 4 bytes a pixel.
    private var pixels: [UInt8] = []
    /// Frame 0's palette (indices are shown through it).
    private var firstPalette: [UInt8]?
    /// Frame 0's transparent index, while Pillow keeps it (`info["transparency"]`).
    private var keptTransparency: Int?
    private var disposalMethod = 0
    private var pendingDisposal: (patch: Patch, left: Int, top: Int, width: Int, height: Int)?

    init(screen: GIFScreen) {
        self.screen = screen
        globalPalette = screen.globalPalette.flatMap { Self.isGrayRamp($0) ? nil : $0 }
        width = screen.width
        height = screen.height
    }

    /// Whether `palette` maps every index to its own gray (Pillow then reads the file as gray).
    static func isGrayRamp(_ palette: [UInt8]) -> Bool {
        stride(from: 0, to: palette.count - 2, by: 3).allSatisfy { i in
            let index = i / 3
            return index < 256 && Int(palette[i]) == index && Int(palette[i + 1]) == index && Int(palette[i + 2]) == index
        }
    }

    /// The colour of `index` through `palette` as Pillow's palette images hold it: entries past
    /// the file's table are black; without a palette (a gray file) the index is the gray.
    private static func color(_ index: Int, _ palette: [UInt8]?) -> (UInt8, UInt8, UInt8) {
        guard let palette else { return (UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index)) }
        guard index * 3 + 2 < palette.count else { return (0, 0, 0) }
        return (palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2])
    }

    /// A disposal colour (Pillow's `_rgb`): an index past the table is index 0.
    private static func disposalColor(_ index: Int, _ palette: [UInt8]?) -> (UInt8, UInt8, UInt8) {
        guard let palette else { return (UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index)) }
        return index * 3 + 3 > palette.count ? color(0, palette) : color(index, palette)
    }

    /// Draws the next frame (its record and indices, `nil` for an empty frame); ``output(keepsAlpha:)``
    /// then gives the canvas.
    mutating func add(_ frame: GIFFrameRecord, indices frameIndices: [UInt8]?) {
        let isFirst = frameNumber == 0
        let newWidth = max(width, frame.right)
        let newHeight = max(height, frame.bottom)
        if frame.disposal != 0 { disposalMethod = frame.disposal }
        // The previous frame's disposal, on the canvas as it was.
        if let disposal = pendingDisposal {
            paste(disposal.patch, left: disposal.left, top: disposal.top, width: disposal.width, height: disposal.height)
            pendingDisposal = nil
        }
        // Pillow's frame palette: its own unless that is the gray ramp, else the global one.
        let framePalette: [UInt8]? =
            if let local = frame.localPalette { Self.isGrayRamp(local) ? nil : local } else { globalPalette }
        if isFirst {
            mode = framePalette == nil ? .gray : .palette
            firstPalette = framePalette
        } else if mode == .palette {
            convertIndices(transparent: keptTransparency)
            keptTransparency = nil
        }
        // What this frame's rectangle becomes after it is shown.
        let usesColor = mode == .rgb || mode == .rgba
        if disposalMethod >= 2 {
            let count = frame.width * frame.height
            var patch: Patch?
            if disposalMethod == 2 {
                // The transparent colour (alpha 0), else the background colour (opaque).
                let transparent = (mode == .gray ? keptTransparency : nil) ?? frame.transparentIndex
                let index = transparent ?? screen.background ?? 0
                if usesColor {
                    let (r, g, b) = Self.disposalColor(index, framePalette)
                    patch = .pixels(Self.repeated([r, g, b, transparent == nil ? 255 : 0], count))
                } else {
                    patch = .indices([UInt8](repeating: UInt8(truncatingIfNeeded: index), count: count))
                }
            } else if !isFirst {
                patch = crop(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
            } else if let index = frame.transparentIndex {
                patch = .indices([UInt8](repeating: UInt8(truncatingIfNeeded: index), count: count))
            }
            if let patch { pendingDisposal = (patch, frame.left, frame.top, frame.width, frame.height) }
        }
        if isFirst { keptTransparency = frame.transparentIndex }
        // Draw the frame.
        if isFirst {
            indices = [UInt8](repeating: UInt8(truncatingIfNeeded: frame.transparentIndex ?? 0), count: newWidth * newHeight)
            width = newWidth
            height = newHeight
            drawIndices(frame, frameIndices, skipping: nil)
        } else if mode == .gray {
            if newWidth != width || newHeight != height { growIndices(newWidth, newHeight) }
            drawIndices(frame, frameIndices, skipping: frame.transparentIndex)
        } else {
            if newWidth != width || newHeight != height {
                // The grown canvas: see-through with a transparent index, else the palette's first colour.
                let fill: [UInt8]
                if frame.transparentIndex != nil {
                    fill = [0, 0, 0, 0]
                    mode = .rgba
                } else {
                    let (r, g, b) = Self.color(0, framePalette)
                    fill = [r, g, b, 255]
                    mode = .rgb
                }
                var grown = Self.repeated(fill, newWidth * newHeight)
                for y in 0..<height {
                    grown.replaceSubrange(y * newWidth * 4..<(y * newWidth + width) * 4, with: pixels[y * width * 4..<(y + 1) * width * 4])
                }
                pixels = grown
                width = newWidth
                height = newHeight
            }
            drawColors(frame, frameIndices, palette: framePalette)
        }
        frameNumber += 1
    }

    /// The canvas as Pillow's `convert('RGBA')` gives it, or without the alpha channel (3
    /// bytes a pixel) when `keepsAlpha` is false.
    func output(keepsAlpha: Bool) -> [UInt8] {
        let channels = keepsAlpha ? 4 : 3
        let count = width * height
        if mode == .rgba && keepsAlpha { return pixels }
        return [UInt8](unsafeUninitializedCapacity: count * channels) { out, initialized in
            switch mode {
            case .rgb, .rgba:
                pixels.withUnsafeBufferPointer { source in
                    for i in 0..<count {
                        out[i * channels] = source[i * 4]
                        out[i * channels + 1] = source[i * 4 + 1]
                        out[i * channels + 2] = source[i * 4 + 2]
                        if keepsAlpha { out[i * 4 + 3] = mode == .rgb ? 255 : source[i * 4 + 3] }
                    }
                }
            case .palette, .gray:
                // A lookup table of the 256 indices' colours.
                var table = [UInt8](repeating: 0, count: 256 * 4)
                for index in 0..<256 {
                    let (r, g, b) = Self.color(index, mode == .palette ? firstPalette : nil)
                    table[index * 4] = r
                    table[index * 4 + 1] = g
                    table[index * 4 + 2] = b
                    table[index * 4 + 3] = index == keptTransparency ? 0 : 255
                }
                indices.withUnsafeBufferPointer { source in
                    for i in 0..<count {
                        let at = Int(source[i]) * 4
                        out[i * channels] = table[at]
                        out[i * channels + 1] = table[at + 1]
                        out[i * channels + 2] = table[at + 2]
                        if keepsAlpha { out[i * 4 + 3] = table[at + 3] }
                    }
                }
            }
            initialized = count * channels
        }
    }

    /// Frame 0's indices become colours (Pillow's conversion after the first frame).
    private mutating func convertIndices(transparent: Int?) {
        pixels = output(keepsAlpha: true)
        indices = []
        mode = transparent == nil ? .rgb : .rgba
    }

    private mutating func growIndices(_ newWidth: Int, _ newHeight: Int) {
        var grown = [UInt8](repeating: 0, count: newWidth * newHeight)
        for y in 0..<height { grown.replaceSubrange(y * newWidth..<y * newWidth + width, with: indices[y * width..<(y + 1) * width]) }
        indices = grown
        width = newWidth
        height = newHeight
    }

    private mutating func drawIndices(_ frame: GIFFrameRecord, _ source: [UInt8]?, skipping transparent: Int?) {
        guard let source else { return }
        for row in 0..<frame.height {
            let y = frame.top + row
            for column in 0..<frame.width {
                let index = source[row * frame.width + column]
                if Int(index) == transparent { continue }
                indices[y * width + frame.left + column] = index
            }
        }
    }

    private mutating func drawColors(_ frame: GIFFrameRecord, _ source: [UInt8]?, palette: [UInt8]?) {
        guard let source else { return }
        var table = [UInt8](repeating: 0, count: 256 * 3)
        for index in 0..<256 {
            let (r, g, b) = Self.color(index, palette)
            table[index * 3] = r
            table[index * 3 + 1] = g
            table[index * 3 + 2] = b
        }
        let transparent = frame.transparentIndex ?? -1
        let canvasWidth = width
        table.withUnsafeBufferPointer { table in
            source.withUnsafeBufferPointer { source in
                pixels.withUnsafeMutableBufferPointer { pixels in
                    for row in 0..<frame.height {
                        let from = row * frame.width
                        var to = ((frame.top + row) * canvasWidth + frame.left) * 4
                        for column in 0..<frame.width {
                            let index = Int(source[from + column])
                            if index != transparent {
                                pixels[to] = table[index * 3]
                                pixels[to + 1] = table[index * 3 + 1]
                                pixels[to + 2] = table[index * 3 + 2]
                                pixels[to + 3] = 255
                            }
                            to += 4
                        }
                    }
                }
            }
        }
    }

    /// The canvas inside a rectangle (zeros where it reaches past the canvas).
    private func crop(left: Int, top: Int, width cropWidth: Int, height cropHeight: Int) -> Patch {
        let channels = mode == .palette || mode == .gray ? 1 : 4
        let source = channels == 1 ? indices : pixels
        var out = [UInt8](repeating: 0, count: cropWidth * cropHeight * channels)
        for row in 0..<cropHeight where top + row < height {
            for column in 0..<cropWidth where left + column < width {
                let from = ((top + row) * width + left + column) * channels
                let to = (row * cropWidth + column) * channels
                for c in 0..<channels { out[to + c] = source[from + c] }
            }
        }
        return channels == 1 ? .indices(out) : .pixels(out)
    }

    /// Puts a kept rectangle back (clipped to the canvas).
    private mutating func paste(_ patch: Patch, left: Int, top: Int, width patchWidth: Int, height patchHeight: Int) {
        switch patch {
        case .indices(let source):
            guard mode == .palette || mode == .gray else { return }
            for row in 0..<patchHeight where top + row < height {
                for column in 0..<patchWidth where left + column < width {
                    indices[(top + row) * width + left + column] = source[row * patchWidth + column]
                }
            }
        case .pixels(let source):
            guard mode == .rgb || mode == .rgba else { return }
            for row in 0..<patchHeight where top + row < height {
                for column in 0..<patchWidth where left + column < width {
                    let to = ((top + row) * width + left + column) * 4
                    let from = (row * patchWidth + column) * 4
                    for c in 0..<4 { pixels[to + c] = source[from + c] }
                }
            }
        }
    }

    private static func repeated(_ pixel: [UInt8], _ count: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(count * pixel.count)
        for _ in 0..<count { out += pixel }
        return out
    }
}
