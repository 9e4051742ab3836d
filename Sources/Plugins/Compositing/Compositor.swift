import NinepipeCore

/// How an overlay's colour combines with the colour under it (W3C Compositing and Blending,
/// separable modes), before Porter–Duff source-over places it by its alpha.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    /// The overlay's colour: plain source-over.
    case over
    /// Base × overlay: darkens (a watermark that never lightens).
    case multiply
    /// 1 − (1 − base)(1 − overlay): lightens.
    case screen

    /// The blended colour of straight (not premultiplied) values 0…1.
    @inline(__always)
    func blend(base: Double, overlay: Double) -> Double {
        switch self {
        case .over: overlay
        case .multiply: base * overlay
        case .screen: base + overlay - base * overlay
        }
    }
}

/// Composites copies of one overlay onto images or bands of rows, in `Double` on premultiplied
/// colour:
///
///     αo = αs + αb (1 − αs)
///     Co = Cs (1 − αb) + Cb (1 − αs) + αs αb B(cb, cs)
///
/// with `C = c α` premultiplied, `αs` the overlay's alpha times `opacity`, and `B` the blend
/// mode (`over`: B = cs, which reduces to Co = Cs + Cb (1 − αs)). The result is stored straight
/// (`co = Co / αo`), rounded to the base's depth.
struct Compositor: Sendable {
    /// The overlay: straight alpha, at the base's depth, colour when the base is (see ``prepared(_:for:)``).
    let overlay: Image
    /// Multiplies the overlay's alpha.
    let opacity: Double
    /// The colour blend.
    let mode: BlendMode

    /// The layout of a base of `layout` with this overlay on it: colour when either is, alpha
    /// when the base has it.
    static func layout(base: PixelLayout, overlay: PixelLayout) -> PixelLayout {
        let color = base.isColor || overlay.isColor
        return base.hasAlpha ? (color ? .rgba : .grayAlpha) : (color ? .rgb : .gray)
    }

    /// `overlay` made ready for bases of `layout` and `depth`: straight, same depth, with alpha,
    /// colour when the result is.
    static func prepared(_ overlay: Image, layout: PixelLayout, depth: SampleDepth) -> Image {
        let withAlpha: PixelLayout = layout.isColor ? .rgba : (overlay.layout.isColor ? .rgba : .grayAlpha)
        return overlay.unpremultiplied().converted(to: depth).converted(to: withAlpha)
    }

    /// `rows` (a band whose first row is row `top` of the base, straight alpha, in the result's
    /// layout and the overlay's depth) with the overlay drawn at each of `origins` (its top-left
    /// corner in base coordinates; parts outside the base are clipped). Rows run on all cores.
    func composite(onto rows: Image, top: Int, origins: [(x: Int, y: Int)], context: TransformContext) throws -> Image {
        var result = rows
        try result.editSamples(
            eight: { try draw(&$0, width: rows.width, height: rows.height, layout: rows.layout, top: top, origins: origins, context: context) },
            sixteen: { try draw(&$0, width: rows.width, height: rows.height, layout: rows.layout, top: top, origins: origins, context: context) })
        return result
    }

    private func draw<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ base: inout [S], width: Int, height: Int, layout: PixelLayout, top: Int, origins: [(x: Int, y: Int)], context: TransformContext
    ) throws {
        guard let source = overlay.storage.samples(of: S.self) else { return }
        let channels = layout.channelCount
        let hasAlpha = layout.hasAlpha
        let colors = hasAlpha ? channels - 1 : channels
        let overlayWidth = overlay.width
        let overlayHeight = overlay.height
        let overlayChannels = overlay.layout.channelCount
        let maximum = Double(S.max)
        let opacity = self.opacity
        let mode = self.mode
        let spans = origins.map { (x: $0.x, y: $0.y, columns: Swift.max($0.x, 0)..<Swift.min($0.x + overlayWidth, width)) }
        try base.withUnsafeMutableBufferPointer { buffer in
            guard let pointer = buffer.baseAddress else { return }
            let output = SendablePointer(pointer)
            try context.concurrentBands(count: height, work: height * width * channels * 4) { band, isCancelled in
                for row in band {
                    if isCancelled() { return }
                    let y = top + row
                    for span in spans where y >= span.y && y < span.y + overlayHeight {
                        for x in span.columns {
                            let s = ((y - span.y) * overlayWidth + (x - span.x)) * overlayChannels
                            let b = output.base + (row * width + x) * channels
                            let alphaS = Double(source[s + overlayChannels - 1]) / maximum * opacity
                            guard alphaS > 0 else { continue }
                            let alphaB = hasAlpha ? Double(b[channels - 1]) / maximum : 1
                            let alphaO = alphaS + alphaB * (1 - alphaS)
                            for c in 0..<colors {
                                let cs = Double(source[s + c]) / maximum
                                let cb = Double(b[c]) / maximum
                                let premultiplied =
                                    cs * alphaS * (1 - alphaB) + cb * alphaB * (1 - alphaS)
                                    + alphaS * alphaB * mode.blend(base: cb, overlay: cs)
                                let straight = alphaO > 0 ? premultiplied / alphaO : 0
                                b[c] = S((Swift.min(Swift.max(straight, 0), 1) * maximum).rounded())
                            }
                            if hasAlpha { b[channels - 1] = S((Swift.min(alphaO, 1) * maximum).rounded()) }
                        }
                    }
                }
            }
        }
    }
}
