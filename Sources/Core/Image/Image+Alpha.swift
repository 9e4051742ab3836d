extension Image {
    /// This image composited over an opaque `background`, without an alpha channel.
    ///
    /// Works at the image's depth (16-bit stays 16-bit); the background's own alpha is
    /// ignored. A gray image on a coloured background becomes RGB. Images without alpha are
    /// returned unchanged.
    public func flattened(onto background: Color) -> Image {
        guard layout.hasAlpha else { return self }
        let source = unpremultiplied()
        let layout = source.layout.withoutAlpha.accommodating(Color(red: background.red, green: background.green, blue: background.blue))
        let colored = source.converted(to: layout.withAlpha)
        let channels = colored.layout.channelCount
        let back = background.samples(for: layout, depth: depth)
        func composite<S: FixedWidthInteger & UnsignedInteger>(_ samples: [S]) -> [S] {
            let max = UInt64(S.max)
            let pixels = samples.count / channels
            return [S](unsafeUninitializedCapacity: pixels * (channels - 1)) { out, initialized in
                for p in 0..<pixels {
                    let a = UInt64(samples[p * channels + channels - 1])
                    for c in 0..<(channels - 1) {
                        let value = UInt64(samples[p * channels + c]) * a + UInt64(back[c]) * (max - a)
                        out[p * (channels - 1) + c] = S((value + max / 2) / max)
                    }
                }
                initialized = pixels * (channels - 1)
            }
        }
        let storage: PixelStorage
        switch colored.storage {
        case .eight(let samples): storage = .eight(composite(samples))
        case .sixteen(let samples): storage = .sixteen(composite(samples))
        }
        return Image(width: width, height: height, layout: layout, storage: storage, metadata: metadata)
    }

    /// The number of pixels that are not fully opaque (0 without an alpha channel).
    public var transparentPixelCount: Int { transparentPixels(upTo: .max) }

    /// The number of pixels that are not fully opaque, counting no further than `limit`.
    func transparentPixels(upTo limit: Int) -> Int {
        guard layout.hasAlpha else { return 0 }
        let channels = layout.channelCount
        func count<S: FixedWidthInteger>(_ samples: [S]) -> Int {
            var total = 0
            var index = channels - 1
            while index < samples.count {
                if samples[index] != S.max {
                    total += 1
                    if total >= limit { break }
                }
                index += channels
            }
            return total
        }
        switch storage {
        case .eight(let samples): return count(samples)
        case .sixteen(let samples): return count(samples)
        }
    }
}
