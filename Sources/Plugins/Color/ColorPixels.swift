import NinepipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-pixel engine of the colour steps: every pixel's colour through a function, alpha
/// carried unchanged, 8 and 16 bits, on all cores. Premultiplied input is divided first and
/// multiplied again after.
enum ColorPixels {
    /// Each pixel's colour as linear-light RGB (0…1, sRGB primaries; a gray pixel has three equal
    /// values) through `body`, then encoded into `layout` (a gray layout keeps the first value).
    ///
    /// - Parameter layout: the result's layout; it has alpha exactly when the image has.
    static func mapLinear(
        _ image: Image, to layout: PixelLayout, context: TransformContext,
        _ body: @escaping @Sendable (SIMD3<Float>) -> SIMD3<Float>
    ) throws -> Image {
        precondition(layout.hasAlpha == image.layout.hasAlpha, "the colour steps keep alpha as it is")
        let source = image.unpremultiplied()
        var result: Image
        switch source.storage {
        case .eight(let samples):
            let decode = SRGBTransfer.decode8.map { $0 / 255 }
            let encode = SRGBTransfer.encode8
            let encoded = try map(samples, from: source.layout, to: layout, context: context) { pixel in
                let linear = body(SIMD3(decode[Int(pixel.x)], decode[Int(pixel.y)], decode[Int(pixel.z)]))
                let index = unitClamped(linear) * 65535 + 0.5
                return SIMD3(encode[Int(index.x)], encode[Int(index.y)], encode[Int(index.z)])
            }
            result = Image(width: image.width, height: image.height, layout: layout, samples: encoded, metadata: image.metadata)
        case .sixteen(let samples):
            let decode = SRGBTransfer.decode16.map { $0 / 65535 }
            let encoded = try map(samples, from: source.layout, to: layout, context: context) { pixel in
                let linear = unitClamped(body(SIMD3(decode[Int(pixel.x)], decode[Int(pixel.y)], decode[Int(pixel.z)])))
                return SIMD3(Self.encode(linear.x), Self.encode(linear.y), Self.encode(linear.z)) * 65535
            }
            result = Image(width: image.width, height: image.height, layout: layout, samples: encoded, metadata: image.metadata)
        }
        if image.alphaMode == .premultiplied { result = result.premultiplied() }
        return result
    }

    /// Rec. 709 luminance in linear light of 8-bit colour samples, encoded back to 8 bits: gray
    /// samples (gray+alpha when `layout` has alpha; alpha copied).
    ///
    /// Each channel's share of the luminance comes from a 256-entry table in 16.8 fixed point, so
    /// a pixel is three lookups and two additions; the encoded level is looked up at 1/65535
    /// linear steps and then settled against the exact linear value where each level rounds up,
    /// so it is the correctly rounded level (the steps alone miss by up to 0.03 near black).
    static func luminance(_ samples: [UInt8], layout: PixelLayout, context: TransformContext) throws -> [UInt8] {
        precondition(layout.isColor, "luminance of colour samples")
        let tables = luminanceTables
        let red = tables.red
        let green = tables.green
        let blue = tables.blue
        let encode = tables.encode
        let roundsUp = tables.roundsUp
        let inChannels = layout.channelCount
        let hasAlpha = layout.hasAlpha
        return try PixelLoop.map(samples, channels: inChannels, to: hasAlpha ? 2 : 1, as: UInt8.self, context: context) { p, o in
            let sum = red[Int(p[0])] &+ green[Int(p[1])] &+ blue[Int(p[2])]
            var level = Int(encode[Swift.min(Int((sum &+ 128) >> 8), 65535)])
            if level < 255 && sum >= roundsUp[level] { level += 1 } else if level > 0 && sum < roundsUp[level - 1] { level -= 1 }
            o[0] = UInt8(truncatingIfNeeded: level)
            if hasAlpha { o[1] = p[3] }
        }
    }

    /// The tables of ``luminance(_:layout:context:)``, made once per process (a stream calls it
    /// once per band).
    private static let luminanceTables = LuminanceTables()

    private struct LuminanceTables: Sendable {
        /// Each channel's share of the luminance per 8-bit level, in 16.8 fixed point of 0…65535.
        let red: [UInt32], green: [UInt32], blue: [UInt32]
        /// The 8-bit level of each 1/65535 step of linear light.
        let encode: [UInt8]
        /// roundsUp[k]: the least sum whose level is above k (its linear value encodes to ≥ k + ½).
        let roundsUp: [UInt32]

