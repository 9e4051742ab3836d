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
