extension Image {
    /// This image with its samples converted to `layout`.
    ///
    /// Gray to colour copies the value into R, G and B; colour to gray uses
    /// Rec. 601 luma weights (rounded); adding alpha makes every pixel opaque;
    /// dropping alpha discards it (use a flatten step to composite first).
    public func converted(to layout: PixelLayout) -> Image {
        if layout == self.layout { return self }
        let source = self.layout
        switch storage {
        case .eight(let samples):
            let out = Image.convert(samples, from: source, to: layout, pixels: pixelCount, opaque: 255)
            return Image(width: width, height: height, layout: layout, samples: out, alphaMode: alphaMode, metadata: metadata)
        case .sixteen(let samples):
            let out = Image.convert(samples, from: source, to: layout, pixels: pixelCount, opaque: 65535)
            return Image(width: width, height: height, layout: layout, samples: out, alphaMode: alphaMode, metadata: metadata)
        }
    }

    /// This image at `depth`: 8 → 16 scales by 257 (exact); 16 → 8 rounds to nearest.
    public func converted(to depth: SampleDepth) -> Image {
        if depth == self.depth { return self }
        switch storage {
        case .eight(let samples):
            let out = samples.map { UInt16($0) &* 257 }
            return Image(width: width, height: height, layout: layout, samples: out, alphaMode: alphaMode, metadata: metadata)
        case .sixteen(let samples):
            let out = samples.map { UInt8((UInt32($0) &* 255 &+ 32895) >> 16) }
            return Image(width: width, height: height, layout: layout, samples: out, alphaMode: alphaMode, metadata: metadata)
        }
    }

    /// This image with colour premultiplied by alpha; unchanged when there is no alpha or it already is.
    public func premultiplied() -> Image {
        guard layout.hasAlpha, alphaMode == .straight else { return self }
        var result = self
        result.alphaMode = .premultiplied
        result.storage = Image.mapColor(storage, channels: layout.channelCount) { value, alpha, max in
            (value * alpha + max / 2) / max
        }
        return result
    }

    /// This image with premultiplication undone; unchanged when there is no alpha or it is already straight.
    ///
    /// Fully transparent pixels get colour 0.
    public func unpremultiplied() -> Image {
        guard layout.hasAlpha, alphaMode == .premultiplied else { return self }
        var result = self
        result.alphaMode = .straight
        result.storage = Image.mapColor(storage, channels: layout.channelCount) { value, alpha, max in
            alpha == 0 ? 0 : Swift.min(max, (value * max + alpha / 2) / alpha)
        }
        return result
    }

    private static func mapColor(
        _ storage: PixelStorage, channels: Int,
        _ body: (_ value: Int, _ alpha: Int, _ max: Int) -> Int
    ) -> PixelStorage {
        switch storage {
        case .eight(var samples):
            mapColor(&samples, channels: channels, body)
            return .eight(samples)
        case .sixteen(var samples):
            mapColor(&samples, channels: channels, body)
            return .sixteen(samples)
        }
    }

    /// Applies `body` to the colour samples of every pixel that is not fully opaque.
    private static func mapColor<S: FixedWidthInteger & UnsignedInteger>(
        _ samples: inout [S], channels: Int, _ body: (_ value: Int, _ alpha: Int, _ max: Int) -> Int
    ) {
        let opaque = Int(S.max)
        samples.withUnsafeMutableBufferPointer { buffer in
            var base = 0
            while base < buffer.count {
                let alpha = Int(buffer[base + channels - 1])
                if alpha != opaque {
                    for channel in 0..<(channels - 1) {
                        buffer[base + channel] = S(body(Int(buffer[base + channel]), alpha, opaque))
                    }
                }
                base += channels
            }
        }
    }

    private static func convert<S: FixedWidthInteger & UnsignedInteger>(
        _ samples: [S], from source: PixelLayout, to target: PixelLayout, pixels: Int, opaque: S
    ) -> [S] {
        let sourceChannels = source.channelCount
        let targetChannels = target.channelCount
        return [S](unsafeUninitializedCapacity: pixels * targetChannels) { out, initialized in
            samples.withUnsafeBufferPointer { input in
                for pixel in 0..<pixels {
                    let s = pixel * sourceChannels
                    let t = pixel * targetChannels
                    let alpha = source.hasAlpha ? input[s + sourceChannels - 1] : opaque
                    if target.isColor {
                        if source.isColor {
                            out[t] = input[s]
                            out[t + 1] = input[s + 1]
                            out[t + 2] = input[s + 2]
                        } else {
                            out[t] = input[s]
                            out[t + 1] = input[s]
                            out[t + 2] = input[s]
                        }
                    } else if source.isColor {
                        let luma = (299 * UInt64(input[s]) + 587 * UInt64(input[s + 1]) + 114 * UInt64(input[s + 2]) + 500) / 1000
                        out[t] = S(truncatingIfNeeded: luma)
                    } else {
                        out[t] = input[s]
                    }
                    if target.hasAlpha { out[t + targetChannels - 1] = alpha }
                }
            }
            initialized = pixels * targetChannels
        }
    }
}