        init() {
            func share(_ weight: Double) -> [UInt32] {
                (0...255).map { UInt32((weight * SRGBTransfer.linear(Double($0) / 255) * 65535 * 256).rounded()) }
            }
            red = share(0.2126)
            green = share(0.7152)
            blue = share(0.0722)
            encode = (0...65535).map { UInt8((SRGBTransfer.encoded(Double($0) / 65535) * 255).rounded()) }
            roundsUp = (0..<255).map { UInt32((SRGBTransfer.linear((Double($0) + 0.5) / 255) * 65535 * 256).rounded(.up)) }
        }
    }

    /// Every colour sample (not alpha) through `curve`, a function of the sample as a fraction
    /// 0…1 returning one, by a lookup table at the image's depth.
    static func mapSamples(_ image: Image, context: TransformContext, curve: (Double) -> Double) throws -> Image {
        let source = image.unpremultiplied()
        let colors = source.layout.hasAlpha ? source.layout.channelCount - 1 : source.layout.channelCount
        var result = source
        switch source.storage {
        case .eight(let samples):
            let table = (0...255).map { UInt8((curve(Double($0) / 255).clamped * 255).rounded()) }
            result.replaceStorage(.eight(try lookUp(samples, channels: source.layout.channelCount, colors: colors, table: table, context: context)))
        case .sixteen(let samples):
            let table = (0...65535).map { UInt16((curve(Double($0) / 65535).clamped * 65535).rounded()) }
            result.replaceStorage(.sixteen(try lookUp(samples, channels: source.layout.channelCount, colors: colors, table: table, context: context)))
        }
        return image.alphaMode == .premultiplied ? result.premultiplied() : result
    }

    /// Each value kept within 0…1 (NaN becomes 0), written out so it inlines in the pixel loops.
    @inline(__always)
    private static func unitClamped(_ value: SIMD3<Float>) -> SIMD3<Float> {
        func unit(_ v: Float) -> Float { v > 0 ? (v < 1 ? v : 1) : 0 }
        return SIMD3(unit(value.x), unit(value.y), unit(value.z))
    }

    /// Linear (0…1) → sRGB-encoded (0…1), for 16-bit results.
    @inline(__always)
    private static func encode(_ linear: Float) -> Float {
        linear <= 0.0031308 ? linear * 12.92 : 1.055 * powf(linear, 1 / 2.4) - 0.055
    }

    /// Samples of `layout` → samples of `output`: each pixel's three colour values (a gray value
    /// repeated) through `body`, which returns values at the depth's scale; alpha copied.
    private static func map<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ samples: [S], from layout: PixelLayout, to output: PixelLayout, context: TransformContext,
        _ body: @escaping @Sendable (SIMD3<S>) -> SIMD3<Float>
    ) throws -> [S] {
        let inChannels = layout.channelCount
        let outChannels = output.channelCount
        let hasAlpha = layout.hasAlpha
        let inColor = layout.isColor
        let outColor = output.isColor
        return try PixelLoop.map(samples, channels: inChannels, to: outChannels, as: S.self, context: context) { p, o in
            let mapped = body(inColor ? SIMD3(p[0], p[1], p[2]) : SIMD3(repeating: p[0]))
            o[0] = S(truncatingIfNeeded: Int32(mapped.x + 0.5))
            if outColor {
                o[1] = S(truncatingIfNeeded: Int32(mapped.y + 0.5))
                o[2] = S(truncatingIfNeeded: Int32(mapped.z + 0.5))
            }
            if hasAlpha { o[outChannels - 1] = p[inChannels - 1] }
        }
    }

    /// Colour samples replaced through `table`; alpha kept.
    private static func lookUp<S: FixedWidthInteger & UnsignedInteger & Sendable>(
        _ samples: [S], channels: Int, colors: Int, table: [S], context: TransformContext
    ) throws -> [S] {
        var result = samples
        try PixelLoop.update(&result, channels: channels, context: context) { p, _ in
            for c in 0..<colors { p[c] = table[Int(p[c])] }
        }
        return result
    }
}

extension Double {
    /// The value kept within 0…1.
    fileprivate var clamped: Double { Swift.min(Swift.max(self, 0), 1) }
}
